export interface OpenPaymentView {
  id: string;
  label: string;
  booker: string;
  email: string;
  days: string;
  amount: string;
  due: string;
  overdue: boolean;
  reminded: string | null;
}

/** The admin's payments still due on booked orders; the overdue ones stand out. */
export function OpenPayments({ payments, title }: { payments: OpenPaymentView[]; title: string }) {
  const overdue = payments.filter((payment) => payment.overdue).length;
  return (
    <section aria-labelledby="betalinger" className="mt-8 rounded-2xl border border-border p-5">
      <h2 id="betalinger" className="font-display text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {payments.length === 0
          ? "Ingen betalinger venter."
          : `${payments.length} i alt${overdue > 0 ? `, heraf ${overdue} forfaldne` : ""}.`}
      </p>
      <ul className="mt-3 divide-y divide-border">
        {payments.map((payment) => (
          <li key={payment.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {payment.booker} · {payment.label.toLowerCase()}
              </p>
              <p className="text-sm text-muted">
                {payment.days} · <a href={`mailto:${payment.email}`}>{payment.email}</a>
                {payment.reminded ? ` · påmindet ${payment.reminded}` : ""}
              </p>
            </div>
            <span className="whitespace-nowrap tabular-nums">{payment.amount}</span>
            <span
              className={
                payment.overdue
                  ? "rounded-full bg-red-100 px-3 py-0.5 text-sm font-semibold text-red-900 dark:bg-red-950 dark:text-red-100"
                  : "text-sm text-muted"
              }
            >
              {payment.overdue ? `Forfalden ${payment.due}` : `Forfalder ${payment.due}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
