import { addDays } from "~/lib/days";
import { vatParts, vatSharesOf, type VatLine } from "~/features/orders/vat";
import type { CustomerType } from "~/features/rental/customer-types";

/**
 * Invoices (issue 35): what a Danish invoice must say (momsbekendtgørelsen § 58: number, date, seller and buyer,
 * lines without moms, the moms, the total) and when it is due. Days are "YYYY-MM-DD" keys in Copenhagen.
 */

/** Who may pay on invoice, when the admin allows it: companies and public institutions. */
export const INVOICE_CUSTOMER_TYPES: readonly CustomerType[] = ["erhverv", "offentlig"];

/** The basket's choice of card ("kort") or invoice ("faktura"). */
export const PAYMENT_METHOD_FIELD = "betaling";

/** Whether a customer type may pay on invoice now. */
export function mayPayOnInvoice(settings: { invoiceAllowed: boolean }, customerType: CustomerType) {
  return settings.invoiceAllowed && INVOICE_CUSTOMER_TYPES.includes(customerType);
}

/**
 * When an invoice issued `today` falls due: `invoiceDays` later, but the day before the first booked day at the
 * latest, and never before it is issued.
 */
export function invoiceDueDay(today: string, firstDay: string, invoiceDays: number) {
  const net = addDays(today, invoiceDays);
  const beforeTheDay = addDays(firstDay, -1);
  const due = net < beforeTheDay ? net : beforeTheDay;
  return due < today ? today : due;
}

/** A line of an invoice: with moms, as the order holds it, at its own category and rate (decision 054). */
export interface InvoiceLine extends VatLine {
  description: string;
  quantity: number;
  unitPriceOere: number;
}

/** A line as the invoice shows it, without moms: its net total and net unit price (the unit's share, rounded). */
export function netLine(line: InvoiceLine) {
  const netOere = line.totalOere - line.vatOere;
  return { ...line, netOere, netUnitOere: Math.round(netOere / line.quantity) };
}

/**
 * A credit note's lines for `creditOere` of an invoice: a line per moms part of the invoice (decision 054), so the
 * credit note reverses the moms as the invoice charged it. What is outside moms (a security deposit, always paid
 * back whole) is credited first; the rest of the credit is shared by the parts sold, each with the moms of its own
 * rate. Once issued, a credit note's moms is its own (`issuedVatOere`): the last line carries any øre that the
 * sharing of another day would put elsewhere.
 */
export function creditNoteLines(
  invoiceLines: VatLine[],
  creditOere: number,
  description: string,
  issuedVatOere?: number,
): InvoiceLine[] {
  const parts = vatParts(invoiceLines);
  const outside = parts.filter((part) => part.vatCategory === "outside-scope");
  const outsideOere = Math.min(
    creditOere,
    outside.reduce((sum, part) => sum + part.totalOere, 0),
  );
  const credited = [
    ...vatSharesOf(
      parts.filter((part) => part.vatCategory !== "outside-scope"),
      creditOere - outsideOere,
    ),
    ...vatSharesOf(outside, outsideOere),
  ].filter((part) => part.totalOere > 0);
  const last = credited.findLast((part) => part.vatCategory === "standard");
  if (last && issuedVatOere !== undefined) {
    last.vatOere += issuedVatOere - credited.reduce((sum, part) => sum + part.vatOere, 0);
  }
  return credited.map((part) => ({
    description,
    quantity: 1,
    unitPriceOere: part.totalOere,
    vatCategory: part.vatCategory,
    vatRatePercent: part.vatRatePercent,
    totalOere: part.totalOere,
    vatOere: part.vatOere,
  }));
}

/** An invoice's amounts from its lines: without moms, the moms (the lines' own, decision 031), and the total. */
export function invoiceTotals(lines: InvoiceLine[]) {
  const totalOere = lines.reduce((sum, line) => sum + line.totalOere, 0);
  const vatOere = lines.reduce((sum, line) => sum + line.vatOere, 0);
  return { netOere: totalOere - vatOere, vatOere, totalOere };
}

/** Øre as an XML or a bank's decimal amount: "1234.50". */
export const decimalAmount = (oere: number) =>
  `${oere < 0 ? "-" : ""}${Math.floor(Math.abs(oere) / 100)}.${String(Math.abs(oere) % 100).padStart(2, "0")}`;
