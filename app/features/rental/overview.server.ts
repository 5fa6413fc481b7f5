import { and, asc, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contractAcceptances, depositSettlements, invoices, orderPayments, orders, rentalBookings } from "~/db/schema";
import { todayInCopenhagen } from "~/lib/days";
import { bookingHistory, type BookingFacts, type HistoryStep } from "./booking-history";
import { lastDayOfOrder, selectRentalOrders } from "./rental-order.server";
import { depositsToSettle } from "./security-deposit.server";

/**
 * The admin's one place to follow every hall booking through its stages (issue 35): requests to answer, offers
 * waiting for the booker, upcoming bookings, and past ones with a security deposit to settle; each with its
 * history. Payments due are the payments' own list (`openPayments`).
 */
export async function rentalOverview(db: Database, now = new Date()) {
  const today = todayInCopenhagen(now);
  const [waiting, upcoming, toSettle] = await Promise.all([
    selectRentalOrders(db)
      .where(inArray(orders.status, ["requested", "offered"]))
      .orderBy(asc(rentalBookings.answerBy)),
    selectRentalOrders(db)
      .where(and(inArray(orders.status, ["paid", "invoiced"]), sql`${lastDayOfOrder} >= ${today}`))
      .orderBy(lastDayOfOrder),
    depositsToSettle(db, now),
  ]);
  const histories = await historiesOf(
    db,
    [...waiting, ...upcoming, ...toSettle].map((order) => order.id),
  );
  const withHistory = <Order extends { id: string }>(order: Order) => ({
    ...order,
    history: histories.get(order.id) ?? [],
  });
  return {
    requests: waiting.filter((order) => order.status === "requested").map(withHistory),
    offers: waiting.filter((order) => order.status === "offered").map(withHistory),
    upcoming: upcoming.map(withHistory),
    toSettle: toSettle.map(withHistory),
  };
}

/** Each order's history (`bookingHistory`), read in five queries for all of them. */
async function historiesOf(db: Database, orderIds: string[]): Promise<Map<string, HistoryStep[]>> {
  if (orderIds.length === 0) return new Map();
  const [facts, payments, issued, accepted, settled] = await Promise.all([
    selectRentalOrders(db).where(inArray(orders.id, orderIds)),
    db
      .select({
        orderId: orderPayments.orderId,
        kind: orderPayments.kind,
        paidAt: orderPayments.paidAt,
        remindedOn: orderPayments.remindedOn,
      })
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, orderIds)),
    db
      .select({
        orderId: invoices.orderId,
        kind: invoices.kind,
        number: invoices.number,
        issuedOn: invoices.issuedOn,
        paidAt: invoices.paidAt,
      })
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds)),
    db
      .select({ orderId: contractAcceptances.orderId, acceptedAt: contractAcceptances.acceptedAt })
      .from(contractAcceptances)
      .where(inArray(contractAcceptances.orderId, orderIds)),
    db
      .select({
        orderId: depositSettlements.orderId,
        settledAt: depositSettlements.settledAt,
        keptOere: depositSettlements.keptOere,
      })
      .from(depositSettlements)
      .where(inArray(depositSettlements.orderId, orderIds)),
  ]);
  const of = <Row extends { orderId: string }>(rows: Row[], orderId: string) =>
    rows.filter((row) => row.orderId === orderId);
  return new Map(
    facts.map((order) => {
      const booking: BookingFacts = {
        ...order,
        contractAcceptedAt: of(accepted, order.id)[0]?.acceptedAt ?? null,
        payments: of(payments, order.id),
        invoices: of(issued, order.id),
        settlement: of(settled, order.id)[0] ?? null,
      };
      return [order.id, bookingHistory(booking)];
    }),
  );
}
