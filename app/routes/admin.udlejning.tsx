import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { OpenPayments } from "~/features/orders/components/open-payments";
import { paymentLabels } from "~/features/orders/payments.server";
import { openPayments } from "~/features/rental/order-payment-plan.server";
import type { HistoryStep } from "~/features/rental/booking-history";
import {
  AdminCancellationForm,
  DepositSettlementForm,
  OverviewStage,
} from "~/features/rental/components/overview-stage";
import { adminCancellationSchema } from "~/features/rental/cancellation-tiers";
import { cancellationWords } from "~/features/rental/cancellation-words";
import {
  cancelOrderAndNotify,
  cancellationRefusalMessage,
  quoteCancellation,
} from "~/features/rental/order-cancellation.server";
import { getReservationSettings } from "~/features/rental/settings.server";
import { rentalOverview } from "~/features/rental/overview.server";
import { isOverdue } from "~/features/rental/payment-plan";
import { settlementRefusalMessages, settlementSchema } from "~/features/rental/security-deposit";
import { settleSecurityDeposit } from "~/features/rental/security-deposit.server";
import { daysSummary, formatDay, todayInCopenhagen } from "~/lib/days";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast } from "~/lib/form";
import { formatDateTime, formatMoney } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/admin.udlejning";

export const meta = () => privatePageMeta("Udlejning");

const historyView = (history: HistoryStep[]) =>
  history.map((step) => ({
    when: typeof step.at === "string" ? formatDay(step.at) : formatDateTime(step.at),
    label: step.label,
  }));

