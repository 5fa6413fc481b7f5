import { writeFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { ticketsPdf } from "./ticket-pdf.server";

describe("ticketsPdf", () => {
  it("prints one page per ticket", async () => {
    const pdf = await ticketsPdf(
      {
        siteName: "Havnescenen",
        title: "Havnens Julekoncert",
        when: "torsdag den 17. december 2026 kl. 19.30",
        place: "Store sal",
        receiptNumber: 42,
      },
      [
        {
          url: "https://havnescenen.dk/billet/AbCdEfGhIjKlMnOpQrStUv",
          doorCode: "7K3MQ9XD",
          typeName: "Ordinær",
          holderName: "Bente Billet",
        },
        {
          url: "https://havnescenen.dk/billet/ZyXwVuTsRqPoNmLkJiHgFe",
          doorCode: "0A1B2C3D",
          typeName: "Studerende",
          holderName: "Bente Billet",
        },
      ],
    );
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(2);
    expect(document.getTitle()).toBe("Billetter: Havnens Julekoncert");
    if (process.env.TICKET_PDF_OUT) await writeFile(process.env.TICKET_PDF_OUT, pdf);
  });
});
