import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, orders, tickets, ticketSales, ticketTypes } from "~/db/schema";
import { effectiveStartSql } from "~/features/program/program.server";
import { markPaid, nextDuePayment, takeReceiptNumber } from "~/features/orders/payments.server";
import { concertColumns } from "./sale-columns.server";

export type TicketOrder = typeof orders.$inferSelect;

/** Ticket orders by a condition (a hall order is never one), for a caller to read or lock. */
export const selectTicketOrders = (db: Database, condition: SQL) =>
  db
    .select()
    .from(orders)
    .where(and(condition, eq(orders.sale, "tickets")))
    .$dynamic();

/** A ticket order by its id, or null (a hall order is none). */
export async function ticketOrderById(db: Database, orderId: string) {
  const [order] = await selectTicketOrders(db, eq(orders.id, orderId));
  return order ?? null;
}

/** A ticket order by its secret, or null (an altered token finds nothing). */
export async function ticketOrderByToken(db: Database, accessToken: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(accessToken)) return null;
  const [order] = await selectTicketOrders(db, eq(orders.accessToken, accessToken));
  return order ?? null;
}

/** An order's tickets with their type, in the order they were made. */
export function ticketsOfOrder(db: Database, orderId: string) {
  return db
    .select({
      id: tickets.id,
      token: tickets.token,
      doorCode: tickets.doorCode,
      status: tickets.status,
      holderName: tickets.holderName,
      expiresAt: tickets.expiresAt,
      checkedInAt: tickets.checkedInAt,
      typeName: ticketTypes.name,
    })
    .from(tickets)
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
}

export type TicketConfirmResult =
  | { status: "confirmed" | "already-paid"; receiptNumber: number }
  | { status: "failed"; reason: "not-found" | "not-pending" }
  | { status: "failed"; reason: "tickets-gone"; failureReason: string };

/**
 * Confirms a paid ticket order: its held tickets become sold and it gets the next receipt number, in one
 * transaction. A ticket whose hold ran out and was freed is taken again if the concert still has room; if not,
 * nothing is sold and the order fails, so the payment is refunded (Stripe's webhook) or never taken (the demo).
 * Confirming twice is harmless.
 */
export async function confirmTicketOrder(
  db: Database,
  orderId: string,
  now = new Date(),
): Promise<TicketConfirmResult> {
  return db.transaction(async (tx): Promise<TicketConfirmResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { status: "failed", reason: "not-found" };
    if (order.status === "paid") return { status: "already-paid", receiptNumber: order.receiptNumber! };
    if (order.status !== "pending") return { status: "failed", reason: "not-pending" };
    const own = await tx
      .select({ id: tickets.id, status: tickets.status, ticketTypeId: tickets.ticketTypeId })
      .from(tickets)
      .where(eq(tickets.orderId, orderId))
      .for("update");
    const freed = own.filter((ticket) => ticket.status === "released");
    if (freed.length > 0 && !(await takeAgain(tx, order.eventId!, freed))) {
      const failureReason = "Billetterne blev givet videre, før betalingen kom igennem.";
      await tx.update(orders).set({ status: "failed", failureReason }).where(eq(orders.id, orderId));
      return { status: "failed", reason: "tickets-gone", failureReason };
    }
    await tx
      .update(tickets)
      .set({ status: "sold", expiresAt: null })
      .where(and(eq(tickets.orderId, orderId), inArray(tickets.status, ["held", "released"])));
    const receiptNumber = await takeReceiptNumber(tx);
    await tx.update(orders).set({ status: "paid", paidAt: now, receiptNumber }).where(eq(orders.id, orderId));
    const payment = await nextDuePayment(tx, orderId);
    if (payment) await markPaid(tx, payment.id, receiptNumber, now);
    return { status: "confirmed", receiptNumber };
  });
}

class NoRoom extends Error {}

/**
 * Takes freed tickets' places again, where the concert and their types still have room; false when not. In a
 * savepoint, so a type without room undoes what was taken before it.
 */
async function takeAgain(tx: Database, eventId: string, freed: { ticketTypeId: string | null }[]) {
  const byType = new Map<string, number>();
  for (const { ticketTypeId } of freed) byType.set(ticketTypeId!, (byType.get(ticketTypeId!) ?? 0) + 1);
  try {
    await tx.transaction(async (savepoint) => {
      const [sale] = await savepoint
        .update(ticketSales)
        .set({ taken: sql`${ticketSales.taken} + ${freed.length}` })
        .where(
          and(eq(ticketSales.eventId, eventId), sql`${ticketSales.taken} + ${freed.length} <= ${ticketSales.capacity}`),
        )
        .returning({ eventId: ticketSales.eventId });
      if (!sale) throw new NoRoom();
      for (const [typeId, count] of byType) {
        const [taken] = await savepoint
          .update(ticketTypes)
          .set({ taken: sql`${ticketTypes.taken} + ${count}` })
          .where(and(eq(ticketTypes.id, typeId), sql`${ticketTypes.taken} + ${count} <= ${ticketTypes.capacity}`))
          .returning({ id: ticketTypes.id });
        if (!taken) throw new NoRoom();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof NoRoom) return false;
    throw error;
  }
}

/** The concert a ticket order is for, as its pages and mails name it. */
export async function concertOf(db: Database, eventId: string) {
  const [concert] = await db
    .select({ ...concertColumns, doorsOpen: events.doorsOpen })
    .from(events)
    .where(eq(events.id, eventId));
  return concert ?? null;
}

/** One ticket by its secret, with its concert, type and order: its own page. Null for anything else. */
export async function ticketByToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return null;
  const [ticket] = await db
    .select({
      token: tickets.token,
      doorCode: tickets.doorCode,
      status: tickets.status,
      holderName: tickets.holderName,
      checkedInAt: tickets.checkedInAt,
      typeName: ticketTypes.name,
      eventId: tickets.eventId,
      orderToken: orders.accessToken,
    })
    .from(tickets)
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.token, token));
  return ticket ?? null;
}

/** A signed-in buyer's ticket orders, paid or refunded, soonest concert first ("Mine billetter"). */
export function ticketOrdersOfUser(db: Database, userId: string) {
  return db
    .select({
      accessToken: orders.accessToken,
      status: orders.status,
      receiptNumber: orders.receiptNumber,
      concert: events.title,
      startsAt: events.startsAt,
      movedTo: events.movedTo,
      concertStatus: events.status,
      tickets: sql<number>`(select count(*)::int from tickets where tickets.order_id = orders.id)`,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(orders.userId, userId), eq(orders.sale, "tickets"), inArray(orders.status, ["paid", "cancelled"])))
    .orderBy(asc(effectiveStartSql));
}
