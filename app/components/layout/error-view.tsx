import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button-link";

function ErrorLayout({ status, title, children }: { status: number; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Fejl {status}</p>
      <h1 className="mt-3 font-display text-4xl font-bold sm:text-5xl">{title}</h1>
      {children}
    </section>
  );
}

export function NotFoundView({ path }: { path: string }) {
  return (
    <ErrorLayout status={404} title="Siden blev ikke fundet">
      <p className="mt-6 text-lg text-muted">
        Siden blev ikke fundet: <code className="rounded bg-surface-sunken px-1.5 py-0.5 text-ink">{path}</code>
      </p>
      <p className="mt-2 text-muted">Måske er den flyttet, eller også er adressen stavet forkert.</p>
      <ButtonLink to="/" className="mt-10">
        Til forsiden
      </ButtonLink>
    </ErrorLayout>
  );
}

export function ForbiddenView() {
  return (
    <ErrorLayout status={403} title="Ingen adgang">
      <p className="mt-6 text-lg text-muted">Siden er kun for sidens administratorer.</p>
      <ButtonLink to="/" className="mt-10">
        Til forsiden
      </ButtonLink>
    </ErrorLayout>
  );
}

/** Any other refused request (400, 405, 413 …): the page says what the status says. */
/** `message`: the server's own Danish reason, when it gave one (an unreadable or too large form). */
export function ClientErrorView({ status, message }: { status: number; message?: string }) {
  return (
    <ErrorLayout status={status} title="Forespørgslen kunne ikke gennemføres">
      <p className="mt-6 text-lg text-muted">
        {message ?? "Siden kunne ikke vise det, du bad om."} Gå tilbage, og prøv igen.
      </p>
      <ButtonLink to="/" className="mt-10">
        Til forsiden
      </ButtonLink>
    </ErrorLayout>
  );
}

export function ServerErrorView({ requestId }: { requestId: string }) {
  return (
    <ErrorLayout status={500} title="Der opstod en fejl">
      <p className="mt-6 text-lg text-muted">
        Beklager, noget gik galt hos os. Prøv igen om lidt, og kontakt os, hvis fejlen bliver ved.
      </p>
      {requestId && (
        <p className="mt-4 text-sm text-muted">
          Fejl-id:{" "}
          <code data-request-id="" className="rounded bg-surface-sunken px-1.5 py-0.5 text-ink">
            {requestId}
          </code>
        </p>
      )}
      {/* A full load: whatever broke in this document should not come along. */}
      <ButtonLink to="/" reloadDocument className="mt-10">
        Til forsiden
      </ButtonLink>
    </ErrorLayout>
  );
}
