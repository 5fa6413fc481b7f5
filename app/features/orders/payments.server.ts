import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderPayments, orders, reservationSettings } from "~/db/schema";

export type OrderPayment = typeof orderPayments.$inferSelect;

/** How a payment is named to the booker. */
export const paymentLabels: Record<OrderPayment["kind"], string> = {
  everything: "Hele beløbet",
  depositum: "Depositum",
  balance: "Restbeløb",
};

/** A payment an order's plan has due: what, how much and by when ("YYYY-MM-DD" in Copenhagen). */
export type PlannedPayment = Pick<OrderPayment, "kind" | "amountOere" | "dueDay">;

/** Writes an order's payment plan (a business's, e.g. the rental's `paymentPlan`), in the order's transaction. */
export async function planPayments(db: Database, orderId: string, plan: PlannedPayment[]) {
  await db.insert(orderPayments).values(plan.map((installment) => ({ orderId, ...installment })));
}

/** An order's payments, in the order they fall due. */
export function paymentsOf(db: Database, orderId: string) {
  return db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.dueDay), asc(orderPayments.kind));
}

/** The payment that is paid next: the first unpaid one, by due day. */
export async function nextDuePayment(db: Database, orderId: string): Promise<OrderPayment | null> {
  const [next] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), isNull(orderPayments.paidAt)))
    .orderBy(asc(orderPayments.dueDay), asc(orderPayments.kind))
    .limit(1);
  return next ?? null;
}

/** The next receipt number of the one series, taken inside the payment's transaction (no gaps, never reused). */
export async function takeReceiptNumber(db: Database) {
  const [counter] = await db
    .update(reservationSettings)
    .set({ lastReceiptNumber: sql`${reservationSettings.lastReceiptNumber} + 1` })
    .where(eq(reservationSettings.id, 1))
    .returning({ receiptNumber: reservationSettings.lastReceiptNumber });
  return counter!.receiptNumber;
}

/** Marks a payment paid with its receipt number, if it was not already (the row is the one to settle). */
export async function markPaid(db: Database, paymentId: string, receiptNumber: number, now: Date) {
  const paid = await db
    .update(orderPayments)
    .set({ paidAt: now, receiptNumber })
    .where(and(eq(orderPayments.id, paymentId), isNull(orderPayments.paidAt)))
    .returning({ id: orderPayments.id });
  return paid.length > 0;
}

export type BalanceResult =
  | { status: "confirmed"; receiptNumber: number; orderId: string }
  | { status: "already-paid"; receiptNumber: number }
  | { status: "failed"; reason: "not-found" | "not-booked" };

/**
 * Settles a later payment of a booked order (the balance): it gets the next receipt number, once. Locked, so two
 * confirmations at once (a webhook and the success page) make one payment.
 */
export async function confirmLaterPayment(db: Database, paymentId: string, now = new Date()): Promise<BalanceResult> {
  return db.transaction(async (tx): Promise<BalanceResult> => {
    const [payment] = await tx
      .select({ orderId: orders.id, receiptNumber: orderPayments.receiptNumber, orderStatus: orders.status })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orderPayments.id, paymentId))
      .for("update", { of: orderPayments });
    if (!payment) return { status: "failed", reason: "not-found" };
    if (payment.receiptNumber !== null) return { status: "already-paid", receiptNumber: payment.receiptNumber };
    if (payment.orderStatus !== "paid") return { status: "failed", reason: "not-booked" };
    const receiptNumber = await takeReceiptNumber(tx);
    await markPaid(tx, paymentId, receiptNumber, now);
    return { status: "confirmed", receiptNumber, orderId: payment.orderId };
  });
}
