import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { printable } from "~/lib/pdf.server";
import { groupedDoorCode } from "./door-code";
import { qrPath } from "./qr.server";

/** One ticket as the PDF prints it. */
export interface PrintedTicket {
  url: string;
  doorCode: string;
  typeName: string;
  holderName: string;
}

export interface PrintedConcert {
  siteName: string;
  title: string;
  when: string;
  place: string;
  receiptNumber: number | null;
}

const A6 = { width: 297.64, height: 419.53 };
const MARGIN = 24;

/**
 * All of an order's tickets in one PDF, one A6 page each (it prints, and a phone shows it whole): the concert, the
 * ticket's type and holder, its QR code (the ticket page's full address, so any phone camera opens it) and the door
 * code under it.
 */
export async function ticketsPdf(concert: PrintedConcert, tickets: PrintedTicket[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Billetter: ${printable(concert.title)}`);
  pdf.setAuthor(printable(concert.siteName));
  pdf.setLanguage("da-DK");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.08, 0.08, 0.1);
  tickets.forEach((ticket, index) => {
    const page = pdf.addPage([A6.width, A6.height]);
    let y = A6.height - MARGIN - 12;
    const write = (text: string, size: number, font = regular) => {
      page.drawText(printable(text), { x: MARGIN, y, size, font, color: ink, maxWidth: A6.width - 2 * MARGIN });
      y -= size + 6;
    };
    write(concert.siteName, 9);
    write(concert.title, 16, bold);
    write(concert.when, 10);
    if (concert.place) write(concert.place, 10);
    write(`${ticket.typeName} · ${ticket.holderName}`, 10);
    write(
      `Billet ${index + 1} af ${tickets.length}${concert.receiptNumber ? ` · ordre ${concert.receiptNumber}` : ""}`,
      9,
    );
    // The dark modules as one path (`qrPath`): one drawing operation instead of one per module.
    const qr = qrPath(ticket.url);
    const size = 190;
    const left = (A6.width - size) / 2;
    const bottom = 62;
    page.drawRectangle({ x: left, y: bottom, width: size, height: size, color: rgb(1, 1, 1) });
    page.drawSvgPath(qr.path, { x: left, y: bottom + size, scale: size / qr.size, color: rgb(0, 0, 0) });
    const code = groupedDoorCode(ticket.doorCode);
    page.drawText(code, {
      x: (A6.width - bold.widthOfTextAtSize(code, 18)) / 2,
      y: 36,
      size: 18,
      font: bold,
      color: ink,
    });
  });
  return pdf.save();
}
