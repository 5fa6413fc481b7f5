import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatMoney } from "~/lib/format";
import { printable } from "~/lib/pdf.server";
import { formatDay } from "~/lib/days";
import { VAT_CATEGORIES, vatParts } from "~/features/orders/vat";
import { untaxedLabels } from "~/features/orders/vat-words";
import { invoiceTotals, netLine } from "./invoices";
import type { InvoiceDocument } from "./oioubl";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  y: number;
}

function write(pen: Pen, text: string, x: number, options: { bold?: boolean; size?: number; right?: boolean } = {}) {
  const font = options.bold ? pen.bold : pen.regular;
  const size = options.size ?? 10;
  const safe = printable(text);
  const left = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
  pen.page.drawText(safe, { x: left, y: pen.y, size, font, color: rgb(0.1, 0.1, 0.12) });
}

const line = (pen: Pen, height = 14) => {
  pen.y -= height;
};

/**
 * The invoice as a PDF, with what a Danish invoice must state: its number and date, seller with CVR, buyer, the
 * lines without moms, the moms of each rate, what carries none and why (decision 054), the total, the due date and
 * where to pay.
 */
export async function invoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const credit = invoice.kind === "credit-note";
  const name = credit ? "Kreditnota" : "Faktura";
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${name} ${invoice.number}`);
  pdf.setAuthor(invoice.seller.name);
  pdf.setLanguage("da-DK");
  const pen: Pen = {
    page: pdf.addPage([A4.width, A4.height]),
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    y: A4.height - MARGIN,
  };
  const right = A4.width - MARGIN;
  const { seller, buyer } = invoice;

  write(pen, seller.name, MARGIN, { bold: true, size: 14 });
  write(pen, `${name} nr. ${invoice.number}`, right, { bold: true, size: 14, right: true });
  line(pen, 18);
  for (const text of [seller.street, `${seller.postalCode} ${seller.city}`, `CVR ${seller.cvr}`, seller.email]) {
    write(pen, text, MARGIN);
    line(pen);
  }
  pen.y += 14 * 4;
  write(pen, `${name}dato: ${formatDay(invoice.issuedOn)}`, right, { right: true });
  line(pen);
  if (credit) write(pen, `Krediterer faktura nr. ${invoice.credits}`, right, { right: true, bold: true });
  else write(pen, `Betales senest: ${formatDay(invoice.dueOn)}`, right, { right: true, bold: true });
  line(pen, 14 * 4 + 10);

  write(pen, "Faktureres til", MARGIN, { bold: true });
  line(pen);
  const buyerLines = [
    buyer.name,
    `Att.: ${buyer.contact}`,
    buyer.address,
    ...(buyer.cvr ? [`CVR ${buyer.cvr}`] : []),
    ...(buyer.ean ? [`EAN ${buyer.ean}`] : []),
    ...(buyer.reference ? [`Jeres reference: ${buyer.reference}`] : []),
  ];
  for (const text of buyerLines) {
    write(pen, text, MARGIN);
    line(pen);
  }
  line(pen, 16);

  const columns = { quantity: 320, unit: 430, amount: right };
  write(pen, "Beskrivelse", MARGIN, { bold: true });
  write(pen, "Antal", columns.quantity, { bold: true, right: true });
  write(pen, "Stk. ekskl. moms", columns.unit, { bold: true, right: true });
  write(pen, "Beløb ekskl. moms", columns.amount, { bold: true, right: true });
  line(pen, 6);
  pen.page.drawLine({ start: { x: MARGIN, y: pen.y }, end: { x: right, y: pen.y }, thickness: 0.5 });
  line(pen, 14);
  for (const item of invoice.lines.map(netLine)) {
    write(pen, item.description.length > 52 ? `${item.description.slice(0, 51)}…` : item.description, MARGIN);
    write(pen, String(item.quantity), columns.quantity, { right: true });
    write(pen, formatMoney(item.netUnitOere), columns.unit, { right: true });
    write(pen, formatMoney(item.netOere), columns.amount, { right: true });
    line(pen);
  }
  line(pen, 4);
  pen.page.drawLine({ start: { x: 300, y: pen.y + 10 }, end: { x: right, y: pen.y + 10 }, thickness: 0.5 });
  const totals = invoiceTotals(invoice.lines);
  const parts = vatParts(invoice.lines);
  for (const [label, amount, bold] of [
    ["I alt ekskl. moms", totals.netOere, false],
    ...parts.map((part) =>
      part.vatCategory === "standard"
        ? ([`Moms ${part.vatRatePercent} % af ${formatMoney(part.netOere)}`, part.vatOere, false] as const)
        : ([untaxedLabels[part.vatCategory], part.totalOere, false] as const),
    ),
    ["I alt DKK inkl. moms", totals.totalOere, true],
  ] as const) {
    write(pen, label, columns.unit, { right: true, bold });
    write(pen, formatMoney(amount), columns.amount, { right: true, bold });
    line(pen);
  }
  line(pen, 10);
  // An invoice without moms on a line must say why (momsbekendtgørelsen § 58, stk. 1, nr. 11).
  for (const part of parts) {
    const { exemption } = VAT_CATEGORIES[part.vatCategory];
    if (!exemption) continue;
    write(pen, `${exemption}.`, MARGIN);
    line(pen);
  }
  line(pen, 14);
  if (credit) {
    write(pen, "Kreditering", MARGIN, { bold: true });
    line(pen);
    write(
      pen,
      `Beløbet modregnes i faktura nr. ${invoice.credits}; er den betalt, betaler vi beløbet tilbage.`,
      MARGIN,
    );
    return pdf.save();
  }
  write(pen, "Betaling", MARGIN, { bold: true });
  line(pen);
  write(
    pen,
    `Beløbet betales senest ${formatDay(invoice.dueOn)} til reg.nr. ${invoice.payment.regNumber}, ` +
      `konto ${invoice.payment.accountNumber}.`,
    MARGIN,
  );
  line(pen);
  write(pen, `Angiv fakturanummer ${invoice.number} ved betalingen.`, MARGIN);
  return pdf.save();
}
