import { Link, redirect } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { reconcileCheckout, stripeSettingsOf } from "~/features/payment/stripe.server";
import { requireUser } from "~/features/accounts/session.server";
import { receiptOf } from "~/features/rental/checkout.server";
import { Amounts } from "~/features/rental/components/amounts";
import { PaymentPlan } from "~/features/orders/components/payment-plan";
import { nextDuePayment } from "~/features/orders/payments.server";
import { invoiceOfOrder } from "~/features/invoices/invoices.server";
import { InvoicedBooking } from "~/features/invoices/components/invoiced-booking";
import { formatDay } from "~/lib/days";
import { getOrder, requireOwnOrder } from "~/features/rental/orders.server";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/success";

export const meta = () => privatePageMeta("Tak for din reservation");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, config, mailer, metrics, logger, sales } = collaborators();
  const user = await requireUser(auth, request, url);
  const order = await requireOwnOrder(db, user.id, url.searchParams.get("ordre"));
  const sessionId = url.searchParams.get("session_id");
  const stripe = stripeSettingsOf(config);
  const unpaid = order.status === "pending" || (await nextDuePayment(db, order.id)) !== null;
  if (unpaid && order.provider === "stripe" && stripe && sessionId) {
    // Stripe sends the buyer here at once; if its webhook has not arrived yet, ask Stripe directly.
    await reconcileCheckout({ db, mailer, config, metrics, logger, sales }, stripe, order.id, sessionId);
  }
  const current = (await getOrder(db, order.id))!;
  if (current.status !== "paid" && current.status !== "invoiced") throw redirect(`/betaling?ordre=${order.id}`);
  const invoice = await invoiceOfOrder(db, current.id);
  return {
    receipt: await receiptOf(db, current),
    email: current.bookerEmail,
    invoice: invoice && {
      id: invoice.id,
      number: invoice.number,
      due: formatDay(invoice.dueOn),
      paid: !!invoice.paidAt,
    },
  };
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const { receipt, email, invoice } = loaderData;
  if (invoice && !invoice.paid) return <InvoicedBooking {...loaderData} invoice={invoice} />;
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Tak for din reservation</h1>
      <p className="mt-3 text-lg text-muted">
        Betalingen er gennemført, og dagene er dine. Vi har sendt en bekræftelse til {email}.
        {receipt.payments.some((payment) => !payment.paid) &&
          " Restbeløbet betaler du under Mine reservationer; vi minder dig om det en uge før."}
      </p>
      <article
        aria-labelledby="kvittering"
        className="mt-8 rounded-2xl border border-border bg-surface-raised p-5 sm:p-6"
      >
        <h2 id="kvittering" className="font-display text-2xl font-bold">
          Kvittering nr. {receipt.receiptNumber}
        </h2>
        <p className="mt-1 text-sm text-muted">Betalt {receipt.paidAt}</p>
        <ul aria-label="Det har du købt" className="mt-5 divide-y divide-border">
          {receipt.lines.map((line) => (
            <li key={line.label} className="flex justify-between gap-4 py-2">
              <span>{line.label}</span>
              <span className="whitespace-nowrap tabular-nums">{line.price}</span>
            </li>
          ))}
        </ul>
        <Amounts
          vat={receipt.vat}
          total={receipt.total}
          totalLabel={receipt.payments.length > 1 ? "I alt" : "I alt betalt"}
          className="mt-4 border-t border-border pt-4"
        />
        <PaymentPlan payments={receipt.payments} className="mt-4 border-t border-border pt-4" />
        <div className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <p className="font-semibold">Sælger</p>
            <p>{receipt.business.name}</p>
            <p>{receipt.business.address}</p>
            <p>CVR {receipt.business.cvr}</p>
          </div>
          <div>
            <p className="font-semibold">Lejer</p>
            <p>{receipt.bookerName}</p>
            <p>{receipt.bookerAddress}</p>
          </div>
        </div>
      </article>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/alle-reservationer" className={buttonStyles.primary}>
          Mine reservationer
        </Link>
        <Link to="/reservation" className={buttonStyles.secondary}>
          Til kalenderen
        </Link>
      </div>
    </section>
  );
}
