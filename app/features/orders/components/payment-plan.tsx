import type { PaymentView } from "../receipt";

/** An order's payments: what is paid (with its receipt) and what is due when. Nothing for a single payment. */
export function PaymentPlan({ payments, className = "" }: { payments: PaymentView[]; className?: string }) {
  if (payments.length < 2) return null;
  return (
    <section aria-label="Betalinger" className={className}>
      <h3 className="text-sm font-semibold text-muted">Betalinger</h3>
      <ul className="mt-2 divide-y divide-border">
        {payments.map((payment) => (
          <li key={payment.label} className="flex flex-wrap justify-between gap-x-4 py-2">
            <span>
              {payment.label}
              <span className="block text-sm text-muted">
                {payment.paid ? `Betalt · kvittering nr. ${payment.receiptNumber}` : `Forfalder ${payment.due}`}
              </span>
            </span>
            <span className="whitespace-nowrap tabular-nums">{payment.amount}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
