import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";

// pdf-lib (decision 034): the standard fonts need no file, and write Danish letters in their WinAnsi encoding.
const WIN_ANSI_EXTRA = new Set([..."–—‘’“”€•…×"]);

/** What the standard fonts cannot write (an emoji in a name, say) becomes "?", instead of failing the document. */
export const printable = (text: string) =>
  [...text].map((char) => (char.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.has(char) ? char : "?")).join("");

/** A line of text as lines that fit `width`, broken between words (a word longer than the line, by characters). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/ +/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  lines.push(current);
  return lines;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

/**
 * A plain text as an A4 PDF of as many pages as it takes: a line in capitals is a heading, an empty line a gap.
 * For the lejekontrakt, whose accepted text is kept as it was.
 */
export async function plainTextPdf(title: string, text: string, author: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(author);
  pdf.setLanguage("da-DK");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  for (const paragraph of printable(text).split("\n")) {
    const heading = paragraph.length > 0 && paragraph === paragraph.toUpperCase() && /\p{L}/u.test(paragraph);
    const font = heading ? bold : regular;
    const size = heading ? 11 : 10;
    for (const line of paragraph === "" ? [""] : wrapText(paragraph, font, size, A4.width - 2 * MARGIN)) {
      if (y < MARGIN) {
        page = pdf.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      if (line) page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= paragraph === "" ? 8 : size + 4;
    }
  }
  return pdf.save();
}
