import { data, Form, Link } from "react-router";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { concertWhen, sendTickets } from "~/features/tickets/complete.server";
import { SaleSetupForm } from "~/features/tickets/components/sale-setup-form";
import { SalesView } from "~/features/tickets/components/sales-view";
import { addGuests } from "~/features/tickets/guests.server";
import { concertOf, ticketOrderById } from "~/features/tickets/orders.server";
import { refundCancelledConcert, refundTicketOrderAndNotify } from "~/features/tickets/refunds.server";
import { salesOf } from "~/features/tickets/sales.server";
import { saleSetupValues, ticketSaleOf } from "~/features/tickets/sale.server";
import { ticketSaleSetupSchema } from "~/features/tickets/sale-settings";
import { buyerActionSchema, guestSchema } from "~/features/tickets/schemas";
import { saveTicketSale } from "~/features/tickets/setup.server";
import { answer, parseSubmission, unknownIntentMessage, withErrorToast } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { formatMoney } from "~/lib/format";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/admin.billetsalg.event";
import { Section } from "~/components/ui/section";

export const meta = () => privatePageMeta("Billetsalg");

async function requireConcert(eventId: string) {
  const { db } = collaborators();
  const concert = /^[0-9a-f-]{36}$/.test(eventId) ? await concertOf(db, eventId) : null;
  if (!concert) throw data(null, { status: 404 });
  return concert;
}

