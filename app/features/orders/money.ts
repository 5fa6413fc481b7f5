/**
 * Money in every order, whatever it sells (days, add-ons, tickets): amounts are integer øre with moms included,
 * as Danish prices to consumers are written, and the moms is taken out per line (decision 031).
 */

/** Danish moms: 25 % on top of the net price. */
export const VAT_PERCENT = 25;

/**
 * The moms inside a price that includes it: 25/125, a fifth, rounded to whole øre. A fifth of a whole number of øre
 * ends in .0, .2, .4, .6 or .8, never .5, so rounding to the nearest øre never has a tie to break.
 */
export function vatIncluded(totalOere: number): number {
  return Math.round((totalOere * VAT_PERCENT) / (100 + VAT_PERCENT));
}

/**
 * A percentage of an amount in whole øre, half an øre rounded up: a depositum of 25 %, a cancellation fee of 50 %.
 */
export function percentOf(amountOere: number, percent: number): number {
  return Math.round((amountOere * percent) / 100);
}

/** A line of an order: what is sold, how many, at what price each with moms, and whether moms applies at all. */
export interface OrderLine {
  description: string;
  quantity: number;
  unitPriceOere: number;
  /** False for what is no sale: a security deposit, paid back after the event. */
  withVat: boolean;
}

export function lineTotal(line: Pick<OrderLine, "quantity" | "unitPriceOere">): number {
  return line.quantity * line.unitPriceOere;
}

/** The line's moms, rounded per line: a document shows each line's moms, and the order's is their sum. */
export function lineVat(line: Pick<OrderLine, "quantity" | "unitPriceOere" | "withVat">): number {
  return line.withVat ? vatIncluded(lineTotal(line)) : 0;
}

/** An order's total, its moms (the sum of the lines' own) and its amount without moms, from its lines. */
export function orderTotals(lines: Pick<OrderLine, "quantity" | "unitPriceOere" | "withVat">[]) {
  const totalOere = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const vatOere = lines.reduce((sum, line) => sum + lineVat(line), 0);
  return { totalOere, vatOere, netOere: totalOere - vatOere };
}

/** A line with its own total and moms, as it is stored and shown. */
export function pricedLine<Line extends OrderLine>(line: Line): Line & { totalOere: number; vatOere: number } {
  return { ...line, totalOere: lineTotal(line), vatOere: lineVat(line) };
}
