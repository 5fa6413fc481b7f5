import { vatIncluded, vatRateOf, type VatCategory } from "./vat";

/**
 * Money in every order, whatever it sells (days, add-ons, tickets): amounts are integer øre with moms included,
 * as Danish prices to consumers are written, and the moms is taken out per line at the line's own rate (decisions
 * 031 and 054).
 */

/**
 * A percentage of an amount in whole øre, half an øre rounded up: a depositum of 25 %, a cancellation fee of 50 %.
 */
export function percentOf(amountOere: number, percent: number): number {
  return Math.round((amountOere * percent) / 100);
}

/** A line of an order: what is sold, how many, at what price each with moms, and how moms applies to it. */
export interface OrderLine {
  description: string;
  quantity: number;
  unitPriceOere: number;
  vatCategory: VatCategory;
}

export function lineTotal(line: Pick<OrderLine, "quantity" | "unitPriceOere">): number {
  return line.quantity * line.unitPriceOere;
}

/**
 * A line with its rate, its own total and its moms, as it is stored and shown: the moms is rounded per line, and a
 * document's is the sum of its lines'.
 */
export function pricedLine<Line extends OrderLine>(
  line: Line,
): Line & { vatRatePercent: number; totalOere: number; vatOere: number } {
  const vatRatePercent = vatRateOf(line.vatCategory);
  const totalOere = lineTotal(line);
  return { ...line, vatRatePercent, totalOere, vatOere: vatIncluded(totalOere, vatRatePercent) };
}

/** An order's total, its moms (the sum of the lines' own) and its amount without moms, from its priced lines. */
export function orderTotals(lines: { totalOere: number; vatOere: number }[]) {
  const totalOere = lines.reduce((sum, line) => sum + line.totalOere, 0);
  const vatOere = lines.reduce((sum, line) => sum + line.vatOere, 0);
  return { totalOere, vatOere, netOere: totalOere - vatOere };
}