/** One concert's own sale: its setup, and once it sells, the sales by type, the money, the buyers and the guests. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const concert = await requireConcert(params.eventId);
  const [own, sales] = await Promise.all([ticketSaleOf(db, concert.id), salesOf(db, concert.id)]);
  const net = (money: { totalOere: number; vatOere: number }) => formatMoney(money.totalOere - money.vatOere);
  return {
    concert: {
      id: concert.id,
      title: concert.title,
      when: concertWhen(concert),
      cancelled: concert.status === "aflyst",
    },
    setUp: own !== null,
    setup: saleSetupValues(own, concert),
    sales: {
      types: sales.types,
      guests: sales.guests,
      money: {
        tickets: formatMoney(sales.tickets.totalOere),
        ticketsNet: net(sales.tickets),
        fees: formatMoney(sales.fees.totalOere),
        feesNet: net(sales.fees),
        total: formatMoney(sales.tickets.totalOere + sales.fees.totalOere),
        vat: formatMoney(sales.tickets.vatOere + sales.fees.vatOere),
      },
      buyers: sales.buyers.map((buyer) => ({
        id: buyer.id,
        name: buyer.name,
        email: buyer.email,
        tickets: buyer.tickets,
        total: formatMoney(buyer.totalOere),
        receiptNumber: buyer.receiptNumber,
        refunded: buyer.status === "cancelled",
      })),
    },
    paidOrders: sales.buyers.filter((buyer) => buyer.status === "paid").length,
  };
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const { db, auth, mailer, config, logger, payments, freshness } = collaborators();
  const admin = await requireAdmin(auth, request, url);
  const concert = await requireConcert(params.eventId);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "opsaet") {
    const submission = parseSubmission(form, ticketSaleSetupSchema);
    if (!submission.ok) return answer(withErrorToast({ ...submission.answer, intent }), 400);
    const refused = await saveTicketSale(db, concert.id, submission.value);
    if (refused) {
      return answer(
        { intent, fieldErrors: { [refused.field]: [refused.message] }, toast: errorToast(refused.message) },
        409,
      );
    }
    await freshness.changed("content");
    return answer({ intent, toast: successToast("Billetsalget er gemt") });
  }
  if (intent === "gaest") {
    const submission = parseSubmission(form, guestSchema);
    if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
    const added = await addGuests(db, concert.id, submission.value.navn, submission.value.antal);
    if (!added) return answer({ intent, toast: errorToast("Der er ikke plads til flere på gæstelisten") }, 409);
    await freshness.changed("content");
    return answer({ intent, toast: successToast(`${submission.value.navn} er sat på gæstelisten`) });
  }
  if (intent === "refunder-alle") {
    if (!concert.status || concert.status !== "aflyst") {
      return answer({ intent, toast: errorToast("Kun en aflyst koncert kan refunderes samlet") }, 409);
    }
    if (!payments) return answer({ intent, toast: errorToast("Der er ingen betalingsudbyder sat op") }, 409);
    const count = await refundCancelledConcert({ db, provider: payments, mailer, logger, config }, concert.id, {
      userId: admin.id,
    });
    await freshness.changed("content");
    return answer({ intent, toast: successToast(`${count} ordrer er refunderet, og køberne har fået besked`) });
  }
  const submission = parseSubmission(form, buyerActionSchema);
  if (!submission.ok) return answer({ formError: unknownIntentMessage, toast: errorToast(unknownIntentMessage) }, 400);
  const order = await ticketOrderById(db, submission.value.ordre);
  if (!order || order.eventId !== concert.id) throw data(null, { status: 404 });
  if (submission.value.intent === "send-igen") {
    const sent = await sendTickets({ db, mailer, config }, order, true);
    if (!sent) return answer({ toast: errorToast("Ordren har ingen gyldige billetter") }, 409);
    return answer({ toast: successToast(`Billetterne er sendt igen til ${order.bookerEmail}`) });
  }
  if (!payments) return answer({ toast: errorToast("Der er ingen betalingsudbyder sat op") }, 409);
  const refunded = await refundTicketOrderAndNotify({ db, provider: payments, mailer, logger, config }, order.id, {
    userId: admin.id,
    reason: "Refunderet af spillestedet.",
  });
  if (!refunded.ok) {
    return answer(
      { toast: errorToast(refunded.reason === "refunded" ? "Ordren er allerede refunderet" : "Ordren er ikke betalt") },
      409,
    );
  }
  await freshness.changed("content");
  return answer({ toast: successToast(`${formatMoney(refunded.amountOere)} er refunderet til ${order.bookerName}`) });
}

export default function ConcertSale({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { concert } = loaderData;
  const setupAnswer = actionData?.intent === "opsaet" ? actionData : undefined;
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 pt-10 pb-16">
      <div>
        <Link to="/billetsalg" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          ← Billetsalg
        </Link>
        <h1 className="mt-3 font-display text-3xl font-bold tracking-tight">{concert.title}</h1>
        <p className="mt-1 text-muted">
          {concert.when}
          {concert.cancelled && " · Aflyst"}
        </p>
        {loaderData.setUp && !concert.cancelled && (
          <p className="mt-2">
            <Link
              to={`/koncerter/${concert.id}/billetter`}
              className="font-semibold text-accent underline-offset-4 hover:underline"
            >
              Se købssiden
            </Link>
          </p>
        )}
      </div>
      {concert.cancelled && loaderData.paidOrders > 0 && (
        <section className="rounded-2xl border border-red-600/40 bg-red-50 p-5 text-red-950 dark:bg-red-950 dark:text-red-50">
          <h2 className="font-semibold">Koncerten er aflyst</h2>
          <p className="mt-1">
            {loaderData.paidOrders} ordrer er betalt. Refundér dem alle, så får hver køber pengene tilbage og en e-mail.
          </p>
          <ConfirmStep
            summary="Refundér alle billetter"
            summaryClassName="mt-3 inline-block rounded-full bg-red-700 px-4 py-2 font-semibold text-white"
            label="Bekræft refusion af alle billetter"
            question={`Refundér alle ${loaderData.paidOrders} ordrer til ${concert.title}?`}
            inPlace
          >
            <Form method="post">
              <input type="hidden" name="intent" value="refunder-alle" />
              <ConfirmButton>Ja, refundér alle</ConfirmButton>
            </Form>
          </ConfirmStep>
        </section>
      )}
      <Section title="Opsætning" headingClassName="mb-4 font-display text-2xl font-bold">
        <SaleSetupForm
          values={loaderData.setup}
          errors={setupAnswer?.fieldErrors}
          formError={setupAnswer?.formError}
          typed={setupAnswer?.values}
        />
      </Section>
      {loaderData.setUp && <SalesView data={loaderData.sales} eventId={concert.id} />}
    </div>
  );
}
