import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { FormError } from "~/components/ui/field";
import { authErrorMessage } from "~/features/accounts/auth-errors";
import { requestSignInCodeSchema, signInWithCodeSchema } from "~/features/accounts/schemas";
import { callAuth, getSessionUser, withCookies } from "~/features/accounts/session.server";
import { answer, parseSubmission, type ActionAnswer } from "~/lib/form";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { AccountPage, CodeField, EmailField, SubmitButton } from "~/features/accounts/components/forms";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/login.kode";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Log ind med en kode");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { auth } = collaborators();
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getSessionUser(auth, request)) throw redirect(redirectTo);
  return { redirectTo };
}

const codeForms = z.discriminatedUnion("intent", [
  requestSignInCodeSchema.safeExtend({ intent: z.literal("send") }),
  signInWithCodeSchema.safeExtend({ intent: z.literal("verify") }),
]);

/** An answer about the "verify" form carries the address the code went to. */
type CodeAnswer = ActionAnswer & { email?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = collaborators();
  const formData = await readFormData(request);
  const submission = parseSubmission(formData, codeForms);
  if (!submission.ok) return answer<CodeAnswer>({ ...submission.answer, email: submission.answer.values?.email }, 400);
  const form = submission.value;

  if (form.intent === "send") {
    const result = await callAuth(auth, request, context, "/email-otp/send-verification-otp", {
      email: form.email,
      type: "sign-in",
    });
    if (!result.ok) {
      return answer({ intent: "send", formError: authErrorMessage(result.status, result.code) }, result.status);
    }
    return answer<CodeAnswer>({ intent: "verify", email: form.email });
  }

  const result = await callAuth(auth, request, context, "/sign-in/email-otp", { email: form.email, otp: form.otp });
  if (!result.ok) {
    return answer<CodeAnswer>(
      { intent: "verify", email: form.email, formError: authErrorMessage(result.status, result.code ?? "INVALID_OTP") },
      result.status === 429 ? 429 : 400,
    );
  }
  throw redirect(safeRedirectPath(form.redirectTo), { headers: withCookies(result.setCookies) });
}

export default function SignInWithCode({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<CodeAnswer>();
  const busy = useNavigation().state === "submitting";
  const verifying = actionData?.intent === "verify";
  return (
    <AccountPage title="Log ind med en kode">
      {verifying ? (
        <p role="status" className="mt-3 text-muted">
          Hvis {actionData.email} har en konto, har vi sendt en kode på 6 cifre dertil. Koden virker i 5 minutter.
        </p>
      ) : (
        <p className="mt-3 text-muted">
          Vi sender en engangskode til din e-mail, så du kan logge ind uden adgangskode.
        </p>
      )}
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <FormError message={actionData?.formError} />
        <input type="hidden" name="intent" value={verifying ? "verify" : "send"} />
        {verifying ? (
          <>
            <input type="hidden" name="email" value={actionData.email} />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <CodeField label="Kode" name="otp" pattern="[0-9]{6}" errors={actionData.fieldErrors?.otp} />
          </>
        ) : (
          <EmailField answer={actionData} />
        )}
        <SubmitButton
          busy={busy}
          label={verifying ? "Log ind" : "Send kode"}
          busyLabel={verifying ? "Logger ind …" : "Sender …"}
        />
      </Form>
      <p className="mt-6 text-sm">
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: loaderData.redirectTo })}`}
          className="underline underline-offset-2"
        >
          Log ind med adgangskode i stedet
        </Link>
      </p>
    </AccountPage>
  );
}
