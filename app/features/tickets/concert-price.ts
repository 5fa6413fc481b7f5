import { formatPrice } from "~/lib/format";
import type { TicketSaleMode } from "~/db/schema/values/content";

/**
 * The price a fan first sees of a concert (issue 54): every fee they cannot avoid included (markedsføringsloven
 * § 13). A concert with its own sale is priced from the sale, never from the admin's text, so the two cannot
 * disagree; one sold elsewhere or free shows the admin's text. The programme, the front page, the concert's and
 * the buying page, the newsletter, the structured data and the calendars all ask `concertPrice`.
 */

/** A concert's own sale as its price is told: the fee per ticket and the price of each ticket type, in øre. */
export interface SalePrices {
  feeOere: number;
  typePricesOere: readonly number[];
}

export interface ConcertPrice {
  /** "Fra 140 kr. inkl. gebyr", "Gratis", or the admin's text for a concert sold elsewhere. */
  text: string;
  /** What one ticket costs in all, the cheapest and the dearest, in øre; null when the text names no amount. */
  lowestOere: number | null;
  highestOere: number | null;
}

/** The price of a concert's own sale: each type's total with the fee, the cheapest first; null with no types. */
export function salePrice({ feeOere, typePricesOere }: SalePrices): ConcertPrice | null {
  const totals = [...new Set(typePricesOere.map((price) => price + feeOere))].sort((one, other) => one - other);
  const [lowest, next] = totals;
  const highest = totals.at(-1);
  if (lowest === undefined || highest === undefined) return null;
  const withFee = (oere: number) => `${formatPrice(oere)}${feeOere > 0 ? " inkl. gebyr" : ""}`;
  let text: string;
  if (highest === 0) text = "Gratis";
  // A total of 0 has no fee: the fee is in every total.
  else if (lowest === 0) text = `Gratis eller ${totals.length > 2 ? "fra " : ""}${formatPrice(next!)}`;
  else text = totals.length === 1 ? withFee(lowest) : `Fra ${withFee(lowest)}`;
  return { text, lowestOere: lowest, highestOere: highest };
}

/** The price a fan first sees: from the sale for a concert with its own sale, else the admin's text; or none. */
export function concertPrice(
  concert: { ticketSale: TicketSaleMode; price: string },
  sale: SalePrices | null,
): ConcertPrice | null {
  if (concert.ticketSale === "own") return sale ? salePrice(sale) : null;
  const text = concert.price.trim();
  if (!text) return null;
  const oere = priceInOere(text);
  return { text, lowestOere: oere, highestOere: oere };
}

/** The amount the admin's text names ("210 kr. inkl. gebyr" → 21000, "Gratis" → 0), or null when it names none. */
function priceInOere(text: string): number | null {
  if (/\bgratis\b/i.test(text)) return 0;
  const match = /(\d[\d.]*)(?:,(\d{1,2}))?\s*(?:kr|dkk|,-)/i.exec(text);
  if (!match) return null;
  return Number(match[1]!.replace(/\./g, "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
