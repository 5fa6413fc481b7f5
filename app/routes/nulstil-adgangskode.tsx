import { Form, Link, redirect, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { FormError } from "~/components/ui/field";
import { resetPasswordSchema } from "~/features/accounts/schemas";
import { callAuth } from "~/features/accounts/session.server";
import { answer, parseSubmission } from "~/lib/form";
import { AccountPage, NewPasswordField, SubmitButton } from "~/features/accounts/components/forms";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/nulstil-adgangskode";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Vælg ny adgangskode");

/** better-auth sends the link here with ?token=…, or with ?error=INVALID_TOKEN when it is expired or used. */
export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  return { token: url.searchParams.get("error") ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = collaborators();
  const submission = parseSubmission(await readFormData(request), resetPasswordSchema);
  if (!submission.ok) return answer(submission.answer, 400);
  const result = await callAuth(auth, request, context, "/reset-password", {
    token: submission.value.token,
    newPassword: submission.value.password,
  });
  if (!result.ok) return answer({ formError: "Linket er udløbet eller allerede brugt. Bed om et nyt." }, 400);
  throw redirect("/login?nulstillet=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  if (!loaderData.token) {
    return (
      <AccountPage title="Linket virker ikke">
        <p className="mt-4 text-lg text-muted">Linket er udløbet eller allerede brugt.</p>
        <Link to="/glemt-adgangskode" className={`${buttonStyles.primary} mt-8`}>
          Bed om et nyt link
        </Link>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Vælg ny adgangskode">
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <FormError message={actionData?.formError} />
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordField label="Ny adgangskode" name="password" errors={actionData?.fieldErrors?.password} />
        <SubmitButton busy={saving} label="Gem ny adgangskode" busyLabel="Gemmer …" />
      </Form>
    </AccountPage>
  );
}
