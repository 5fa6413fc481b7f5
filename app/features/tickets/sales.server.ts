import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, orderLines, orders, tickets, ticketSales, ticketTypes } from "~/db/schema";
import { effectiveStartSql } from "~/features/program/program.server";
import { csvDocument, csvKroner } from "~/lib/csv";
import { concertColumns } from "./sale-columns.server";
import { formatDateTime } from "~/lib/format";

/** Concerts with their own sale, newest first, with what is sold of what: the admin's Billetsalg list. */
export function ownSales(db: Database) {
  return db
    .select({
      ...concertColumns,
      capacity: ticketSales.capacity,
      // Written out in full: inside a subquery a bare column would be the subquery's own table's.
      sold: sql<number>`(select count(*)::int from tickets where tickets.event_id = events.id and tickets.status = 'sold')`,
    })
    .from(events)
    .innerJoin(ticketSales, eq(ticketSales.eventId, events.id))
    .orderBy(desc(effectiveStartSql))
    .limit(100);
}

/**
 * One concert's sale as the admin reads it: by ticket type what is sold, held now and checked in; the money taken
 * (tickets and fees, with and without moms, of orders paid and not refunded); and the buyers.
 */
export async function salesOf(db: Database, eventId: string, now = new Date()) {
  const [types, counts, money, buyers, guests] = await Promise.all([
    db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId)).orderBy(asc(ticketTypes.position)),
    db
      .select({
        ticketTypeId: tickets.ticketTypeId,
        sold: sql<number>`count(*) filter (where ${tickets.status} = 'sold')::int`,
        held: sql<number>`count(*) filter (where ${tickets.status} = 'held' and ${tickets.expiresAt} > ${now})::int`,
        checkedIn: sql<number>`count(${tickets.checkedInAt})::int`,
      })
      .from(tickets)
      .where(eq(tickets.eventId, eventId))
      .groupBy(tickets.ticketTypeId),
    db
      .select({
        kind: orderLines.kind,
        totalOere: sql<number>`coalesce(sum(${orderLines.totalOere}), 0)::int`,
        vatOere: sql<number>`coalesce(sum(${orderLines.vatOere}), 0)::int`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.eventId, eventId), eq(orders.status, "paid")))
      .groupBy(orderLines.kind),
    db
      .select({
        id: orders.id,
        name: orders.bookerName,
        email: orders.bookerEmail,
        status: orders.status,
        receiptNumber: orders.receiptNumber,
        totalOere: orders.totalOere,
        paidAt: orders.paidAt,
        tickets: sql<number>`(select count(*)::int from tickets where tickets.order_id = orders.id)`,
      })
      .from(orders)
      .where(and(eq(orders.eventId, eventId), inArray(orders.status, ["paid", "cancelled"])))
      .orderBy(asc(orders.paidAt)),
    db
      .select({
        name: tickets.holderName,
        count: sql<number>`count(*)::int`,
        checkedIn: sql<number>`count(${tickets.checkedInAt})::int`,
      })
      .from(tickets)
      .where(and(eq(tickets.eventId, eventId), sql`${tickets.orderId} is null`, eq(tickets.status, "sold")))
      .groupBy(tickets.holderName)
      .orderBy(asc(tickets.holderName)),
  ]);
  const countOf = (typeId: string | null) =>
    counts.find((row) => row.ticketTypeId === typeId) ?? { sold: 0, held: 0, checkedIn: 0 };
  const sum = (kind: "ticket" | "ticket-fee") => money.find((row) => row.kind === kind) ?? { totalOere: 0, vatOere: 0 };
  return {
    types: types.map((type) => ({ id: type.id, name: type.name, capacity: type.capacity, ...countOf(type.id) })),
    guests,
    guestCount: countOf(null),
    tickets: sum("ticket"),
    fees: sum("ticket-fee"),
    buyers,
  };
}

/** The buyers of a concert as CSV, for the venue's own lists: one row per order, refunded ones marked. */
export async function buyersCsv(db: Database, eventId: string) {
  const { buyers } = await salesOf(db, eventId);
  return csvDocument(
    ["Ordre", "Navn", "E-mail", "Billetter", "Beløb (kr.)", "Betalt", "Status"],
    buyers.map((buyer) => [
      String(buyer.receiptNumber ?? ""),
      buyer.name,
      buyer.email,
      String(buyer.tickets),
      csvKroner(buyer.totalOere),
      buyer.paidAt ? formatDateTime(buyer.paidAt) : "",
      buyer.status === "cancelled" ? "Refunderet" : "Betalt",
    ]),
  );
}
