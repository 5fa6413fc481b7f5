import { data, Form, Link, redirect } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { nextDuePayment } from "~/features/orders/payments.server";
import { completePayment } from "~/features/orders/sales.server";
import { reconcileCheckout, stripeSettingsOf } from "~/features/payment/stripe.server";
import { Amounts } from "~/features/rental/components/amounts";
import { receiptOf } from "~/features/rental/checkout.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { redirectWithToast } from "~/features/toast/flash.server";
import { concertWhen } from "~/features/tickets/complete.server";
import { concertOf, ticketOrderByToken, ticketsOfOrder } from "~/features/tickets/orders.server";
import { groupedDoorCode } from "~/features/tickets/door-code";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { refundTicketOrderAndNotify } from "~/features/tickets/refunds.server";
import { startTicketPayment } from "~/features/tickets/checkout.server";
import { buyerMayCancel } from "~/features/tickets/rules";
import { erasureOf, erasureRefusal, erasureRefusalMessage, erasureWords } from "~/features/tickets/buyer-data";
import { BUYER_DATA_MAILS, mailTicketBuyerData } from "~/features/tickets/buyer-data.server";
import { eraseTicketBuyer } from "~/features/tickets/buyer-erasure.server";
import { BuyerDataActions, type ErasureOffer } from "~/features/tickets/components/buyer-data-actions";
import { getSiteSettings } from "~/features/site/settings.server";
import { ticketSaleOf } from "~/features/tickets/sale.server";
import { answer, parseSubmission, unknownIntentMessage } from "~/lib/form";
import { readFormData } from "~/lib/request-body.server";
import { z } from "zod";
import { collaborators } from "~/lib/collaborators.server";
import { formatDateTime, formatMoney, formatTime } from "~/lib/format";
import type { Route } from "./+types/billetter.ordre";
import { OrderLines } from "~/features/orders/components/order-lines";
import { privatePageMeta, secretLinkHeaders } from "~/lib/private-page";

async function orderOf(token: string) {
  const { db } = collaborators();
  const order = await ticketOrderByToken(db, token);
  if (!order) throw data(null, { status: 404, headers: secretLinkHeaders });
  return order;
}

/** A ticket order's page: paying it (the demo's button, or waiting for Stripe), then its tickets and receipt. */
export async function loader({ params, url }: Route.LoaderArgs) {
  const { db, config, mailer, metrics, logger, payments, sales } = collaborators();
  let order = await orderOf(params.token);
  const stripe = stripeSettingsOf(config);
  const sessionId = url.searchParams.get("session_id");
  if (order.status === "pending" && order.provider === "stripe" && stripe && sessionId) {
    // Stripe sends the buyer here at once; if its webhook has not arrived yet, ask Stripe directly.
    await reconcileCheckout({ db, mailer, config, metrics, logger, sales }, stripe, order.id, sessionId);
    order = await orderOf(params.token);
  }
  const [concert, tickets, receipt, { email: venueEmail }] = await Promise.all([
    concertOf(db, order.eventId!),
    ticketsOfOrder(db, order.id),
    receiptOf(db, order),
    getSiteSettings(db),
  ]);
  const heldUntil = tickets.find((ticket) => ticket.status === "held")?.expiresAt ?? null;
  const mayCancel = await buyerMayCancelNow(order, { concert: concert!, tickets });
  const refusal = erasureRefusal(order, concert!, tickets, payments, new Date());
  const erasure: ErasureOffer = refusal
    ? { refused: erasureRefusalMessage(refusal, venueEmail) }
    : { question: erasureWords[erasureOf(order.status)].question };
  return data(
    {
      token: params.token,
      status: order.status,
      provider: order.provider,
      failureReason: order.failureReason,
      email: order.bookerEmail,
      concert: { id: concert!.id, title: concert!.title, when: concertWhen(concert!) },
      lines: receipt.lines,
      total: receipt.total,
      vat: receipt.vat,
      receiptNumber: order.receiptNumber,
      mayCancel,
      erasure,
      // A buyer's hold ends within minutes; a waitlist's offer tomorrow.
      heldUntil:
        heldUntil &&
        (heldUntil.getTime() - Date.now() > 3_600_000 ? formatDateTime(heldUntil) : `kl. ${formatTime(heldUntil)}`),
      tickets: tickets
        .filter((ticket) => ticket.status === "sold")
        .map((ticket) => ({
          token: ticket.token,
          code: groupedDoorCode(ticket.doorCode),
          type: ticket.typeName ?? "Gæsteliste",
          checkedIn: ticket.checkedInAt !== null,
        })),
    },
    { headers: secretLinkHeaders },
  );
}

type Order = Awaited<ReturnType<typeof orderOf>>;
type Concert = NonNullable<Awaited<ReturnType<typeof concertOf>>>;
type OrderTickets = Awaited<ReturnType<typeof ticketsOfOrder>>;

