import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { invoices, orderLines, orderPayments, orders } from "~/db/schema";
import { todayInCopenhagen } from "~/lib/days";
import { paymentPlan, paymentTermsOf, type Installment } from "./payment-plan";
import { daysOfOrder, firstDayOfOrder } from "./rental-order.server";

/**
 * An order's payment plan by the admin's terms as they are now, made from the order's own lines and first day: the
 * security deposit's line apart from the rent, so the depositum is a share of the rent alone and the deposit is paid
 * with the balance (decisions 032, 035). What an offer states and what its acceptance writes are this one plan.
 */
export async function orderPaymentPlan(
  db: Database,
  orderId: string,
  settings: Parameters<typeof paymentTermsOf>[0],
  now: Date,
): Promise<Installment[]> {
  const [order] = await db.select({ firstDay: firstDayOfOrder }).from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select({ kind: orderLines.kind, totalOere: orderLines.totalOere })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const sumOf = (chosen: typeof lines) => chosen.reduce((sum, line) => sum + line.totalOere, 0);
  const amounts = {
    rentOere: sumOf(lines.filter((line) => line.kind !== "security-deposit")),
    securityDepositOere: sumOf(lines.filter((line) => line.kind === "security-deposit")),
    firstDay: order!.firstDay,
  };
  return paymentPlan(amounts, paymentTermsOf(settings), todayInCopenhagen(now));
}

/**
 * A user's payments still due on booked orders (the balances, and what is due on an invoice), soonest first, with
 * their orders' days and, for an order on invoice, its invoice.
 */
export function duePaymentsOf(db: Database, userId: string) {
  return db
    .select({
      id: orderPayments.id,
      orderId: orders.id,
      kind: orderPayments.kind,
      amountOere: orderPayments.amountOere,
      dueDay: orderPayments.dueDay,
      days: daysOfOrder,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, "invoice")))
    .where(and(eq(orders.userId, userId), inArray(orders.status, ["paid", "invoiced"]), isNull(orderPayments.paidAt)))
    .orderBy(asc(orderPayments.dueDay));
}

/** Every payment still due on a booked order, soonest first, with its booker: the admin's "Betalinger". */
export function openPayments(db: Database) {
  return db
    .select({
      id: orderPayments.id,
      kind: orderPayments.kind,
      amountOere: orderPayments.amountOere,
      dueDay: orderPayments.dueDay,
      remindedOn: orderPayments.remindedOn,
      bookerName: orders.bookerName,
      bookerEmail: orders.bookerEmail,
      days: daysOfOrder,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orders.status, "paid"), isNull(orderPayments.paidAt)))
    .orderBy(asc(orderPayments.dueDay));
}
