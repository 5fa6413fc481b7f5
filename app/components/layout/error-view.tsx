import { isRouteErrorResponse, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";

/** The status an error page shows: a refusal's own (400, 403, 404, 405, 413 …), else 500. */
export function errorStatus(error: unknown) {
  return isRouteErrorResponse(error) && error.status < 500 ? error.status : 500;
}

/** The error page's heading, which the document's title repeats. */
export function errorTitle(status: number) {
  if (status === 404) return "Siden blev ikke fundet";
  if (status === 403) return "Ingen adgang";
  return status < 500 ? "Forespørgslen kunne ikke gennemføres" : "Der opstod en fejl";
}

/** The server's own Danish reason for a refusal, when it gave one (an unreadable or too large form). */
function reasonOf(error: unknown) {
  const data: unknown = isRouteErrorResponse(error) ? error.data : undefined;
  return typeof data === "object" && data !== null && "error" in data && typeof data.error === "string"
    ? data.error
    : undefined;
}

/** The page for an error at `path`: what its status says, and the request's id when the server failed. */
export function ErrorView({ error, path, requestId }: { error: unknown; path: string; requestId: string }) {
  const status = errorStatus(error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Fejl {status}</p>
      <h1 className="mt-3 font-display text-4xl font-bold sm:text-5xl">{errorTitle(status)}</h1>
      {status === 404 ? (
        <>
          <p className="mt-6 text-lg text-muted">
            Siden blev ikke fundet: <code className="rounded bg-surface-sunken px-1.5 py-0.5 text-ink">{path}</code>
          </p>
          <p className="mt-2 text-muted">Måske er den flyttet, eller også er adressen stavet forkert.</p>
        </>
      ) : status === 403 ? (
        <p className="mt-6 text-lg text-muted">Siden er kun for sidens administratorer.</p>
      ) : status < 500 ? (
        <p className="mt-6 text-lg text-muted">
          {reasonOf(error) ?? "Siden kunne ikke vise det, du bad om."} Gå tilbage, og prøv igen.
        </p>
      ) : (
        <>
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
        </>
      )}
      {/* After a server error, a full load: whatever broke in this document should not come along. */}
      <Link to="/" reloadDocument={status === 500} className={`${buttonStyles.primary} mt-10`}>
        Til forsiden
      </Link>
    </section>
  );
}
