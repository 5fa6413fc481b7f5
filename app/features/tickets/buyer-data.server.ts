import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, orderCancellations, orderLines, orderPayments, orders, tickets, ticketTypes } from "~/db/schema";
import { ofOrder } from "~/features/accounts/data-export.server";
import { allowAttempt } from "~/features/accounts/email-rate-limit.server";
import { message } from "~/features/email/messages";
import { subscriptionOf } from "~/features/newsletter/subscription.server";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Collaborators } from "~/lib/collaborators.server";
import { formatMoney } from "~/lib/format";
import { orderStatusWords } from "./buyer-data";
import { waitlistPlacesOf } from "./waitlist.server";
import { concertWhen, ticketOrderUrl, ticketUrl } from "./complete.server";
import type { TicketOrder } from "./orders.server";
import { concertColumns } from "./sale-columns.server";

/** How often one order's link may have the data mailed: enough to ask again, too few to fill an inbox. */
export const BUYER_DATA_MAILS = { windowSeconds: 60 * 60, max: 3 };

/**
 * "Send mine billetter og oplysninger" (GDPR art. 15 and 20, as the account's export): every ticket order bought
 * with the order's address, with links to each order and valid ticket, and all we keep of them as JSON. Always to
 * the order's own address, never one the request names: the link does not show whose the address is, as a buyer may
 * type anyone's address. False, and nothing sent, once the order's link has asked `BUYER_DATA_MAILS.max` times
 * within the hour.
 */
export async function mailTicketBuyerData(
  { db, mailer, config }: Pick<Collaborators, "db" | "mailer" | "config">,
  order: TicketOrder,
  now = new Date(),
) {
  if (!(await allowAttempt(db, `ticket-buyer-data:${order.id}`, BUYER_DATA_MAILS, now.getTime()))) return false;
  const [data, { siteName }] = await Promise.all([
    ticketBuyerData(db, order.bookerEmail, config.PUBLIC_URL, now),
    getSiteSettings(db),
  ]);
  await mailer.send({
    ...buyerDataMessage(siteName, order, data),
    attachments: [
      { filename: "mine-billetdata.json", content: JSON.stringify(data, null, 2), contentType: "application/json" },
    ],
  });
  return true;
}

type BuyerData = Awaited<ReturnType<typeof ticketBuyerData>>;

/**
 * Everything kept about the buyer of the ticket orders of one address: the orders with their concert, lines,
 * payments, refund and tickets (with when each was checked in), the waitlist places and the address's newsletter
 * subscription with its consent.
 */
export async function ticketBuyerData(db: Database, email: string, publicUrl: string, now = new Date()) {
  const ofEmail = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.sale, "tickets"), eq(orders.bookerEmail, email)));
  const [bought, lines, payments, cancellations, held] = await Promise.all([
    db
      .select({
        id: orders.id,
        accessToken: orders.accessToken,
        status: orders.status,
        bookerName: orders.bookerName,
        bookerEmail: orders.bookerEmail,
        totalOere: orders.totalOere,
        vatOere: orders.vatOere,
        provider: orders.provider,
        receiptNumber: orders.receiptNumber,
        failureReason: orders.failureReason,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        concert: concertColumns,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .where(inArray(orders.id, ofEmail))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({
        orderId: orderLines.orderId,
        kind: orderLines.kind,
        description: orderLines.description,
        quantity: orderLines.quantity,
        unitPriceOere: orderLines.unitPriceOere,
        totalOere: orderLines.totalOere,
        vatOere: orderLines.vatOere,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ofEmail))
      .orderBy(asc(orderLines.position)),
    db
      .select({
        orderId: orderPayments.orderId,
        kind: orderPayments.kind,
        amountOere: orderPayments.amountOere,
        dueDay: orderPayments.dueDay,
        paidAt: orderPayments.paidAt,
        receiptNumber: orderPayments.receiptNumber,
      })
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, ofEmail)),
    db
      .select({
        orderId: orderCancellations.orderId,
        cancelledAt: orderCancellations.cancelledAt,
        byAdmin: orderCancellations.byAdmin,
        reason: orderCancellations.reason,
        refundOere: orderCancellations.refundOere,
      })
      .from(orderCancellations)
      .where(inArray(orderCancellations.orderId, ofEmail)),
    db
      .select({
        orderId: tickets.orderId,
        token: tickets.token,
        type: ticketTypes.name,
        status: tickets.status,
        holderName: tickets.holderName,
        doorCode: tickets.doorCode,
        checkedInAt: tickets.checkedInAt,
      })
      .from(tickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .where(inArray(tickets.orderId, ofEmail))
      .orderBy(asc(tickets.createdAt), asc(tickets.id)),
  ]);
  return {
    exportedAt: now.toISOString(),
    email,
    orders: bought.map(({ id, accessToken, concert, ...order }) => ({
      ...order,
      url: ticketOrderUrl(publicUrl, accessToken!),
      concert: { title: concert.title, startsAt: concert.startsAt, movedTo: concert.movedTo, status: concert.status },
      lines: ofOrder(lines, id),
      payments: ofOrder(payments, id),
      refund: ofOrder(cancellations, id)[0] ?? null,
      tickets: ofOrder(held, id).map(({ token, ...ticket }) => ({ ...ticket, url: ticketUrl(publicUrl, token) })),
    })),
    waitlists: await waitlistPlacesOf(db, email),
    newsletter: await subscriptionOf(db, email),
    note: "Betalte og refunderede ordrer gemmes med deres kvitteringer i fem år efter regnskabsårets udløb, som bogføringsloven kræver. Ved indgangen gemmes, hvornår hver billet blev tjekket ind.",
  };
}

/** The mail: one line per order, then a link to each order and to each of its valid tickets. */
function buyerDataMessage(siteName: string, order: TicketOrder, data: BuyerData) {
  return message(
    siteName,
    order.bookerEmail,
    `Dine billetter og oplysninger hos ${siteName}`,
    [
      `Hej ${order.bookerName}`,
      `Her er alle billetordrer, der er købt med ${order.bookerEmail}, med et link til hver ordre og hver gyldig billet. I den vedhæftede fil (JSON) står alt, hvad vi gemmer om ordrerne: linjer, betalinger, refusioner, billetterne og hvornår de blev tjekket ind.`,
      ...data.orders.map((bought) => {
        const count = bought.lines
          .filter((line) => line.kind === "ticket")
          .reduce((sum, line) => sum + line.quantity, 0);
        const receipt = bought.receiptNumber ? `, kvittering nr. ${bought.receiptNumber}` : "";
        return `${bought.concert.title}, ${concertWhen(bought.concert)}: ${count === 1 ? "1 billet" : `${count} billetter`}, ${formatMoney(bought.totalOere)}, ${orderStatusWords[bought.status]}${receipt}.`;
      }),
      "Vil du have dine oplysninger slettet, kan du gøre det fra linket til hver ordre.",
      "Har du ikke selv bedt om denne e-mail, kan du se bort fra den.",
    ],
    data.orders.flatMap((bought) => [
      { url: bought.url, label: `Ordre: ${bought.concert.title}` },
      ...bought.tickets
        .filter((ticket) => ticket.status === "sold")
        .map((ticket, index) => ({
          url: ticket.url,
          label: `Billet ${index + 1}: ${ticket.type} (${bought.concert.title})`,
        })),
    ]),
  );
}
