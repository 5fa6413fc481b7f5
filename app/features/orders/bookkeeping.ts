import { csvDocument, csvKroner } from "~/lib/csv";

/**
 * The accountant's CSV (issue 35): every payment received (with its receipt), every invoice and credit note
 * issued, in a period, with moms. A payment of part of an order (a depositum, a balance) carries its share of the
 * order's moms; the shares of an order's payments add up to the order's moms exactly.
 */

/**
 * Each payment's share of its order's moms, in proportion to what it pays of the sale. A security deposit is no
 * sale: the last payment carries it (decision 035), and it has no moms. While the payments are the whole order, the
 * last takes what rounding left, so the shares add up to the order's moms exactly; a plan cut short by a
 * cancellation (decision 036) is only what was paid, each payment its own share.
 */
export function vatShares(order: { totalOere: number; vatOere: number }, amounts: number[], securityDepositOere = 0) {
  const whole = amounts.reduce((sum, amount) => sum + amount, 0) === order.totalOere;
  const saleOere = order.totalOere - securityDepositOere;
  const shareOf = (amount: number) => (saleOere === 0 ? 0 : Math.round((amount * order.vatOere) / saleOere));
  if (!whole) return amounts.map(shareOf);
  let left = order.vatOere;
  return amounts.map((amount, index) => {
    if (index === amounts.length - 1) return left;
    const share = shareOf(amount);
    left -= share;
    return share;
  });
}

/**
 * The moms of a refund: none on the security deposit it pays back, and the rent's share of the order's moms on
 * the rest (a cancellation's refund, decision 036).
 */
export function refundVat(
  order: { totalOere: number; vatOere: number },
  refund: { refundOere: number; securityDepositOere: number },
  orderSecurityDepositOere: number,
) {
  const saleOere = order.totalOere - orderSecurityDepositOere;
  const rentOere = refund.refundOere - refund.securityDepositOere;
  return saleOere === 0 ? 0 : Math.round((rentOere * order.vatOere) / saleOere);
}

export interface BookkeepingEntry {
  /** "YYYY-MM-DD": the day paid, or issued. */
  date: string;
  kind: "payment" | "invoice" | "credit-note" | "refund";
  /** The receipt's number for a payment (a refund's: its order's), the invoice's or credit note's own. */
  number: number;
  booker: string;
  cvr: string | null;
  ean: string | null;
  /** Moms included; negative for a credit note. */
  totalOere: number;
  vatOere: number;
}

const kindLabels: Record<BookkeepingEntry["kind"], string> = {
  payment: "Betaling",
  invoice: "Faktura",
  "credit-note": "Kreditnota",
  refund: "Tilbagebetaling",
};

const kindOrder: BookkeepingEntry["kind"][] = ["invoice", "credit-note", "payment", "refund"];

/** The entries as CSV, by date, then what was issued before what was paid, then number. */
export function bookkeepingCsv(entries: BookkeepingEntry[]) {
  const sorted = [...entries].sort(
    (a, b) =>
      a.date.localeCompare(b.date) || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || a.number - b.number,
  );
  return csvDocument(
    ["Dato", "Type", "Nummer", "Lejer", "CVR", "EAN", "Beløb inkl. moms", "Moms", "Beløb ekskl. moms"],
    sorted.map((entry) => [
      entry.date,
      kindLabels[entry.kind],
      String(entry.number),
      entry.booker,
      entry.cvr ?? "",
      entry.ean ?? "",
      csvKroner(entry.totalOere),
      csvKroner(entry.vatOere),
      csvKroner(entry.totalOere - entry.vatOere),
    ]),
  );
}
