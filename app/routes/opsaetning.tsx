import { data, Form, Link, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { FormError } from "~/components/ui/field";
import { authErrorMessage } from "~/features/accounts/auth-errors";
import { AccountPage, NewAccountFields, SubmitButton } from "~/features/accounts/components/forms";
import { signUpSchema } from "~/features/accounts/schemas";
import { callAuth, getSessionUser, withCookies } from "~/features/accounts/session.server";
import { claimSite, setupLinkState } from "~/features/accounts/site-claim.server";
import { adminHome } from "~/features/site/navigation";
import { redirectWithToast } from "~/features/toast/flash.server";
import { successToast } from "~/features/toast/toast";
import { answer, parseSubmission, typedValues } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/opsaetning";

export const meta = () => privatePageMeta("Opsætning");

/** A used link answers 410 (Gone), a token we never gave out 404; neither page is kept by any cache. */
const statusOf = { open: 200, claimed: 410, unknown: 404 } as const;
const noStore = { "Cache-Control": "private, no-store" };
const claimedMessage =
  "Der er allerede en administrator, så opsætningslinket er brugt og virker ikke længere. Er det dig, så log ind.";
const unknownMessage =
  "Linket er ikke et opsætningslink fra denne server. Tjek, at du har kopieret hele linket fra serverens udskrift.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const [state, user] = await Promise.all([setupLinkState(db, params.token), getSessionUser(auth, request)]);
  return data({ state, isAdmin: user?.isAdmin ?? false }, { status: statusOf[state], headers: noStore });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  const formData = await readFormData(request);
  const submission = parseSubmission(formData, signUpSchema);
  if (!submission.ok) return answer(submission.answer, 400);
  const { name, email, password } = submission.value;
  const claimed = await claimSite({ db, auth }, params.token, { name, email, password });
  const values = typedValues(formData);
  if (!claimed.ok) {
    switch (claimed.reason) {
      case "claimed":
        return answer({ values, formError: claimedMessage }, statusOf.claimed);
      case "unknown":
        return answer({ values, formError: unknownMessage }, statusOf.unknown);
      case "email-taken":
        return answer({ values, fieldErrors: { email: ["Der findes allerede en konto med den e-mail."] } }, 400);
      case "refused":
        if (claimed.code === "PASSWORD_NOT_ALLOWED")
          return answer({ values, fieldErrors: { password: [claimed.message] } }, 400);
        if (claimed.code === "NAME_NOT_ALLOWED")
          return answer({ values, fieldErrors: { name: [claimed.message] } }, 400);
        return answer({ values, formError: authErrorMessage(400, claimed.code) }, 400);
    }
  }
  // Signed in through better-auth's own endpoint, as on the login page; the account is verified already.
  const signedIn = await callAuth(auth, request, context, "/sign-in/email", { email, password });
  if (!signedIn.ok) {
    return redirectWithToast("/login", successToast("Du er administrator", "Log ind med din nye konto."));
  }
  return redirectWithToast(
    adminHome,
    successToast("Velkommen, du er administrator", "Menuen har nu en Administration-del."),
    withCookies(signedIn.setCookies),
  );
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  if (loaderData.state !== "open") {
    const claimed = loaderData.state === "claimed";
    return (
      <AccountPage title={claimed ? "Siden er allerede sat op" : "Linket virker ikke"} className="pb-16">
        <p className="mt-4 text-lg text-muted">{claimed ? claimedMessage : unknownMessage}</p>
        <Link to={loaderData.isAdmin ? adminHome : "/login"} className={`${buttonStyles.primary} mt-8`}>
          {loaderData.isAdmin ? "Til administrationen" : "Log ind"}
        </Link>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Velkommen til din nye hjemmeside" className="pb-16">
      <p className="mt-4 text-lg text-muted">
        Opret den første administrator. Med den konto retter du siderne, lægger koncerter, billeder og musik ind og
        styrer reservationerne. Linket virker kun, indtil kontoen er oprettet.
      </p>
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <FormError message={actionData?.formError} />
        <NewAccountFields answer={actionData} />
        <SubmitButton busy={saving} label="Opret administrator" busyLabel="Opretter …" className="justify-self-start" />
      </Form>
    </AccountPage>
  );
}
