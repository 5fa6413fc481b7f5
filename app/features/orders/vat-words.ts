import { formatMoney } from "~/lib/format";
import { vatParts, type VatCategory, type VatLine } from "./vat";

/** One row of what a page, a receipt or a mail says of the moms in an amount. */
export interface VatRow {
  label: string;
  amount: string;
}

/** What is said of a part that carries no moms, with the rule that says so (decision 054). */
export const untaxedLabels: Record<Exclude<VatCategory, "standard">, string> = {
  "exempt-letting": "Momsfri leje (momslovens § 13, stk. 1, nr. 8)",
  "outside-scope": "Sikkerhedsdepositum, uden for moms",
};

/**
 * The moms of some lines in words, one row per category and rate: the moms of each rate, and the amount of each part
 * that carries none, with why. Every page and mail that shows an amount's moms shows these rows.
 */
export function vatRows(lines: VatLine[]): VatRow[] {
  return vatParts(lines).flatMap((part) => {
    if (part.vatCategory === "standard") {
      return [{ label: `Heraf moms ${part.vatRatePercent} %`, amount: formatMoney(part.vatOere) }];
    }
    return part.totalOere === 0
      ? []
      : [{ label: untaxedLabels[part.vatCategory], amount: formatMoney(part.totalOere) }];
  });
}

/** The rows as a sentence of a mail or a contract: "Heraf moms 25 %: 250,00 kr. Momsfri leje (…): 6.500,00 kr." */
export const vatInWords = (rows: VatRow[]) => rows.map((row) => `${row.label}: ${row.amount}.`).join(" ");