const stateOfBooking = (status: string) => (status === "invoiced" ? "Betales på faktura" : "Booket");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const today = todayInCopenhagen();
  const [overview, payments] = await Promise.all([rentalOverview(db), openPayments(db)]);
  const bookingView = (order: (typeof overview.upcoming)[number], state: string) => ({
    id: order.id,
    booker: order.bookerOrganisation ?? order.bookerName,
    email: order.bookerEmail,
    days: daysSummary(order.days),
    total: formatMoney(order.totalOere),
    state,
    history: historyView(order.history),
  });
  const answerBy = (order: (typeof overview.requests)[number]) =>
    order.answerBy ? formatDateTime(order.answerBy) : "";
  const quotes = await Promise.all(overview.upcoming.map((order) => quoteCancellation(db, null, order.id)));
  return {
    cancellations: Object.fromEntries(
      overview.upcoming.flatMap((order, index) => {
        const quoted = quotes[index];
        return quoted && !quoted.refusal ? [[order.id, cancellationWords(quoted.quote)]] : [];
      }),
    ),
    requests: overview.requests.map((order) => bookingView(order, `Svar senest ${answerBy(order)}`)),
    offers: overview.offers.map((order) => bookingView(order, `Tilbuddet gælder til ${answerBy(order)}`)),
    payments: payments.map((payment) => ({
      id: payment.id,
      label: paymentLabels[payment.kind],
      booker: payment.bookerName,
      email: payment.bookerEmail,
      days: daysSummary(payment.days),
      amount: formatMoney(payment.amountOere),
      due: formatDay(payment.dueDay),
      overdue: isOverdue(payment, today),
      reminded: payment.remindedOn && formatDay(payment.remindedOn),
    })),
    upcoming: overview.upcoming.map((order) => bookingView(order, stateOfBooking(order.status))),
    toSettle: overview.toSettle.map((order) => ({
      ...bookingView(order, `Sluttede ${formatDay(order.lastDay)}`),
      total: formatMoney(order.depositOere),
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, mailer, config, payments, logger } = collaborators();
  const admin = await requireAdmin(auth, request, url);
  const formData = await readFormData(request);
  if (formData.get("intent") === "aflys") {
    const cancellation = parseSubmission(formData, adminCancellationSchema);
    if (!cancellation.ok) return answer({ ...withErrorToast(cancellation.answer), ordre: formData.get("ordre") }, 400);
    if (!payments) return answer({ toast: errorToast("Der er ingen betalingsudbyder sat op") }, 409);
    const { ordre, begrundelse } = cancellation.value;
    const cancelled = await cancelOrderAndNotify(
      { db, provider: payments, mailer, logger, publicUrl: config.PUBLIC_URL },
      ordre,
      { userId: admin.id, byAdmin: true, reason: begrundelse },
    );
    if (!cancelled.ok) {
      const { cancellationDays } = await getReservationSettings(db);
      return answer({ toast: errorToast(cancellationRefusalMessage(cancelled.reason, cancellationDays)) }, 409);
    }
    return answer({ toast: successToast("Bookingen er aflyst", "Lejeren har fået besked på e-mail.") });
  }
  const submission = parseSubmission(formData, settlementSchema);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const { ordre, beholdes, begrundelse } = submission.value;
  if (!payments) return answer({ toast: errorToast("Der er ingen betalingsudbyder sat op") }, 409);
  const result = await settleSecurityDeposit(
    { db, mailer, logger, provider: payments, publicUrl: config.PUBLIC_URL },
    ordre,
    {
      keptOere: beholdes,
      reason: begrundelse,
      adminId: admin.id,
    },
  );
  if (!result.ok) {
    if (result.reason === "too-much") {
      const fieldErrors = { beholdes: [settlementRefusalMessages["too-much"]] };
      return answer({ ...withErrorToast({ fieldErrors }), fieldErrors, ordre }, 400);
    }
    const message =
      result.reason === "refund-failed"
        ? "Tilbagebetalingen kunne ikke gennemføres. Prøv igen om lidt."
        : result.reason === "not-found"
          ? "Bookingen findes ikke"
          : settlementRefusalMessages[result.reason];
    return answer({ toast: errorToast(message) }, result.reason === "not-found" ? 404 : 409);
  }
  const refunded = formatMoney(result.refundedOere);
  return answer({
    toast: successToast("Sikkerhedsdepositummet er afregnet", `${refunded} betales tilbage til lejeren.`),
  });
}

export default function AdminRental({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const errorsOf = (orderId: string) =>
    actionData && "ordre" in actionData && actionData.ordre === orderId ? actionData.fieldErrors : undefined;
  return (
    <section className="mx-auto max-w-5xl px-4 pt-12 pb-16 sm:pt-16">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-4xl font-bold tracking-tight">Udlejning</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/reservationer" className={buttonStyles.secondary}>
            Kalender
          </Link>
          <Link to="/fakturaer" className={buttonStyles.secondary}>
            Fakturaer
          </Link>
        </div>
      </div>
      <p className="mt-2 text-muted">
        Hver booking gennem dens trin, fra forespørgsel til afregnet sikkerhedsdepositum.
      </p>
      <OverviewStage
        id="at-besvare"
        title="1. Forespørgsler at besvare"
        empty="Ingen forespørgsler venter på svar."
        bookings={loaderData.requests}
      >
        {loaderData.requests.length > 0 && (
          <Link to="/forespoergsler" className="mt-2 inline-block font-semibold text-accent underline">
            Besvar forespørgslerne
          </Link>
        )}
      </OverviewStage>
      <OverviewStage
        id="tilbud"
        title="2. Tilbud, der venter på lejeren"
        empty="Ingen tilbud venter."
        bookings={loaderData.offers}
      />
      <OpenPayments payments={loaderData.payments} title="3. Betalinger, der venter" />
      <OverviewStage
        id="kommende"
        title="4. Kommende bookinger"
        empty="Ingen kommende bookinger."
        bookings={loaderData.upcoming}
        action={(booking) => {
          const words = loaderData.cancellations[booking.id];
          return words ? (
            <AdminCancellationForm orderId={booking.id} words={words} errors={errorsOf(booking.id)} />
          ) : null;
        }}
      />
      <OverviewStage
        id="depositum"
        title="5. Sikkerhedsdepositum at afregne"
        empty="Intet sikkerhedsdepositum venter på afregning."
        bookings={loaderData.toSettle}
        action={(booking) => (
          <DepositSettlementForm orderId={booking.id} deposit={booking.total} errors={errorsOf(booking.id)} />
        )}
      />
    </section>
  );
}
