import { data, Form, Link, redirect } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { nextDuePayment } from "~/features/orders/payments.server";
import { completePayment } from "~/features/orders/settle.server";
import { reconcileCheckout, stripeSettingsOf } from "~/features/payment/stripe.server";
import { Amounts } from "~/features/reservation/components/amounts";
import { receiptOf } from "~/features/reservation/checkout.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { redirectWithToast } from "~/features/toast/flash.server";
import { concertWhen } from "~/features/tickets/complete.server";
import { concertOf, ticketOrderByToken, ticketsOfOrder } from "~/features/tickets/orders.server";
import { groupedDoorCode } from "~/features/tickets/door-code";
import { answer } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { formatTime } from "~/lib/format";
import type { Route } from "./+types/billetter.ordre";
import { OrderLines } from "~/features/orders/components/order-lines";

const privateAnswer = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

async function orderOf(token: string) {
  const { db } = collaborators();
  const order = await ticketOrderByToken(db, token);
  if (!order) throw data(null, { status: 404, headers: privateAnswer });
  return order;
}

/** A ticket order's page: paying it (the demo's button, or waiting for Stripe), then its tickets and receipt. */
export async function loader({ params, url }: Route.LoaderArgs) {
  const { db, config, mailer, metrics, logger } = collaborators();
  let order = await orderOf(params.token);
  const stripe = stripeSettingsOf(config);
  const sessionId = url.searchParams.get("session_id");
  if (order.status === "pending" && order.provider === "stripe" && stripe && sessionId) {
    // Stripe sends the buyer here at once; if its webhook has not arrived yet, ask Stripe directly.
    await reconcileCheckout({ db, mailer, config, metrics, logger }, stripe, order.id, sessionId);
    order = await orderOf(params.token);
  }
  const [concert, tickets, receipt] = await Promise.all([
    concertOf(db, order.eventId!),
    ticketsOfOrder(db, order.id),
    receiptOf(db, order),
  ]);
  const heldUntil = tickets.find((ticket) => ticket.status === "held")?.expiresAt ?? null;
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
      heldUntil: heldUntil && formatTime(heldUntil),
      tickets: tickets
        .filter((ticket) => ticket.status === "sold")
        .map((ticket) => ({
          token: ticket.token,
          code: groupedDoorCode(ticket.doorCode),
          type: ticket.typeName ?? "Gæsteliste",
          checkedIn: ticket.checkedInAt !== null,
        })),
    },
    { headers: privateAnswer },
  );
}

/** The demo provider's "Betal": sells the tickets as if a payment had come through. */
export async function action({ params }: Route.ActionArgs) {
  const { db, mailer, config, metrics, logger } = collaborators();
  const order = await orderOf(params.token);
  if (order.provider !== "demo") throw data(null, { status: 400 });
  const payment = await nextDuePayment(db, order.id);
  if (!payment) throw redirect(`/billetter/ordre/${params.token}`);
  const result = await completePayment({ db, mailer, config, metrics, logger }, payment);
  if (result.status === "confirmed" || result.status === "already-paid") {
    throw redirectWithToast(`/billetter/ordre/${params.token}`, successToast("Betalingen er gennemført"));
  }
  const why = "Billetterne blev givet videre, før betalingen kom igennem. Der er ikke trukket penge.";
  return answer({ toast: errorToast("Købet kunne ikke gennemføres", why) }, 409);
}

// The page is the token's holder's alone, and changes (paid, checked in): never kept by the page cache.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Dine billetter: ${loaderData.concert.title}` : "Dine billetter" },
  { name: "robots", content: "noindex" },
];

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
      {status === "pending" && loaderData.provider === "stripe" && (
        <div role="status" className="mt-8 rounded-2xl border border-border bg-surface-raised p-5">
          <p className="font-semibold">Vi venter på bekræftelsen af din betaling.</p>
          <p className="mt-1 text-muted">Det tager som regel få sekunder. Du får billetterne på e-mail.</p>
          <Link to={`/billetter/ordre/${loaderData.token}`} className={`${buttonStyles.secondary} mt-4`}>
            Opdater
          </Link>
        </div>
      )}
      {status === "pending" && loaderData.provider === "demo" && (
        <div className="mt-8 rounded-2xl border-2 border-dashed border-amber-500 bg-amber-50 p-5 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-semibold">Testbetaling</p>
          <p className="mt-1">
            Denne side er en demonstration af betalingen: der trækkes ingen penge. Tryk på “Betal” for at gennemføre
            købet, som om betalingen var gået igennem.
            {loaderData.heldUntil && ` Billetterne er holdt til dig til kl. ${loaderData.heldUntil}.`}
          </p>
          <Form method="post" className="mt-4">
            <button type="submit" className={buttonStyles.primary}>
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
    </section>
  );
}
