import { Link, redirect } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { requireUser } from "~/features/accounts/session.server";
import { daysSummary, formatDay, todayInCopenhagen } from "~/lib/days";
import {
  cancelOrderAndNotify,
  cancellationRefusalMessage,
  quoteCancellation,
} from "~/features/rental/order-cancellation.server";
import { cancellationWords } from "~/features/rental/cancellation-words";
import { tierDescriptions } from "~/features/rental/cancellation-tiers";
import { feedTokenOf } from "~/features/rental/feeds.server";
import { getUserBookings, requireOwnOrder } from "~/features/rental/orders.server";
import { startNextPayment } from "~/features/rental/checkout.server";
import { paymentLabels } from "~/features/orders/payments.server";
import { duePaymentsOf } from "~/features/rental/order-payment-plan.server";
import { DuePayments } from "~/features/orders/components/due-payments";
import { MyRequests } from "~/features/rental/components/my-requests";
import { MyCancellations } from "~/features/rental/components/my-cancellations";
import { openRequestsOf } from "~/features/rental/requests.server";
import { ordersWithContract } from "~/features/rental/contract.server";
import { isOverdue } from "~/features/rental/payment-plan";
import { getReservationSettings } from "~/features/rental/settings.server";
import { hasBegun } from "~/features/rental/rules";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission } from "~/lib/form";
import { formatDateTime, formatMoney } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/alle-reservationer";
import { readFormData } from "~/lib/request-body.server";
import { MyTickets, type MyTicketOrder } from "~/features/tickets/components/my-tickets";
import { concertWhen } from "~/features/tickets/complete.server";
import { ticketOrdersOfUser } from "~/features/tickets/orders.server";
import { isUpcoming } from "~/features/program/program";

export const meta = () => privatePageMeta("Mine reservationer");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, config } = collaborators();
  const user = await requireUser(auth, request, url);
  const [bookings, settings, token, due, requests, ticketOrders] = await Promise.all([
    getUserBookings(db, user.id),
    getReservationSettings(db),
    feedTokenOf(db, user.id),
    duePaymentsOf(db, user.id),
    openRequestsOf(db, user.id),
    ticketOrdersOfUser(db, user.id),
  ]);
  const today = todayInCopenhagen();
  const withContract = await ordersWithContract(
    db,
    bookings.flatMap((booking) => (booking.orderId ? [booking.orderId] : [])),
  );
  const duePayments = due.map((payment) => ({
    orderId: payment.orderId,
    label: payment.invoiceNumber ? `Faktura nr. ${payment.invoiceNumber}` : paymentLabels[payment.kind],
    days: daysSummary(payment.days),
    invoiceUrl: payment.invoiceId ? `/faktura/${payment.invoiceId}` : null,
    amount: formatMoney(payment.amountOere),
    due: formatDay(payment.dueDay),
    overdue: isOverdue(payment, today),
  }));
  const upcomingOrders = [
    ...new Set(
      bookings.flatMap((booking) =>
        booking.orderId && booking.releasedAt === null && !hasBegun(booking.day, today) ? [booking.orderId] : [],
      ),
    ),
  ];
  const quotes = await Promise.all(upcomingOrders.map((orderId) => quoteCancellation(db, user.id, orderId)));
  const cancellations = upcomingOrders.flatMap((orderId, index) => {
    const quoted = quotes[index];
    if (!quoted) return [];
    return [
      {
        orderId,
        days: daysSummary(quoted.days),
        words: cancellationWords(quoted.quote),
        refusal: quoted.refusal && cancellationRefusalMessage(quoted.refusal, quoted.cancellationDays),
      },
    ];
  });
  const view = bookings.map((booking) => ({
    claimId: booking.claimId,
    label: formatDay(booking.day),
    price: formatMoney(booking.priceOere),
    receiptNumber: booking.receiptNumber,
    contractUrl: booking.orderId && withContract.has(booking.orderId) ? `/kontrakt/${booking.orderId}` : null,
    cancelled: booking.releasedAt !== null,
    upcoming: !hasBegun(booking.day, today),
  }));
  return {
    requests: requests.map((request) => ({
      id: request.id,
      offered: request.status === "offered",
      days: daysSummary(request.days),
      answerBy: request.answerBy ? formatDateTime(request.answerBy) : "",
      total: formatMoney(request.total),
    })),
    duePayments,
    upcoming: view.filter((booking) => booking.upcoming && !booking.cancelled).reverse(),
    past: view.filter((booking) => !booking.upcoming || booking.cancelled),
    cancellations,
    tiers: tierDescriptions(settings.cancellationTiers),
    cancellationDays: settings.cancellationDays,
    feedUrl: `${config.PUBLIC_URL}/kalender/${token}.ics`,
    ticketOrders: ticketOrders.map((order): MyTicketOrder => ({
      orderPath: `/billetter/ordre/${order.accessToken}`,
      concert: order.concert,
      when: concertWhen(order),
      tickets: order.tickets,
      refunded: order.status === "cancelled",
      past: !isUpcoming(order, new Date()),
    })),
  };
}

