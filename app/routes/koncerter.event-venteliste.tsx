import { data, Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { Field } from "~/components/ui/field";
import { useToastFrom } from "~/components/ui/toaster";
import { allowAttempt } from "~/features/accounts/email-rate-limit.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { errorToast } from "~/features/toast/toast";
import { concertWhen } from "~/features/tickets/complete.server";
import { ticketShop } from "~/features/tickets/sale.server";
import { waitlistSchema } from "~/features/tickets/schemas";
import { joinWaitlist } from "~/features/tickets/waitlist.server";
import { WAITLIST_OFFER_HOURS } from "~/features/tickets/waitlist-rules";
import { answer, parseSubmission } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { requestContext } from "~/lib/request-context";
import { readFormData } from "~/lib/request-body.server";
import { BuyerFields, ConcertPageHeading } from "~/features/tickets/components/concert-page";
import type { Route } from "./+types/koncerter.event-venteliste";
import { privatePageMeta } from "~/lib/private-page";

/** Sign-ups per client address an hour: a fan signs up for a few concerts; a flood of addresses is refused. */
const SIGN_UPS_PER_ADDRESS = { windowSeconds: 3600, max: 10 };

const refusals = {
  "no-sale": "Der sælges ikke billetter til koncerten her.",
  closed: "Billetsalget er lukket, så ventelisten er lukket.",
  "not-sold-out": "Der er stadig billetter. Køb dem på billetsiden.",
  "too-many": "Du kan højst skrive dig op til så mange billetter, som man kan købe på én ordre.",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const shop = await ticketShop(db, params.eventId);
  if (!shop) throw data(null, { status: 404 });
  const user = await getSessionUser(auth, request);
  return {
    concert: { id: shop.concert.id, title: shop.concert.title, when: concertWhen(shop.concert) },
    state: shop.state,
    maxPerOrder: shop.sale.maxPerOrder,
    buyer: user ? { name: user.name, email: user.email } : null,
  };
}

/** The answer is the same whether or not the address was on the list already (`joinWaitlist`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, mailer, config } = collaborators();
  const submission = parseSubmission(await readFormData(request), waitlistSchema);
  if (!submission.ok) return answer(submission.answer, 400);
  const address = context.get(requestContext).clientIp;
  if (!(await allowAttempt(db, `waitlist:${address}`, SIGN_UPS_PER_ADDRESS))) {
    const formError = "Der er kommet mange tilmeldinger fra din forbindelse. Prøv igen senere.";
    return answer({ formError, toast: errorToast(formError) }, 429);
  }
  const { navn: name, email, antal: wanted } = submission.value;
  const joined = await joinWaitlist({ db, mailer, config }, params.eventId, { name, email, wanted });
  if (!joined.ok) {
    if (joined.reason === "no-sale") throw data(null, { status: 404 });
    const formError = refusals[joined.reason];
    return answer({ formError, toast: errorToast("Du blev ikke skrevet op", formError) }, 409);
  }
  return { done: true as const, email };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  privatePageMeta(loaderData ? `Venteliste: ${loaderData.concert.title}` : "Venteliste");

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { concert, state, maxPerOrder, buyer } = loaderData;
  const failed = actionData && "formError" in actionData ? actionData : null;
  useToastFrom(failed?.toast);
  const errors = failed?.fieldErrors ?? {};
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <ConcertPageHeading concert={concert} title="Venteliste">
        {concert.title}, {concert.when}
      </ConcertPageHeading>
      {actionData && "done" in actionData ? (
        <div role="status" className="mt-8 grid gap-2 rounded-2xl border border-border bg-surface-raised p-6 text-lg">
          <p className="font-semibold">Tak. Du står på ventelisten.</p>
          <p className="text-muted">
            Vi har sendt en bekræftelse til {actionData.email}. Kommer der billetter fri, skriver vi til dig i den
            rækkefølge, folk har skrevet sig op.
          </p>
        </div>
      ) : state !== "sold-out" ? (
        <p className="mt-8 rounded-2xl border border-border bg-surface-raised p-5 text-lg">
          {state === "open" ? (
            <>
              Der er billetter til koncerten.{" "}
              <Link to={`/koncerter/${concert.id}/billetter`} className="font-semibold text-accent underline">
                Køb dem her
              </Link>
              .
            </>
          ) : (
            "Ventelisten er ikke åben."
          )}
        </p>
      ) : (
        <Form method="post" className="mt-8 grid gap-6" noValidate>
          <p className="text-lg">
            Koncerten er udsolgt. Skriv dig op, så får du besked, hvis der kommer billetter fri, for eksempel fordi
            nogen ikke betaler. Den første på listen får dem reserveret i {WAITLIST_OFFER_HOURS} timer, derefter den
            næste.
          </p>
          {failed?.formError && (
            <p
              role="alert"
              className="rounded-xl border border-red-600 px-4 py-3 font-medium text-red-700 dark:border-red-400 dark:text-red-300"
            >
              {failed.formError}
            </p>
          )}
          <BuyerFields values={failed?.values} buyer={buyer} errors={errors} />
          <Field
            name="antal"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxPerOrder}
            label={`Antal billetter (højst ${maxPerOrder})`}
            defaultValue={failed?.values?.antal ?? "2"}
            errors={errors.antal}
            className="max-w-48"
          />
          <button type="submit" className={`${buttonStyles.primary} justify-self-start`}>
            Skriv mig op
          </button>
        </Form>
      )}
    </section>
  );
}
