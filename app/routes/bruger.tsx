import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { Field, FormError } from "~/components/ui/field";
import { authErrorMessage } from "~/features/accounts/auth-errors";
import { getProfile } from "~/features/accounts/profile.server";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  formatDanishPhone,
  required,
  totpCodeSchema,
} from "~/features/accounts/schemas";
import { callAuth, requireUser, withCookies } from "~/features/accounts/session.server";
import { formatDateTime } from "~/lib/format";
import { answer, parseSubmission, type ActionAnswer } from "~/lib/form";
import {
  AccountSection,
  CurrentPasswordField,
  DoneLine,
  NewPasswordField,
  SubmitButton,
} from "~/features/accounts/components/forms";
import { TwoFactorSection, type TwoFactorSetup } from "~/features/accounts/components/two-factor-section";
import { twoFactorSetup } from "~/features/accounts/two-factor.server";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/bruger";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Mine oplysninger");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const user = await requireUser(auth, request, url);
  const profile = await getProfile(db, user.id);
  return {
    twoFactorEnabled: user.twoFactorEnabled,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    address: profile?.address ?? null,
    phone: profile?.phone ? formatDanishPhone(profile.phone) : null,
    lastLogin: profile ? formatDateTime(profile.lastLoginAt) : null,
    avatarUrl: profile?.avatarUrl ?? null,
  };
}

/** Besides the one answer shape: a line that replaces a form once it is done, and the second factor's setup. */
type DetailsAnswer = ActionAnswer & { done?: string; setup?: TwoFactorSetup };

const passwordOnly = z.object({ password: required() });
const detailsForms = z.discriminatedUnion("intent", [
  changePasswordSchema.safeExtend({ intent: z.literal("change-password") }),
  changeEmailSchema.safeExtend({ intent: z.literal("change-email") }),
  deleteAccountSchema.safeExtend({ intent: z.literal("delete-account") }),
  passwordOnly.safeExtend({ intent: z.literal("enable-2fa") }),
  passwordOnly.safeExtend({ intent: z.literal("disable-2fa") }),
  z.object({
    intent: z.literal("confirm-2fa"),
    code: totpCodeSchema,
    totpURI: z.string().startsWith("otpauth://totp/"),
  }),
]);
type Intent = z.infer<typeof detailsForms>["intent"];

type AuthResult = Awaited<ReturnType<typeof callAuth>>;

/** better-auth's refusal of an action that asks for the password, shown by the password field. */
function passwordRefused(result: AuthResult) {
  return result.code === "INVALID_PASSWORD" ? "Adgangskoden er forkert." : authErrorMessage(result.status, result.code);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { auth } = collaborators();
  await requireUser(auth, request, url);
  const submission = parseSubmission(await readFormData(request), detailsForms);
  if (!submission.ok) return answer(submission.answer, 400);
  const form = submission.value;
  const { intent } = form;
  const call = (endpoint: string, body: Record<string, unknown>) => callAuth(auth, request, context, endpoint, body);
  const done = (text: string, result: AuthResult) =>
    answer<DetailsAnswer>({ intent, done: text }, { headers: withCookies(result.setCookies) });

  switch (form.intent) {
    case "enable-2fa":
    case "disable-2fa": {
      const endpoint = form.intent === "enable-2fa" ? "/two-factor/enable" : "/two-factor/disable";
      const result = await call(endpoint, { password: form.password });
      if (!result.ok) return answer({ intent, fieldErrors: { password: [passwordRefused(result)] } }, 400);
      if (form.intent === "disable-2fa") return done("Totrinsbekræftelse er slået fra.", result);
      const { totpURI, backupCodes } = result.payload as { totpURI: string; backupCodes: string[] };
      return answer<DetailsAnswer>({ intent: "confirm-2fa", setup: await twoFactorSetup(totpURI, backupCodes) });
    }
    case "confirm-2fa": {
      const result = await call("/two-factor/verify-totp", { code: form.code });
      if (!result.ok) {
        const fieldErrors = { code: ["Koden er forkert. Prøv den næste kode fra appen."] };
        return answer<DetailsAnswer>({ intent, setup: await twoFactorSetup(form.totpURI), fieldErrors }, 400);
      }
      return done("Totrinsbekræftelse er slået til. Næste gang du logger ind, beder vi om en kode fra appen.", result);
    }
    case "change-password": {
      const { currentPassword, newPassword } = form;
      const result = await call("/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
      if (result.ok) return done("Din adgangskode er ændret, og du er logget ud alle andre steder.", result);
      return answer({ intent, fieldErrors: { currentPassword: [passwordRefused(result)] } }, 400);
    }
    case "change-email": {
      const result = await call("/change-email", { newEmail: form.newEmail, callbackURL: "/bruger" });
      // The same answer whether or not the address is taken, so the form cannot be used to look up accounts.
      const taken = result.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || result.code === "USER_ALREADY_EXISTS";
      if (!result.ok && !taken) return answer({ intent, formError: authErrorMessage(result.status, result.code) }, 400);
      return answer<DetailsAnswer>({
        intent,
        done: `Vi har sendt et link til ${form.newEmail}. Din e-mail skifter, når du åbner det.`,
      });
    }
    case "delete-account": {
      const result = await call("/delete-user", { password: form.password });
      if (!result.ok) return answer({ intent, fieldErrors: { password: [passwordRefused(result)] } }, 400);
      throw redirect("/?konto=slettet", { headers: withCookies(result.setCookies) });
    }
  }
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-1 border-b border-border py-4 sm:grid-cols-3">
      <dt className="font-semibold">{label}</dt>
      <dd className="text-muted sm:col-span-2">{value ?? <span className="italic">Ikke udfyldt</span>}</dd>
    </div>
  );
}

