import { VAT_PERCENT } from "~/features/orders/money";

/** The moms included and the total of a basket, order or receipt, right-aligned. */
export function Amounts({
  vat,
  total,
  totalLabel,
  className = "mt-4",
}: {
  vat: string;
  total: string;
  totalLabel: string;
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-right ${className}`}>
      <dt className="text-muted">Heraf moms ({VAT_PERCENT} %)</dt>
      <dd className="tabular-nums">{vat}</dd>
      <dt className="text-lg font-semibold">{totalLabel}</dt>
      <dd className="text-lg font-semibold tabular-nums">{total}</dd>
    </dl>
  );
}
