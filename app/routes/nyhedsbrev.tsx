import { useEffect } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { pageTags, rootMetaData } from "~/features/content/meta";
import { NewsletterForm } from "~/features/newsletter/components/newsletter-form";
import { newsletterSignUpSchema } from "~/features/newsletter/schemas";
import { allowSignUpFrom, requestLimitedSubscription } from "~/features/newsletter/sign-up.server";
import { errorToast } from "~/features/toast/toast";
import { collaborators } from "~/lib/collaborators.server";
import { answer, correctTheFieldsMessage, parseSubmission } from "~/lib/form";
import { requestContext } from "~/lib/request-context";
import { readFormData } from "~/lib/request-body.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/nyhedsbrev";

/**
 * The form in the footer and on this page. The answer is the same whether the address is new, waiting for its
 * confirmation, on the list already or past its own limit, so the form tells nobody who is subscribed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, config } = collaborators();
  const submission = parseSubmission(await readFormData(request), newsletterSignUpSchema);
  if (!submission.ok) {
    return answer({ ...submission.answer, toast: errorToast(correctTheFieldsMessage) }, 400);
  }
  if (!(await allowSignUpFrom(db, context.get(requestContext).clientIp))) {
    const formError = "Der er kommet mange tilmeldinger fra din forbindelse. Prøv igen senere.";
    return answer({ formError, values: { email: submission.value.email }, toast: errorToast(formError) }, 429);
  }
  const { email, name, kilde: source } = submission.value;
  await requestLimitedSubscription({ db, mailer, publicUrl: config.PUBLIC_URL }, { email, name, source });
  return { done: true as const, email };
}

export function meta({ matches }: Route.MetaArgs) {
  const { siteName } = rootMetaData(matches);
  return pageTags(matches, {
    path: "/nyhedsbrev",
    title: `Nyhedsbrev · ${siteName}`,
    description: `Få nye koncerter og nyheder fra ${siteName} i din indbakke.`,
  });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const failed = actionData && "done" in actionData ? undefined : actionData;
  useToastFrom(failed?.toast);
  // The footer's form answers here from any page, and React Router keeps a form's scroll position: the answer
  // would be out of sight, where that page's footer was.
  useEffect(() => {
    if (actionData) window.scrollTo({ top: 0 });
  }, [actionData]);
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.settings.siteName ?? "os";
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Nyhedsbrev</h1>
      <p className="mt-4 text-lg text-muted">
        Få besked om nye koncerter og nyheder fra {siteName} i din indbakke, så du hører om dem, før billetterne er væk.
      </p>
      {actionData && "done" in actionData ? (
        <div role="status" className="mt-8 grid gap-2 rounded-2xl border border-border bg-surface-raised p-6">
          <p className="text-lg font-semibold">Tjek din indbakke</p>
          <p className="text-muted">
            Står {actionData.email} ikke allerede på listen, får du om lidt en e-mail fra os. Åbn linket i den for at
            bekræfte din tilmelding. Først da er du tilmeldt. Kan du ikke finde e-mailen, så kig i spam-mappen.
          </p>
        </div>
      ) : (
        <div className="mt-8 grid gap-5 rounded-2xl border border-border bg-surface-raised p-6 sm:p-8">
          {failed?.formError && (
            <p
              role="alert"
              className="rounded-xl border border-red-600 px-4 py-3 font-medium text-red-700 dark:border-red-400 dark:text-red-300"
            >
              {failed.formError}
            </p>
          )}
          <NewsletterForm source="page" answer={failed} />
        </div>
      )}
      <p className="mt-10">
        <Link to="/nyhedsbrev/arkiv" className="font-semibold text-accent underline underline-offset-4">
          Læs de nyhedsbreve, vi har sendt
        </Link>
      </p>
    </section>
  );
}
