import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { FormError } from "~/components/ui/field";
import { authErrorMessage } from "~/features/accounts/auth-errors";
import { signInSchema, signUpSchema } from "~/features/accounts/schemas";
import { callAuth, getSessionUser, withCookies } from "~/features/accounts/session.server";
import { answer, parseSubmission, typedValues, type ActionAnswer } from "~/lib/form";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { CurrentPasswordField, EmailField, NewAccountFields, SubmitButton } from "~/features/accounts/components/forms";
import { NewsletterTick } from "~/features/newsletter/components/newsletter-tick";
import { newsletterTick } from "~/features/newsletter/schemas";
import { NEWSLETTER_WITH_ACCOUNT_HEADER, requestAccountSubscription } from "~/features/newsletter/sign-up.server";
import { collaborators } from "~/lib/collaborators.server";
import { requestContext } from "~/lib/request-context";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/login";
import { readFormData } from "~/lib/request-body.server";
import { Section } from "~/components/ui/section";

export const meta = () => privatePageMeta("Log ind");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { auth } = collaborators();
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getSessionUser(auth, request)) throw redirect(redirectTo);
  return { redirectTo, passwordReset: url.searchParams.has("nulstillet") };
}

const loginForms = z.discriminatedUnion("intent", [
  signInSchema.safeExtend({ intent: z.literal("sign-in") }),
  signUpSchema.safeExtend({ intent: z.literal("sign-up"), nyhedsbrev: newsletterTick() }),
]);

/** After a sign-up: where the e-mail went (whether the address was new or already had an account). */
type LoginAnswer = ActionAnswer & { sentTo?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, db, mailer, config } = collaborators();
  const formData = await readFormData(request);
  const submission = parseSubmission(formData, loginForms);
  if (!submission.ok) return answer(submission.answer, 400);
  const form = submission.value;
  const { intent, email, password } = form;
  const target = safeRedirectPath(form.redirectTo);
  const startedAt = new Date();
  // callbackURL: where the verification link, mailed after a sign-up or an unverified sign-in, leads.
  const result = await callAuth(
    auth,
    request,
    context,
    intent === "sign-in" ? "/sign-in/email" : "/sign-up/email",
    intent === "sign-in"
      ? { email, password, callbackURL: target }
      : { name: form.name, email, password, callbackURL: target },
    // The verification mail then says that its link confirms the newsletter too.
    form.intent === "sign-up" && form.nyhedsbrev ? { [NEWSLETTER_WITH_ACCOUNT_HEADER]: "ja" } : {},
  );
  if (!result.ok) {
    return answer(
      { intent, formError: authErrorMessage(result.status, result.code), values: typedValues(formData) },
      result.status === 429 ? 429 : 400,
    );
  }
  if (form.intent === "sign-up") {
    if (form.nyhedsbrev) {
      await requestAccountSubscription(
        { db, mailer, publicUrl: config.PUBLIC_URL },
        { email, name: form.name },
        startedAt,
      ).catch((error: unknown) =>
        // The account is made: the newsletter never stands in the way of it.
        context.get(requestContext).logger.error({ err: error }, "the newsletter sign-up of a new account failed"),
      );
    }
    return answer<LoginAnswer>({ intent, sentTo: email });
  }
  const needsSecondFactor = (result.payload as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect === true;
  throw redirect(needsSecondFactor ? `/login/totp?${new URLSearchParams({ redirectTo: target })}` : target, {
    headers: withCookies(result.setCookies),
  });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<LoginAnswer>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const forIntent = (intent: z.infer<typeof loginForms>["intent"]) =>
    actionData?.intent === intent ? actionData : undefined;
  const signIn = forIntent("sign-in");
  const signUp = forIntent("sign-up");

  return (
    <div className="mx-auto max-w-5xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Log ind</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted">Log ind for at reservere dage og se dine reservationer.</p>
      {loaderData.passwordReset && (
        <p role="status" className="mt-6 rounded-xl border border-border bg-surface-raised px-4 py-3 font-medium">
          Din adgangskode er ændret. Log ind med den nye.
        </p>
      )}
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <Section title="Har du en konto?" className="rounded-2xl border border-border bg-surface-raised p-6 sm:p-8">
          <Form method="post" className="mt-6 grid gap-5" noValidate>
            <input type="hidden" name="intent" value="sign-in" />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <FormError message={signIn?.formError} />
            <EmailField answer={signIn} />
            <CurrentPasswordField label="Adgangskode" name="password" errors={signIn?.fieldErrors?.password} />
            <SubmitButton busy={busy("sign-in")} label="Log ind" busyLabel="Logger ind …" />
          </Form>
          <p className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link to="/glemt-adgangskode" className="font-medium underline underline-offset-2 hover:text-accent">
              Glemt adgangskode?
            </Link>
            <Link
              to={`/login/kode?${new URLSearchParams({ redirectTo: loaderData.redirectTo })}`}
              className="font-medium underline underline-offset-2 hover:text-accent"
            >
              Log ind med en kode i stedet
            </Link>
          </p>
        </Section>

        <Section title="Ny her?" className="rounded-2xl border border-border bg-surface-raised p-6 sm:p-8">
          {signUp?.sentTo ? (
            <div role="status" className="mt-6">
              <p className="text-lg font-medium">Tjek din e-mail</p>
              <p className="mt-2 text-muted">
                Vi har sendt en e-mail til {signUp.sentTo}. Åbn linket i den for at komme videre. Kan du ikke finde den,
                så kig i din spam-mappe.
              </p>
            </div>
          ) : (
            <>
              <Form method="post" className="mt-6 grid gap-5" noValidate>
                <input type="hidden" name="intent" value="sign-up" />
                <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
                <FormError message={signUp?.formError} />
                <NewAccountFields answer={signUp} />
                <NewsletterTick source="account" ticked={signUp?.values?.nyhedsbrev === "ja"} />
                <SubmitButton variant="secondary" busy={busy("sign-up")} label="Opret konto" busyLabel="Opretter …" />
              </Form>
              <p className="mt-4 text-sm text-muted">
                Ved at oprette en konto accepterer du vores{" "}
                <Link className="underline" to="/vilkaar">
                  vilkår
                </Link>{" "}
                og{" "}
                <Link className="underline" to="/privatlivspolitik">
                  privatlivspolitik
                </Link>
                .
              </p>
            </>
          )}
        </Section>
      </div>
    </div>
  );
}
