/** An order's lines as a receipt lists them, each with its amount, in a box (payment, confirmation, tickets). */
export function OrderLines({
  lines,
  label,
  className = "mt-8",
}: {
  lines: { label: string; price: string }[];
  label?: string;
  className?: string;
}) {
  return (
    <ul
      aria-label={label}
      className={`${className} divide-y divide-border rounded-2xl border border-border bg-surface-raised`}
    >
      {lines.map((line) => (
        <li key={line.label} className="flex justify-between gap-4 px-4 py-3">
          <span>{line.label}</span>
          <span className="whitespace-nowrap tabular-nums">{line.price}</span>
        </li>
      ))}
    </ul>
  );
}
