/**
 * Danish moms as data (decision 054): each category of what an order sells, with its rate and the rule it rests on.
 * Which category a thing sold falls in is its business's answer (the hall's rent, an add-on, a ticket); the core
 * only knows the categories. A line keeps the category and rate it was sold with, so a document already issued keeps
 * its moms whatever the settings or the law say later.
 */
export const VAT_CATEGORIES = {
  /** Momsloven § 33, stk. 1: 25 % on the price without moms. Tickets to concerts, services, the fee. */
  standard: { ratePercent: 25, exemption: null },
  /** Momsloven § 13, stk. 1, nr. 8: letting rooms (udlejning af fast ejendom) is exempt. */
  "exempt-letting": {
    ratePercent: 0,
    exemption: "Momsfri udlejning af lokaler, jf. momslovens § 13, stk. 1, nr. 8",
  },
  /** Momsloven § 4, stk. 1 taxes supplies for consideration; a security deposit paid back is none. */
  "outside-scope": { ratePercent: 0, exemption: "Sikkerhedsdepositum, uden for momsens område" },
} as const satisfies Record<string, { ratePercent: number; exemption: string | null }>;

export type VatCategory = keyof typeof VAT_CATEGORIES;
export const VAT_CATEGORY_NAMES = Object.keys(VAT_CATEGORIES) as [VatCategory, ...VatCategory[]];

export const vatRateOf = (category: VatCategory) => VAT_CATEGORIES[category].ratePercent;

/**
 * The moms inside a price that includes it, rounded to whole øre: rate/(100 + rate). At 25 % that is a fifth, which
 * of a whole number of øre ends in .0, .2, .4, .6 or .8, never .5, so rounding never has a tie to break.
 */
export function vatIncluded(totalOere: number, ratePercent: number): number {
  return Math.round((totalOere * ratePercent) / (100 + ratePercent));
}

/** A line as the moms sees it: its category and rate as sold, its total and the moms in it. */
export interface VatLine {
  vatCategory: VatCategory;
  vatRatePercent: number;
  totalOere: number;
  vatOere: number;
}

/** The part of an order (or a document) in one category at one rate. */
export type VatPart = VatLine & { netOere: number };

/** The lines summed by category and rate, in the order of `VAT_CATEGORIES`, then by rate: what a document totals. */
export function vatParts(lines: VatLine[]): VatPart[] {
  const parts = new Map<string, VatPart>();
  for (const line of lines) {
    const key = `${line.vatCategory}:${line.vatRatePercent}`;
    const part = parts.get(key) ?? {
      vatCategory: line.vatCategory,
      vatRatePercent: line.vatRatePercent,
      totalOere: 0,
      vatOere: 0,
      netOere: 0,
    };
    part.totalOere += line.totalOere;
    part.vatOere += line.vatOere;
    part.netOere = part.totalOere - part.vatOere;
    parts.set(key, part);
  }
  return [...parts.values()].sort(
    (a, b) =>
      VAT_CATEGORY_NAMES.indexOf(a.vatCategory) - VAT_CATEGORY_NAMES.indexOf(b.vatCategory) ||
      b.vatRatePercent - a.vatRatePercent,
  );
}

/**
 * Shares of an amount across an order's parts, in proportion to each part's total, each with the moms of its share
 * at the part's own rate; the last part takes what rounding left, so the shares add up to the amount exactly. A
 * credit note for part of an invoice, a refund of part of an order.
 */
export function vatSharesOf(parts: VatPart[], amountOere: number): VatPart[] {
  const wholeOere = parts.reduce((sum, part) => sum + part.totalOere, 0);
  let left = amountOere;
  return parts.map((part, index) => {
    const totalOere =
      index === parts.length - 1 ? left : wholeOere === 0 ? 0 : Math.round((amountOere * part.totalOere) / wholeOere);
    left -= totalOere;
    const vatOere = part.totalOere === 0 ? 0 : Math.round((totalOere * part.vatOere) / part.totalOere);
    return { ...part, totalOere, vatOere, netOere: totalOere - vatOere };
  });
}