const myReservationForms = z.union([
  z.object({ intent: z.literal("pay"), ordre: z.uuid() }),
  z.object({ intent: z.literal("cancel"), ordre: z.uuid() }),
]);

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, config, payments: provider, mailer, logger } = collaborators();
  const user = await requireUser(auth, request, url);
  const submission = parseSubmission(await readFormData(request), myReservationForms);
  if (submission.ok && submission.value.intent === "pay") {
    const order = await requireOwnOrder(db, user.id, submission.value.ordre);
    if (order.status === "invoiced") {
      return answer(
        { toast: errorToast("Fakturaen betales ved bankoverførsel", "Oplysningerne står på fakturaen.") },
        409,
      );
    }
    if (!provider) {
      return answer({ toast: errorToast("Betaling er ikke sat op endnu", "Kontakt os for at betale.") }, 503);
    }
    const redirectTo = await startNextPayment(
      { db, provider, publicUrl: config.PUBLIC_URL },
      order,
      "/alle-reservationer",
    );
    if (!redirectTo) return answer({ toast: successToast("Der er ikke mere at betale") });
    throw redirect(redirectTo);
  }
  if (!submission.ok) return answer({ toast: errorToast("Bookingen kunne ikke afbestilles") }, 400);
  if (!provider) {
    return answer({ toast: errorToast("Betaling er ikke sat op endnu", "Kontakt os for at afbestille.") }, 503);
  }
  const result = await cancelOrderAndNotify(
    { db, provider, mailer, logger, publicUrl: config.PUBLIC_URL },
    submission.value.ordre,
    { userId: user.id, byAdmin: false, reason: "Afbestilt af lejeren" },
  );
  if (result.ok) {
    return answer({ toast: successToast("Bookingen er afbestilt", "Du har fået en bekræftelse på e-mail.") });
  }
  const { cancellationDays } = await getReservationSettings(db);
  return answer(
    { toast: errorToast(cancellationRefusalMessage(result.reason, cancellationDays)) },
    result.reason === "not-found" ? 404 : 409,
  );
}

export default function MyReservations({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { upcoming, past, feedUrl, duePayments } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Mine reservationer</h1>
      <MyRequests requests={loaderData.requests} />
      <DuePayments payments={duePayments} />
      <h2 className="mt-10 font-display text-2xl font-bold">Kommende</h2>
      {upcoming.length === 0 ? (
        <p className="mt-3 text-muted">
          Du har ingen kommende reservationer.{" "}
          <Link to="/reservation" className="font-semibold text-accent underline-offset-4 hover:underline">
            Find en ledig dag
          </Link>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface-raised">
          {upcoming.map((booking) => (
            <li key={booking.claimId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold first-letter:uppercase">{booking.label}</p>
                {booking.receiptNumber ? (
                  <p className="text-sm text-muted">Kvittering nr. {booking.receiptNumber}</p>
                ) : null}
                {booking.contractUrl && (
                  <a
                    href={booking.contractUrl}
                    className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
                  >
                    Lejekontrakt (PDF)
                  </a>
                )}
              </div>
              <span className="tabular-nums">{booking.price}</span>
            </li>
          ))}
        </ul>
      )}
      <MyCancellations cancellations={loaderData.cancellations} tiers={loaderData.tiers} />
      <MyTickets orders={loaderData.ticketOrders} />

      {past.length > 0 && (
        <>
          <h2 className="mt-10 font-display text-2xl font-bold">Tidligere og afbestilte</h2>
          <ul className="mt-4 divide-y divide-border rounded-2xl border border-border">
            {past.map((booking) => (
              <li key={booking.claimId} className="flex justify-between gap-4 px-4 py-3 text-muted">
                <span className="first-letter:uppercase">
                  {booking.label}
                  {booking.cancelled ? " (afbestilt)" : ""}
                </span>
                <span className="tabular-nums">{booking.price}</span>
              </li>
            ))}
          </ul>
        </>
      )}

      <section aria-labelledby="kalender" className="mt-12 rounded-2xl border border-border p-5">
        <h2 id="kalender" className="font-display text-xl font-bold">
          Abonnér i din kalender
        </h2>
        <p className="mt-2 text-sm text-muted">
          Tilføj adressen i din kalender-app (fx Google Kalender, Outlook eller iPhone), så dine reservationer altid
          står der. Del den ikke med andre.
        </p>
        <label htmlFor="feed" className="mt-3 block text-sm font-semibold">
          Din personlige kalenderadresse
        </label>
        <input
          id="feed"
          readOnly
          value={feedUrl}
          className="mt-1 w-full rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <a href={feedUrl} className={`${buttonStyles.secondary} mt-3`}>
          Hent som .ics
        </a>
      </section>
    </section>
  );
}
