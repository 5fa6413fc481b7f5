import { Form, Link, useActionData, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { FormError } from "~/components/ui/field";
import { authErrorMessage } from "~/features/accounts/auth-errors";
import { requestPasswordResetSchema } from "~/features/accounts/schemas";
import { callAuth } from "~/features/accounts/session.server";
import { answer, parseSubmission, type ActionAnswer } from "~/lib/form";
import { AccountPage, EmailField, SubmitButton } from "~/features/accounts/components/forms";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/glemt-adgangskode";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Glemt adgangskode");

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = collaborators();
  const submission = parseSubmission(await readFormData(request), requestPasswordResetSchema);
  if (!submission.ok) return answer(submission.answer, 400);
  const { email } = submission.value;
  const result = await callAuth(auth, request, context, "/request-password-reset", {
    email,
    redirectTo: "/nulstil-adgangskode",
  });
  if (result.status === 429) return answer({ formError: authErrorMessage(429, result.code), values: { email } }, 429);
  // The same answer whether or not the e-mail has an account.
  return answer<SentAnswer>({ sentTo: email });
}

type SentAnswer = ActionAnswer & { sentTo?: string };

export default function ForgotPassword() {
  const actionData = useActionData<SentAnswer>();
  const sending = useNavigation().state === "submitting";
  if (actionData?.sentTo) {
    return (
      <AccountPage title="Tjek din e-mail">
        <p role="status" className="mt-4 text-lg text-muted">
          Hvis der findes en konto med {actionData.sentTo}, har vi sendt et link, så du kan vælge en ny adgangskode.
          Linket virker i en time.
        </p>
        <Link to="/login" className={`${buttonStyles.secondary} mt-8`}>
          Tilbage til log ind
        </Link>
      </AccountPage>
    );
  }
  return (
    <AccountPage title="Glemt adgangskode?">
      <p className="mt-3 text-muted">
        Skriv din e-mailadresse, så sender vi et link, hvor du kan vælge en ny adgangskode.
      </p>
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <FormError message={actionData?.formError} />
        <EmailField answer={actionData} />
        <SubmitButton busy={sending} label="Send link" busyLabel="Sender …" />
      </Form>
    </AccountPage>
  );
}
