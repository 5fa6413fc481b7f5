import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { Field, FormError } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import { authErrorMessage } from "~/features/accounts/auth-errors";
import { getProfile } from "~/features/accounts/profile.server";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  formatDanishPhone,
  PASSWORD_MIN_LENGTH,
} from "~/features/accounts/schemas";
import { callAuth, requireUser, withCookies } from "~/features/accounts/session.server";
import { formatDateTime } from "~/lib/format";
import { parseForm, type FieldErrors } from "~/lib/form";
import type { Route } from "./+types/bruger";

export function meta() {
  return [{ title: "Mine oplysninger" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const profile = await getProfile(getDb(), user.id);
  return {
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    address: profile?.address ?? null,
    phone: profile?.phone ? formatDanishPhone(profile.phone) : null,
    lastLogin: profile ? formatDateTime(profile.lastLoginAt) : null,
  };
}

type Intent = "change-password" | "change-email" | "delete-account";
type ActionResult = { intent: Intent; fieldErrors?: FieldErrors; formError?: string; done?: string };

const schemas = { "change-password": changePasswordSchema, "change-email": changeEmailSchema, "delete-account": deleteAccountSchema };
const wrongPassword = "Adgangskoden er forkert.";

export async function action({ request, context, url }: Route.ActionArgs) {
  await requireUser(request, url);
  const formData = await request.formData();
  const intent = z.enum(["change-password", "change-email", "delete-account"]).safeParse(formData.get("intent"));
  if (!intent.success) return data<ActionResult>({ intent: "change-password", formError: "Ukendt handling." }, { status: 400 });
  const parsed = parseForm(schemas[intent.data], formData);
  if (!parsed.success) return data<ActionResult>({ intent: intent.data, fieldErrors: parsed.fieldErrors }, { status: 400 });

  if (intent.data === "change-password") {
    const { currentPassword, newPassword } = parsed.data as z.infer<typeof changePasswordSchema>;
    const result = await callAuth(request, context, "/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
    if (!result.ok) {
      const message = result.code === "INVALID_PASSWORD" ? wrongPassword : authErrorMessage(result.status, result.code);
      return data<ActionResult>({ intent: intent.data, fieldErrors: { currentPassword: [message] } }, { status: 400 });
    }
    return data<ActionResult>(
      { intent: intent.data, done: "Din adgangskode er ændret, og du er logget ud alle andre steder." },
      { headers: withCookies(result.setCookies) },
    );
  }

  if (intent.data === "change-email") {
    const { newEmail } = parsed.data as z.infer<typeof changeEmailSchema>;
    const result = await callAuth(request, context, "/change-email", { newEmail, callbackURL: "/bruger" });
    // The same answer whether or not the address is taken, so the form cannot be used to look up accounts.
    if (!result.ok && result.code !== "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" && result.code !== "USER_ALREADY_EXISTS") {
      return data<ActionResult>({ intent: intent.data, formError: authErrorMessage(result.status, result.code) }, { status: 400 });
    }
    return data<ActionResult>({ intent: intent.data, done: `Vi har sendt et link til ${newEmail}. Din e-mail skifter, når du åbner det.` });
  }

  const { password } = parsed.data as z.infer<typeof deleteAccountSchema>;
  const result = await callAuth(request, context, "/delete-user", { password });
  if (!result.ok) {
    const message = result.code === "INVALID_PASSWORD" ? wrongPassword : authErrorMessage(result.status, result.code);
    return data<ActionResult>({ intent: intent.data, fieldErrors: { password: [message] } }, { status: 400 });
  }
  throw redirect("/?konto=slettet", { headers: withCookies(result.setCookies) });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `sektion-${title.toLowerCase().replace(/[^a-zæøå]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-12 border-t border-border pt-8">
      <h2 id={id} className="font-display text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-1 border-b border-border py-4 sm:grid-cols-3">
      <dt className="font-semibold">{label}</dt>
      <dd className="text-muted sm:col-span-2">{value ?? <span className="italic">Ikke udfyldt</span>}</dd>
    </div>
  );
}

export default function MyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, emailVerified, address, phone, lastLogin } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const result = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  const password = result("change-password");
  const changeEmail = result("change-email");
  const deletion = result("delete-account");
  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Mine oplysninger</h1>
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

      <Section title="Skift adgangskode">
        {password?.done ? (
          <p role="status" className="mt-4 font-medium">{password.done}</p>
        ) : (
          <Form method="post" className="mt-6 grid max-w-md gap-5" noValidate>
            <input type="hidden" name="intent" value="change-password" />
            <Field label="Nuværende adgangskode" name="currentPassword" type="password" autoComplete="current-password" required errors={password?.fieldErrors?.currentPassword} />
            <Field
              label="Ny adgangskode"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              hint={`Mindst ${PASSWORD_MIN_LENGTH} tegn med både bogstaver og tal eller tegn.`}
              errors={password?.fieldErrors?.newPassword}
            />
            <button type="submit" className={buttonStyles.secondary} disabled={busy("change-password")}>
              Skift adgangskode
            </button>
          </Form>
        )}
      </Section>

      <Section title="Skift e-mail">
        {changeEmail?.done ? (
          <p role="status" className="mt-4 font-medium">{changeEmail.done}</p>
        ) : (
          <Form method="post" className="mt-6 grid max-w-md gap-5" noValidate>
            <input type="hidden" name="intent" value="change-email" />
            <FormError message={changeEmail?.formError} />
            <Field label="Ny e-mail" name="newEmail" type="email" autoComplete="email" required errors={changeEmail?.fieldErrors?.newEmail} />
            <button type="submit" className={buttonStyles.secondary} disabled={busy("change-email")}>
              Send bekræftelseslink
            </button>
          </Form>
        )}
      </Section>

      <Section title="Dine data">
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
          <Field label="Adgangskode" name="password" type="password" autoComplete="current-password" required errors={deletion?.fieldErrors?.password} />
          <div className="grid gap-1.5">
            <label className="flex items-start gap-3">
              <input type="checkbox" name="confirm" value="ja" className="mt-1 size-4" aria-describedby="bekraeft-fejl" />
              <span>Ja, slet min konto og mine oplysninger. Det kan ikke fortrydes.</span>
            </label>
            {deletion?.fieldErrors?.confirm && (
              <p id="bekraeft-fejl" className="text-sm font-medium text-red-700 dark:text-red-300">
                {deletion.fieldErrors.confirm[0]}
              </p>
            )}
          </div>
          <button type="submit" className={`${buttonStyles.primary} bg-red-700 text-white hover:bg-red-800`} disabled={busy("delete-account")}>
            Slet min konto
          </button>
        </Form>
      </Section>
    </div>
  );
}
