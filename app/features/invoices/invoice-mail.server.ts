import { eq } from "drizzle-orm";
import { dayClaims, orders } from "~/db/schema";
import { message } from "~/features/email/messages";
import { bookingsCalendar } from "~/features/rental/feeds.server";
import { daysSummary, formatDay } from "~/lib/days";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Collaborators } from "~/lib/collaborators.server";
import { formatMoney } from "~/lib/format";
import { contractAttachment } from "~/features/rental/contract.server";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { invoicePdf } from "./invoice-pdf.server";
import { invoiceDocument, invoiceOfOrder } from "./invoices.server";

/**
 * Mails the booker an order booked on invoice: the confirmation, with the invoice as a PDF and the days as an
 * .ics. A mail that fails is logged; the booking and the invoice stand.
 */
export async function sendInvoice(
  { db, mailer, config, logger }: Pick<Collaborators, "db" | "mailer" | "config" | "logger">,
  orderId: string,
) {
  try {
    const [order] = await selectRentalOrders(db).where(eq(orders.id, orderId));
    const invoice = await invoiceOfOrder(db, orderId);
    if (!order || !invoice) return;
    const document = await invoiceDocument(db, invoice);
    const [pdf, site, claims] = await Promise.all([
      invoicePdf(document),
      getSiteSettings(db),
      db.select({ claimId: dayClaims.id, day: dayClaims.day }).from(dayClaims).where(eq(dayClaims.orderId, orderId)),
    ]);
    const ics = await bookingsCalendar(db, config.PUBLIC_URL, claims);
    const built = message(
      site.siteName,
      order.bookerEmail,
      `Faktura nr. ${invoice.number}: din booking hos ${site.siteName}`,
      [
        `Hej ${order.bookerName}`,
        `Jeres booking af salen, ${daysSummary(order.days)}, er bekræftet.`,
        `Fakturaen på ${formatMoney(invoice.totalOere)} inkl. moms er vedhæftet. Den betales senest ${formatDay(invoice.dueOn)} til reg.nr. ${document.payment.regNumber}, konto ${document.payment.accountNumber}, med fakturanummeret som reference.`,
        ...(order.bookerEan ? [`Den sendes også som e-faktura til EAN ${order.bookerEan}.`] : []),
        "Dagene ligger som kalenderbegivenheder i den vedhæftede fil.",
      ],
      [{ url: `${config.PUBLIC_URL}/alle-reservationer`, label: "Se jeres reservationer" }],
    );
    await mailer.send({
      ...built,
      attachments: [
        {
          filename: `faktura-${invoice.number}.pdf`,
          content: Buffer.from(pdf).toString("base64"),
          encoding: "base64",
          contentType: "application/pdf",
        },
        { filename: "reservation.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" },
        ...(await contractAttachment(db, orderId)),
      ],
    });
  } catch (error) {
    logger.error({ err: error, orderId }, "the invoice could not be sent");
  }
}
