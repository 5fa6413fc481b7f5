import type { VatRow } from "~/features/orders/vat-words";

/** The moms included (a row per rate, and what carries none) and the total of a basket, order or receipt. */
export function Amounts({
  vat,
  total,
  totalLabel,
  className = "mt-4",
}: {
  vat: VatRow[];
  total: string;
  totalLabel: string;
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-right ${className}`}>
      {vat.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-muted">{row.label}</dt>
          <dd className="tabular-nums">{row.amount}</dd>
        </div>
      ))}
      <dt className="text-lg font-semibold">{totalLabel}</dt>
      <dd className="text-lg font-semibold tabular-nums">{total}</dd>
    </dl>
  );
}
