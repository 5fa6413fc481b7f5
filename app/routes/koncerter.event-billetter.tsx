import { useEffect, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { Field } from "~/components/ui/field";
import { useToastFrom } from "~/components/ui/toaster";
import { getSessionUser } from "~/features/accounts/session.server";
import { allowAttempt } from "~/features/accounts/email-rate-limit.server";
import { NewsletterTick } from "~/features/newsletter/components/newsletter-tick";
import { requestLimitedSubscription } from "~/features/newsletter/sign-up.server";
import { errorToast } from "~/features/toast/toast";
import { concertWhen } from "~/features/tickets/complete.server";
import { startTicketPayment } from "~/features/tickets/checkout.server";
import { holdTickets, soldOutNow } from "~/features/tickets/holds.server";
import { ticketOrderByToken } from "~/features/tickets/orders.server";
import { TICKET_HOLD_SECONDS, ticketRefusalMessage, ticketRefusalStatus } from "~/features/tickets/rules";
import { salePrice } from "~/features/tickets/concert-price";
import { ticketShop } from "~/features/tickets/sale.server";
import { quantityField, ticketPurchaseSchema } from "~/features/tickets/schemas";
import { SaleStateNotice } from "~/features/tickets/components/sale-state-notice";
import { answer, parseSubmission } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { formatDateTime, formatPrice } from "~/lib/format";
import { requestContext } from "~/lib/request-context";
import { readFormData } from "~/lib/request-body.server";
import { BuyerFields, ConcertPageHeading } from "~/features/tickets/components/concert-page";
import type { Route } from "./+types/koncerter.event-billetter";
import { privatePageMeta } from "~/lib/private-page";

/** Holds per client address a minute: a fan buys a few times at most; a bot trying hundreds is refused. */
const HOLDS_PER_ADDRESS = { windowSeconds: 60, max: 20 };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const shop = await ticketShop(db, params.eventId);
  if (!shop) throw data(null, { status: 404 });
  const user = await getSessionUser(auth, request);
  return data({
    concert: {
      id: shop.concert.id,
      title: shop.concert.title,
      when: concertWhen(shop.concert),
      room: shop.concert.room,
    },
    state: shop.state,
    opensAt: formatDateTime(shop.sale.opensAt),
    maxPerOrder: shop.sale.maxPerOrder,
    fee: shop.sale.feeOere > 0 ? formatPrice(shop.sale.feeOere) : null,
    types: shop.types.map((type) => ({
      id: type.id,
      name: type.name,
      // What one ticket costs in all, the fee included, as the programme told it.
      price: salePrice({ feeOere: shop.sale.feeOere, typePricesOere: [type.priceOere] })!.text,
      left: type.left,
      few: type.few,
    })),
    buyer: user ? { name: user.name, email: user.email } : null,
    holdMinutes: TICKET_HOLD_SECONDS / 60,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, auth, config, payments, freshness, mailer } = collaborators();
  const submission = parseSubmission(await readFormData(request), ticketPurchaseSchema);
  if (!submission.ok) return answer(submission.answer, 400);
  if (!payments) return answer({ formError: "Der er ingen betalingsudbyder sat op." }, 409);
  // Counted while there are tickets to hold; "Udsolgt" from memory costs nothing to answer (`soldOutNow`).
  const allowed =
    soldOutNow(db, params.eventId) ||
    (await allowAttempt(db, `ticket-hold:${context.get(requestContext).clientIp}`, HOLDS_PER_ADDRESS));
  if (!allowed) {
    const formError = "Der er kommet mange forsøg fra din forbindelse. Vent et minut, og prøv igen.";
    return answer({ formError, toast: errorToast(formError) }, 429);
  }
  const user = await getSessionUser(auth, request);
  const { name, email, quantities, newsletter } = submission.value;
  const held = await holdTickets(db, payments.name, params.eventId, quantities, {
    name,
    email,
    userId: user?.id ?? null,
  });
  if (!held.ok) {
    const formError = ticketRefusalMessage(held.refusal, formatDateTime);
    return answer(
      { formError, toast: errorToast("Billetterne kunne ikke reserveres", formError) },
      ticketRefusalStatus(held.refusal),
    );
  }
  if (held.soldOut) await freshness.changed("content");
  if (newsletter) {
    // A signed-in buyer's own verified address needs no confirmation mail; any other address typed here does.
    const verified = user?.emailVerified === true && user.email.toLowerCase() === email;
    await requestLimitedSubscription(
      { db, mailer, publicUrl: config.PUBLIC_URL },
      { email, name, source: "tickets", verified },
    ).catch((error: unknown) =>
      // The tickets are held and wait for payment: the newsletter never stands in the way of a purchase.
      context.get(requestContext).logger.error({ err: error }, "the newsletter sign-up of a ticket purchase failed"),
    );
  }
  const order = (await ticketOrderByToken(db, held.accessToken))!;
  const to = await startTicketPayment({ db, provider: payments, publicUrl: config.PUBLIC_URL }, order);
  throw redirect(to ?? `/billetter/ordre/${held.accessToken}`);
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  privatePageMeta(loaderData ? `Billetter: ${loaderData.concert.title}` : "Billetter");

export default function TicketShop({ loaderData, actionData }: Route.ComponentProps) {
  const { concert, state, types, buyer, maxPerOrder, fee, holdMinutes } = loaderData;
  useToastFrom(actionData?.toast);
  // A second click would send a second order: the button waits for the answer (and is back after "Tilbage").
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const again = () => setSending(false);
    window.addEventListener("pageshow", again);
    return () => window.removeEventListener("pageshow", again);
  }, []);
  const errors = actionData?.fieldErrors ?? {};
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <ConcertPageHeading concert={concert} title="Køb billetter">
        {concert.title}, {concert.when}
        {concert.room ? `, ${concert.room}` : ""}
      </ConcertPageHeading>
      {state !== "open" ? (
        <>
          <SaleStateNotice state={state} opensAt={loaderData.opensAt} />
          {state === "sold-out" && (
            <Link to={`/koncerter/${concert.id}/venteliste`} className={`${buttonStyles.primary} mt-6`}>
              Skriv mig op på ventelisten
            </Link>
          )}
        </>
      ) : (
        // A plain form POST, not React Router's fetch: in a rush the server's waiting room answers it with a place
        // in the queue and sends the browser to the queue page (server/ticket-waiting-room.ts, decision 039).
        <Form method="post" reloadDocument className="mt-8 grid gap-6" noValidate onSubmit={() => setSending(true)}>
          {actionData?.formError && (
            <p
              role="alert"
              className="rounded-xl border border-red-600 px-4 py-3 font-medium text-red-700 dark:border-red-400 dark:text-red-300"
            >
              {actionData.formError}
            </p>
          )}
          <fieldset className="grid gap-3 rounded-2xl border border-border bg-surface-raised p-5">
            <legend className="px-1 font-semibold">Billetter (højst {maxPerOrder} pr. ordre)</legend>
            {types.map((type) => (
              <Field
                key={type.id}
                type="number"
                inputMode="numeric"
                min={0}
                max={Math.min(type.left, maxPerOrder)}
                name={quantityField(type.id)}
                label={`${type.name}: ${type.price}`}
                defaultValue={actionData?.values?.[quantityField(type.id)] ?? "0"}
                disabled={type.left === 0}
                hint={type.left === 0 ? "Udsolgt" : type.few ? "Få billetter tilbage" : undefined}
                errors={errors[quantityField(type.id)]}
              />
            ))}
            <p className="text-sm text-muted">
              {fee ? `Priserne er med moms og et gebyr på ${fee} pr. billet.` : "Priserne er med moms."}
            </p>
          </fieldset>
          <BuyerFields
            values={actionData?.values}
            buyer={buyer}
            errors={errors}
            emailHint="Billetterne sendes hertil."
          />
          <label className="flex items-start gap-3">
            <input type="checkbox" name="vilkaar" value="ja" required className="mt-1 size-5 shrink-0" />
            <span>
              Jeg accepterer{" "}
              <Link to="/vilkaar" className="font-semibold text-accent underline">
                betingelserne
              </Link>
              . Billetter refunderes kun, hvis koncerten aflyses.
            </span>
          </label>
          {errors.vilkaar && <p className="font-medium text-red-700 dark:text-red-300">{errors.vilkaar[0]}</p>}
          <NewsletterTick source="tickets" ticked={actionData?.values?.nyhedsbrev === "ja"} />
          <p className="text-sm text-muted">
            Billetterne holdes til dig i {holdMinutes} minutter, mens du betaler.
            {!buyer && " Du behøver ikke en konto."}
          </p>
          <button type="submit" disabled={sending} className={`${buttonStyles.primary} justify-self-start`}>
            {sending ? "Reserverer …" : "Gå til betaling"}
          </button>
        </Form>
      )}
    </section>
  );
}
