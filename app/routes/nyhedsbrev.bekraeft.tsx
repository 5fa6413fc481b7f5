import { data, Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { confirmationWaits, confirmSubscription } from "~/features/newsletter/subscription.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/nyhedsbrev.bekraeft";
import { privatePageMeta, secretLinkHeaders } from "~/lib/private-page";

const wellFormed = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token);

/**
 * The double opt-in's link. Opening it only asks: mail scanners and link previews open links too, and must not
 * sign anyone up. The page's button confirms.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const waits = wellFormed(params.token) && (await confirmationWaits(collaborators().db, params.token));
  return data(
    { state: waits ? ("ask" as const) : ("unknown" as const) },
    { status: waits ? 200 : 404, headers: secretLinkHeaders },
  );
}

export async function action({ params }: Route.ActionArgs) {
  const confirmed = wellFormed(params.token) && (await confirmSubscription(collaborators().db, params.token));
  return confirmed
    ? data({ state: "confirmed" as const }, { headers: secretLinkHeaders })
    : data({ state: "unknown" as const }, { status: 404, headers: secretLinkHeaders });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  privatePageMeta(loaderData?.state === "unknown" ? "Linket virker ikke" : "Bekræft din tilmelding til nyhedsbrevet");

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Nyhedsbrev</p>
      {state === "ask" ? (
        <>
          <h1 className="mt-3 font-display text-4xl font-bold tracking-tight">Bekræft din tilmelding</h1>
          <p className="mt-4 text-lg text-muted">
            Tryk på knappen for at få nyhedsbrevet med nye koncerter og nyheder. Du kan altid afmelde dig med ét klik
            nederst i hvert brev.
          </p>
          <Form method="post" className="mt-8">
            <button type="submit" className={buttonStyles.primary}>
              Ja, tilmeld mig
            </button>
          </Form>
        </>
      ) : state === "confirmed" ? (
        <>
          <h1 className="mt-3 font-display text-4xl font-bold tracking-tight">Du er nu tilmeldt</h1>
          <p role="status" className="mt-4 text-lg text-muted">
            Du er nu tilmeldt nyhedsbrevet. Du hører fra os, når der er nye koncerter og nyheder. Vil du ikke have det
            mere, afmelder du dig med ét klik nederst i hvert brev.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/koncerter" className={buttonStyles.primary}>
              Se koncerterne
            </Link>
            <Link to="/nyhedsbrev/arkiv" className={buttonStyles.secondary}>
              Læs tidligere nyhedsbreve
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1 className="mt-3 font-display text-4xl font-bold tracking-tight">Linket virker ikke</h1>
          <p className="mt-4 text-lg text-muted">
            Linket er allerede brugt, for gammelt eller ikke helt rigtigt. Har du bekræftet før, er du allerede
            tilmeldt. Ellers kan du tilmelde dig igen; så sender vi et nyt link.
          </p>
          <Link to="/nyhedsbrev" className={`${buttonStyles.primary} mt-8`}>
            Tilmeld dig nyhedsbrevet
          </Link>
        </>
      )}
    </section>
  );
}
