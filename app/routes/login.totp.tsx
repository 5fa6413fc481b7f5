import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Field, FormError } from "~/components/ui/field";
import { authErrorMessage } from "~/features/accounts/auth-errors";
import { AccountPage, CodeField, SubmitButton } from "~/features/accounts/components/forms";
import { totpCodeSchema } from "~/features/accounts/schemas";
import { callAuth, withCookies } from "~/features/accounts/session.server";
import { answer, parseSubmission } from "~/lib/form";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/login.totp";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Totrinsbekræftelse");

export function loader({ url }: Route.LoaderArgs) {
  return { redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")) };
}

const secondFactorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("totp"), code: totpCodeSchema, redirectTo: z.string().optional() }),
  z.object({
    intent: z.literal("backup"),
    code: z.string().trim().min(1, "Feltet skal udfyldes"),
    redirectTo: z.string().optional(),
  }),
]);

/** The second step of signing in, for accounts with two-factor authentication (better-auth's two-factor cookie). */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = collaborators();
  const submission = parseSubmission(await readFormData(request), secondFactorSchema);
  if (!submission.ok) return answer(submission.answer, 400);
  const { intent, code, redirectTo } = submission.value;
  const endpoint = intent === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  const result = await callAuth(auth, request, context, endpoint, { code });
  if (!result.ok) return answer({ formError: authErrorMessage(result.status, result.code ?? "INVALID_CODE") }, 400);
  throw redirect(safeRedirectPath(redirectTo), { headers: withCookies(result.setCookies) });
}

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [useBackupCode, setUseBackupCode] = useState(false);
  return (
    <AccountPage title="Totrinsbekræftelse">
      <p className="mt-3 text-muted">
        {useBackupCode
          ? "Skriv en af dine backup-koder. Hver kode virker én gang."
          : "Skriv koden på 6 cifre fra din godkendelses-app."}
      </p>
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <FormError message={actionData?.formError} />
        <input type="hidden" name="intent" value={useBackupCode ? "backup" : "totp"} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {useBackupCode ? (
          <Field
            key="backup"
            label="Backup-kode"
            name="code"
            autoComplete="off"
            required
            errors={actionData?.fieldErrors?.code}
          />
        ) : (
          <CodeField key="totp" label="Kode" name="code" errors={actionData?.fieldErrors?.code} />
        )}
        <SubmitButton busy={busy} label="Log ind" busyLabel="Logger ind …" />
      </Form>
      <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <button
          type="button"
          onClick={() => setUseBackupCode(!useBackupCode)}
          className="font-medium underline underline-offset-2"
        >
          {useBackupCode ? "Brug koden fra din app" : "Brug en backup-kode i stedet"}
        </button>
        <Link to="/login" className="underline underline-offset-2">
          Log ind forfra
        </Link>
      </div>
    </AccountPage>
  );
}