/**
 * Whether the buyer may cancel this order now, by the rule (`buyerMayCancel`) and the facts as they are; the page's
 * loader hands over the concert and tickets it has read already.
 */
async function buyerMayCancelNow(order: Order, read?: { concert: Concert; tickets: OrderTickets }) {
  const { db } = collaborators();
  const [own, concert, tickets] = await Promise.all([
    ticketSaleOf(db, order.eventId!),
    read?.concert ?? concertOf(db, order.eventId!),
    read?.tickets ?? ticketsOfOrder(db, order.id),
  ]);
  return buyerMayCancel(
    { paid: order.status === "paid", anyCheckedIn: tickets.some((ticket) => ticket.checkedInAt !== null) },
    { buyersMayCancel: own?.sale.buyersMayCancel ?? false, ...concert! },
    new Date(),
  );
}

/**
 * The demo provider's "Betal", which sells the tickets as if a payment had come through; the buyer's cancellation;
 * or the buyer's data, mailed to the order's address or erased.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { db, mailer, config, metrics, logger, payments, freshness, sales } = collaborators();
  const order = await orderOf(params.token);
  const submission = parseSubmission(await readFormData(request), orderActionSchema);
  if (!submission.ok) return answer({ toast: errorToast(unknownIntentMessage) }, 400);
  if (submission.value.intent === "send-oplysninger") {
    if (!(await mailTicketBuyerData({ db, mailer, config }, order))) {
      const why = `Du har allerede bedt om dem ${BUYER_DATA_MAILS.max} gange inden for en time. Prøv igen senere.`;
      return answer({ toast: errorToast("Dine oplysninger er ikke sendt igen", why) }, 429);
    }
    throw redirectWithToast(
      `/billetter/ordre/${params.token}`,
      successToast(`Vi har sendt dine billetter og oplysninger til ${order.bookerEmail}`),
    );
  }
  if (submission.value.intent === "slet-oplysninger") {
    const erased = await eraseTicketBuyer({ db, payments }, order.id);
    if (!erased.ok && erased.reason === "not-found") throw data(null, { status: 404, headers: secretLinkHeaders });
    if (!erased.ok) {
      const { email: venueEmail } = await getSiteSettings(db);
      const why = erasureRefusalMessage(erased.refusal, venueEmail);
      return answer({ toast: errorToast("Dine oplysninger kan ikke slettes nu", why) }, 409);
    }
    // Held tickets given back: a sold-out concert may have tickets again.
    if (erased.freed > 0) await freshness.changed("content");
    const { done, detail } = erasureWords[erased.erasure];
    throw redirectWithToast("/", successToast(done, detail));
  }
  if (submission.value.intent === "afbestil") {
    if (!payments || !(await buyerMayCancelNow(order))) {
      return answer({ toast: errorToast("Billetterne kan ikke afbestilles her. Kontakt os.") }, 409);
    }
    const refunded = await refundTicketOrderAndNotify({ db, provider: payments, mailer, logger, config }, order.id, {
      userId: order.userId,
      reason: "Afbestilt af køberen.",
      byAdmin: false,
    });
    if (!refunded.ok) return answer({ toast: errorToast("Billetterne kan ikke afbestilles her. Kontakt os.") }, 409);
    await freshness.changed("content");
    throw redirectWithToast(
      `/billetter/ordre/${params.token}`,
      successToast(`Billetterne er afbestilt, og ${formatMoney(refunded.amountOere)} bliver betalt tilbage`),
    );
  }
  if (submission.value.intent === "til-betaling") {
    // An order whose checkout was left, or one offered from the waitlist: paid at the provider while it is held.
    const held = (await ticketsOfOrder(db, order.id)).some(
      (ticket) => ticket.status === "held" && ticket.expiresAt && ticket.expiresAt > new Date(),
    );
    if (!payments || order.status !== "pending" || !held) {
      return answer(
        { toast: errorToast("Ordren kan ikke betales", "Billetterne er ikke længere holdt til dig.") },
        409,
      );
    }
    const to = await startTicketPayment({ db, provider: payments, publicUrl: config.PUBLIC_URL }, order);
    throw redirect(to ?? `/billetter/ordre/${params.token}`);
  }
  if (order.provider !== "demo") throw data(null, { status: 400 });
  const payment = await nextDuePayment(db, order.id);
  if (!payment) throw redirect(`/billetter/ordre/${params.token}`);
  const result = await completePayment({ db, mailer, config, metrics, logger, sales }, payment);
  if (result.status === "confirmed" || result.status === "already-paid") {
    throw redirectWithToast(`/billetter/ordre/${params.token}`, successToast("Betalingen er gennemført"));
  }
  const why = "Billetterne blev givet videre, før betalingen kom igennem. Der er ikke trukket penge.";
  return answer({ toast: errorToast("Købet kunne ikke gennemføres", why) }, 409);
}

const orderActionSchema = z.object({
  intent: z.enum(["betal", "til-betaling", "afbestil", "send-oplysninger", "slet-oplysninger"]),
});

/** The loader's no-store and no-referrer reach the page itself, so no cache keeps a buyer's order. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  privatePageMeta(loaderData ? `Dine billetter: ${loaderData.concert.title}` : "Dine billetter");

export default function TicketOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { concert, status, tickets } = loaderData;
  const paid = status === "paid";
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">{paid ? "Dine billetter" : "Betaling"}</h1>
      <p className="mt-2 text-lg text-muted">
        <Link to={`/koncerter/${concert.id}`} className="font-semibold text-accent underline-offset-4 hover:underline">
          {concert.title}
        </Link>
        , {concert.when}
      </p>
      {paid && (
        <>
          <p className="mt-4 text-lg">
            Tak for dit køb. Vi har sendt billetterne til {loaderData.email}. Vis dem på telefonen ved indgangen.
          </p>
          <ul className="mt-6 grid gap-3">
            {tickets.map((ticket, index) => (
              <li key={ticket.token}>
                <Link
                  to={`/billet/${ticket.token}`}
                  className="flex items-center justify-between gap-4 rounded-2xl border border-border bg-surface-raised px-5 py-4 hover:border-accent"
                >
                  <span>
                    <span className="block font-semibold">
                      Billet {index + 1}: {ticket.type}
                    </span>
                    <span className="text-sm text-muted">Kode {ticket.code}</span>
                  </span>
                  <span aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <OrderLines lines={loaderData.lines} />
      <Amounts vat={loaderData.vat} total={loaderData.total} totalLabel={paid ? "Betalt" : "At betale"} />
      {paid && loaderData.receiptNumber && (
        <p className="mt-2 text-right text-sm text-muted">Kvittering nr. {loaderData.receiptNumber}</p>
      )}
      {loaderData.mayCancel && (
        <div className="mt-8">
          <ConfirmStep
            summary="Afbestil billetterne"
            summaryClassName={buttonStyles.secondary}
            label="Bekræft afbestilling af billetterne"
            question={`Afbestil alle billetter på ordren? Du får ${loaderData.total} tilbage, og billetterne bliver ugyldige.`}
            inPlace
          >
            <Form method="post">
              <ConfirmButton name="intent" value="afbestil">
                Ja, afbestil
              </ConfirmButton>
            </Form>
          </ConfirmStep>
        </div>
      )}
      {status === "cancelled" && (
        <p role="status" className="mt-8 rounded-2xl border border-border bg-surface-raised p-5 font-semibold">
          Ordren er afbestilt, og beløbet er betalt tilbage. Billetterne er ikke længere gyldige.
        </p>
      )}
      {status === "pending" && loaderData.provider === "stripe" && (
        <div role="status" className="mt-8 rounded-2xl border border-border bg-surface-raised p-5">
          <p className="font-semibold">Billetterne er ikke betalt endnu.</p>
          <p className="mt-1 text-muted">
            Har du betalt, kommer bekræftelsen som regel i løbet af få sekunder, og du får billetterne på e-mail.
            {loaderData.heldUntil && ` Ellers er billetterne holdt til dig til ${loaderData.heldUntil}.`}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            {loaderData.heldUntil && (
              <Form method="post">
                <button type="submit" name="intent" value="til-betaling" className={buttonStyles.primary}>
                  Gå til betaling
                </button>
              </Form>
            )}
            <Link to={`/billetter/ordre/${loaderData.token}`} className={buttonStyles.secondary}>
              Opdater
            </Link>
          </div>
        </div>
      )}
      {status === "pending" && loaderData.provider === "demo" && (
        <div className="mt-8 rounded-2xl border-2 border-dashed border-amber-500 bg-amber-50 p-5 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-semibold">Testbetaling</p>
          <p className="mt-1">
            Denne side er en demonstration af betalingen: der trækkes ingen penge. Tryk på “Betal” for at gennemføre
            købet, som om betalingen var gået igennem.
            {loaderData.heldUntil && ` Billetterne er holdt til dig til ${loaderData.heldUntil}.`}
          </p>
          <Form method="post" className="mt-4">
            <button type="submit" name="intent" value="betal" className={buttonStyles.primary}>
              Betal
            </button>
          </Form>
        </div>
      )}
      {status === "failed" && (
        <div
          role="alert"
          className="mt-8 rounded-2xl border border-red-600/40 bg-red-50 p-5 text-red-950 dark:bg-red-950 dark:text-red-50"
        >
          <p className="font-semibold">Købet kunne ikke gennemføres.</p>
          <p className="mt-1">{loaderData.failureReason}</p>
          <Link to={`/koncerter/${concert.id}/billetter`} className={`${buttonStyles.secondary} mt-4`}>
            Prøv igen
          </Link>
        </div>
      )}
      <BuyerDataActions email={loaderData.email} erasure={loaderData.erasure} />
    </section>
  );
}
