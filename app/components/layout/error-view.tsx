import { ButtonLink } from "~/components/ui/button-link";

export function NotFoundView({ path }: { path: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Fejl 404</p>
      <h1 className="mt-3 font-display text-4xl font-bold sm:text-5xl">Siden blev ikke fundet</h1>
      <p className="mt-6 text-lg text-muted">
        Siden blev ikke fundet: <code className="rounded bg-surface-sunken px-1.5 py-0.5 text-ink">{path}</code>
      </p>
      <p className="mt-2 text-muted">Måske er den flyttet, eller også er adressen stavet forkert.</p>
      <ButtonLink to="/" className="mt-10">
        Til forsiden
      </ButtonLink>
    </section>
  );
}

export function ServerErrorView({ requestId }: { requestId: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Fejl 500</p>
      <h1 className="mt-3 font-display text-4xl font-bold sm:text-5xl">Der opstod en fejl</h1>
      <p className="mt-6 text-lg text-muted">
        Beklager, noget gik galt hos os. Prøv igen om lidt, og kontakt os, hvis fejlen bliver ved.
      </p>
      {requestId && (
        <p className="mt-4 text-sm text-muted">
          Fejl-id: <code data-request-id="" className="rounded bg-surface-sunken px-1.5 py-0.5 text-ink">{requestId}</code>
        </p>
      )}
      <ButtonLink to="/" reloadDocument className="mt-10">
        Til forsiden
      </ButtonLink>
    </section>
  );
}
