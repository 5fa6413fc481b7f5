import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";

export interface DuePaymentView {
  orderId: string;
  label: string;
  /** The booking's days in a few words. */
  days: string;
  amount: string;
  due: string;
  overdue: boolean;
  /** An invoice is paid by bank transfer: its PDF, not a checkout. */
  invoiceUrl: string | null;
}

/** "Mine reservationer"'s payments still due (the balances), each with "Betal". */
export function DuePayments({ payments }: { payments: DuePaymentView[] }) {
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="betalinger" className="mt-8 rounded-2xl border-2 border-accent/50 p-5">
      <h2 id="betalinger" className="font-display text-2xl font-bold">
        Til betaling
      </h2>
      <ul className="mt-3 divide-y divide-border">
        {payments.map((payment) => (
          <li key={payment.orderId} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold first-letter:uppercase">{payment.label}</p>
              <p
                className={
                  payment.overdue ? "text-sm font-semibold text-red-700 dark:text-red-300" : "text-sm text-muted"
                }
              >
                {payment.overdue ? `Forfaldt ${payment.due}` : `Forfalder ${payment.due}`}
              </p>
            </div>
            <span className="ml-auto font-semibold whitespace-nowrap tabular-nums sm:ml-0">{payment.amount}</span>
            {payment.invoiceUrl ? (
              <a href={payment.invoiceUrl} className={buttonStyles.secondary}>
                Hent fakturaen
              </a>
            ) : (
              <Form method="post">
                <input type="hidden" name="ordre" value={payment.orderId} />
                <button type="submit" name="intent" value="pay" className={buttonStyles.primary}>
                  Betal
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
