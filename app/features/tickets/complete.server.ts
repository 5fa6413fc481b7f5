import { ticketsMessage } from "./messages";
import { receiptOf } from "~/features/rental/checkout.server";
import { effectiveStart, type ProgramEvent } from "~/features/program/program";
import type { Collaborators } from "~/lib/collaborators.server";
import type { SaleBusiness } from "~/features/orders/sales.server";
import { formatDateLong, formatMoney, formatTime } from "~/lib/format";
import { concertOf, confirmTicketOrder, ticketOrderById, ticketsOfOrder, type TicketOrder } from "./orders.server";
import { ticketsPdf } from "./ticket-pdf.server";

type Dependencies = Pick<Collaborators, "db" | "mailer" | "config" | "metrics" | "logger">;

/** The tickets' answer to the order core (decision 055): a paid ticket order sells its tickets and mails them. */
export const ticketSale: SaleBusiness = {
  settlePayment: (deps, payment) => completeTicketOrder(deps, payment.orderId),
};

/** A ticket's own page, the QR code's address. */
export const ticketUrl = (publicUrl: string, token: string) => `${publicUrl}/billet/${token}`;
/** A ticket order's page, for a buyer with or without an account. */
export const ticketOrderUrl = (publicUrl: string, accessToken: string) => `${publicUrl}/billetter/ordre/${accessToken}`;

/**
 * Confirms a paid ticket order and, the first time, mails the tickets: a link to each and one PDF with them all. A
 * mail that fails is logged, never undoes the sale.
 */
export async function completeTicketOrder(deps: Dependencies, orderId: string) {
  const result = await confirmTicketOrder(deps.db, orderId);
  if (result.status !== "confirmed") return result;
  const order = await ticketOrderById(deps.db, orderId);
  deps.metrics.payments.inc({ provider: order!.provider, outcome: "confirmed" });
  try {
    await sendTickets(deps, order!);
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "the tickets could not be sent");
  }
  return result;
}

/** Mails an order's valid tickets to its buyer (after the purchase, or again when the admin asks). */
export async function sendTickets(
  deps: Pick<Dependencies, "db" | "mailer" | "config">,
  order: TicketOrder,
  again = false,
) {
  const { db, mailer, config } = deps;
  const concert = (await concertOf(db, order.eventId!))!;
  const valid = (await ticketsOfOrder(db, order.id)).filter((ticket) => ticket.status === "sold");
  if (valid.length === 0) return false;
  const receipt = await receiptOf(db, order);
  const when = concertWhen(concert);
  const urls = valid.map((ticket) => ticketUrl(config.PUBLIC_URL, ticket.token));
  const pdf = await ticketsPdf(
    { siteName: receipt.siteName, title: concert.title, when, place: concert.room, receiptNumber: order.receiptNumber },
    valid.map((ticket, index) => ({
      url: urls[index]!,
      doorCode: ticket.doorCode,
      typeName: ticket.typeName ?? "Gæsteliste",
      holderName: ticket.holderName,
    })),
  );
  const mail = ticketsMessage(
    order.bookerEmail,
    {
      siteName: receipt.siteName,
      name: order.bookerName,
      concert: concert.title,
      when,
      tickets: valid.map((ticket, index) => ({
        label: `Billet ${index + 1}: ${ticket.typeName ?? "Gæsteliste"}`,
        url: urls[index]!,
      })),
      total: formatMoney(order.totalOere),
      vat: receipt.vat,
      receiptNumber: order.receiptNumber,
    },
    ticketOrderUrl(config.PUBLIC_URL, order.accessToken!),
    again,
  );
  await mailer.send({
    ...mail,
    attachments: [
      {
        filename: "billetter.pdf",
        content: Buffer.from(pdf).toString("base64"),
        contentType: "application/pdf",
        encoding: "base64",
      },
    ],
  });
  return true;
}

/** "fredag den 4. december 2026 kl. 20.00": when a concert is, its new time when moved. */
export function concertWhen(concert: Pick<ProgramEvent, "startsAt" | "movedTo">) {
  const start = effectiveStart(concert);
  return `${formatDateLong(start)} kl. ${formatTime(start)}`;
}