export default function MyDetails({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<DetailsAnswer>();
  const { name, email, emailVerified, address, phone, lastLogin } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const result = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  const password = result("change-password");
  const changeEmail = result("change-email");
  const deletion = result("delete-account");
  const twoFactor = actionData?.intent?.endsWith("-2fa") ? actionData : undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 sm:pt-16">
      <div className="flex items-center gap-4">
        {loaderData.avatarUrl && (
          <img src={loaderData.avatarUrl} alt="" width={50} height={50} className="size-[50px] rounded-full" />
        )}
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Mine oplysninger</h1>
      </div>
      <dl className="mt-8">
        <Detail label="Navn" value={name} />
        <Detail label="E-mail" value={emailVerified ? email : `${email} (ikke bekræftet endnu)`} />
        <Detail label="Adresse" value={address} />
        <Detail label="Telefon" value={phone} />
        <Detail label="Sidst logget ind" value={lastLogin} />
      </dl>
      <Link to="/bruger/update" className={`${buttonStyles.primary} mt-8`}>
        Ret adresse og telefon
      </Link>

      <AccountSection title="Skift adgangskode">
        <DoneLine done={password?.done}>
          <Form method="post" className="mt-6 grid max-w-md gap-5" noValidate>
            <input type="hidden" name="intent" value="change-password" />
            <CurrentPasswordField
              label="Nuværende adgangskode"
              name="currentPassword"
              errors={password?.fieldErrors?.currentPassword}
            />
            <NewPasswordField label="Ny adgangskode" name="newPassword" errors={password?.fieldErrors?.newPassword} />
            <SubmitButton busy={busy("change-password")} label="Skift adgangskode" variant="secondary" />
          </Form>
        </DoneLine>
      </AccountSection>

      <AccountSection title="Totrinsbekræftelse">
        <TwoFactorSection enabled={loaderData.twoFactorEnabled} answer={twoFactor} busy={busy} />
      </AccountSection>

      <AccountSection title="Skift e-mail">
        <DoneLine done={changeEmail?.done}>
          <Form method="post" className="mt-6 grid max-w-md gap-5" noValidate>
            <input type="hidden" name="intent" value="change-email" />
            <FormError message={changeEmail?.formError} />
            <Field
              label="Ny e-mail"
              name="newEmail"
              type="email"
              autoComplete="email"
              required
              errors={changeEmail?.fieldErrors?.newEmail}
            />
            <SubmitButton busy={busy("change-email")} label="Send bekræftelseslink" variant="secondary" />
          </Form>
        </DoneLine>
      </AccountSection>

      <AccountSection title="Dine data">
        <p className="mt-4 max-w-2xl text-muted">
          Du kan hente alt, hvad vi har gemt om dig, som en fil, eller slette din konto. Sletter du kontoen, forsvinder
          dine oplysninger med det samme; kvitteringer for betalte reservationer gemmes uden personoplysninger, som
          bogføringsloven kræver.
        </p>
        <a href="/bruger/data" download className={`${buttonStyles.secondary} mt-6`}>
          Hent mine data
        </a>
        <Form method="post" className="mt-8 grid max-w-md gap-5 rounded-2xl border border-red-600/40 p-6" noValidate>
          <h3 className="text-lg font-bold">Slet min konto</h3>
          <input type="hidden" name="intent" value="delete-account" />
          <CurrentPasswordField label="Adgangskode" name="password" errors={deletion?.fieldErrors?.password} />
          <div className="grid gap-1.5">
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                name="confirm"
                value="ja"
                className="mt-1 size-4"
                aria-describedby="bekraeft-fejl"
              />
              <span>Ja, slet min konto og mine oplysninger. Det kan ikke fortrydes.</span>
            </label>
            {deletion?.fieldErrors?.confirm && (
              <p id="bekraeft-fejl" className="text-sm font-medium text-red-700 dark:text-red-300">
                {deletion.fieldErrors.confirm[0]}
              </p>
            )}
          </div>
          <SubmitButton
            busy={busy("delete-account")}
            label="Slet min konto"
            className="bg-red-700 text-white hover:bg-red-800"
          />
        </Form>
      </AccountSection>
    </div>
  );
}
