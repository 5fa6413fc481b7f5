import { data, Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { subscriptionByUnsubscribeToken, unsubscribe } from "~/features/newsletter/subscription.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/nyhedsbrev.afmeld";
import { privatePageMeta, secretLinkHeaders } from "~/lib/private-page";

const wellFormed = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token);

/** "m…@example.dk": enough for the owner to know the address, too little for anyone the link reaches by mistake. */
function masked(email: string) {
  const at = email.lastIndexOf("@");
  return at > 0 ? `${email[0]}…${email.slice(at)}` : "…";
}

/**
 * The unsubscribe link's page. Opening it changes nothing, as mail scanners open links to look at them; the
 * button posts to the same address.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const subscription = wellFormed(params.token)
    ? await subscriptionByUnsubscribeToken(collaborators().db, params.token)
    : null;
  if (!subscription) return data({ found: false as const }, { status: 404, headers: secretLinkHeaders });
  return data(
    {
      found: true as const,
      email: masked(subscription.email),
      off: subscription.status === "unsubscribed" || subscription.status === "bouncing",
    },
    { headers: secretLinkHeaders },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/**
 * The button, and the mail client's own "Afmeld" (RFC 8058: a POST of `List-Unsubscribe=One-Click`, without
 * cookies or Origin). The token is all it takes, so the body is not read.
 */
export async function action({ params }: Route.ActionArgs) {
  const left = wellFormed(params.token) && (await unsubscribe(collaborators().db, params.token));
  return data({ left }, { status: left ? 200 : 404, headers: secretLinkHeaders });
}

export const meta = () => privatePageMeta("Afmeld nyhedsbrevet");

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const off = actionData?.left || (loaderData.found && loaderData.off);
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Nyhedsbrev</p>
      {!loaderData.found ? (
        <>
          <h1 className="mt-3 font-display text-4xl font-bold tracking-tight">Linket virker ikke</h1>
          <p className="mt-4 text-lg text-muted">
            Vi kender ikke dette afmeldingslink. Blev adressen afmeldt for mere end 30 dage siden, er den slettet, og du
            får ingen breve fra os. Ellers kan du bruge linket nederst i det seneste brev, du har fået.
          </p>
        </>
      ) : off ? (
        <>
          <h1 className="mt-3 font-display text-4xl font-bold tracking-tight">Du er afmeldt</h1>
          <p role="status" className="mt-4 text-lg text-muted">
            Du er afmeldt nyhedsbrevet, og {loaderData.email} får ikke flere breve fra os. Vil du have det igen, kan du
            tilmelde dig på ny; så skal du bekræfte din adresse en gang til.
          </p>
          <Link to="/nyhedsbrev" className={`${buttonStyles.secondary} mt-8`}>
            Til nyhedsbrevet
          </Link>
        </>
      ) : (
        <>
          <h1 className="mt-3 font-display text-4xl font-bold tracking-tight">Afmeld nyhedsbrevet</h1>
          <p className="mt-4 text-lg text-muted">
            Vil du ikke længere have nyhedsbrevet på {loaderData.email}? Tryk på knappen, så er du afmeldt med det
            samme. Du behøver ikke logge ind.
          </p>
          <Form method="post" className="mt-8">
            <button type="submit" className={buttonStyles.primary}>
              Afmeld nyhedsbrevet
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
