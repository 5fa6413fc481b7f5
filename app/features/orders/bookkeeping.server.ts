import { and, asc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { invoices, orderLines, orderPayments, orders } from "~/db/schema";
import { copenhagenDateKey, dayBounds } from "~/lib/format";
import { vatShares, type BookkeepingEntry } from "./bookkeeping";

/** The payments received and the invoices issued from one Copenhagen day to another (inclusive), with moms. */
export async function bookkeepingEntries(db: Database, { from, to }: { from: string; to: string }) {
  const paid = await db
    .select({ id: orderPayments.id, orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(and(gte(orderPayments.paidAt, dayBounds(from).start), lt(orderPayments.paidAt, dayBounds(to).end)));
  const orderIds = [...new Set(paid.map((payment) => payment.orderId))];
  const [paidOrders, theirPayments, issued, deposits] = await Promise.all([
    orderIds.length ? db.select().from(orders).where(inArray(orders.id, orderIds)) : [],
    orderIds.length
      ? db
          .select()
          .from(orderPayments)
          .where(inArray(orderPayments.orderId, orderIds))
          .orderBy(asc(orderPayments.dueDay), asc(orderPayments.kind))
      : [],
    db
      .select({ invoice: invoices, order: orders })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(gte(invoices.issuedOn, from), lte(invoices.issuedOn, to))),
    orderIds.length
      ? db
          .select({ orderId: orderLines.orderId, totalOere: orderLines.totalOere })
          .from(orderLines)
          .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.kind, "security-deposit")))
      : [],
  ]);
  const paidIds = new Set(paid.map((payment) => payment.id));
  const entries: BookkeepingEntry[] = [];
  for (const order of paidOrders) {
    const payments = theirPayments.filter((payment) => payment.orderId === order.id);
    const deposit = deposits.filter((line) => line.orderId === order.id).reduce((sum, l) => sum + l.totalOere, 0);
    const shares = vatShares(
      order,
      payments.map((payment) => payment.amountOere),
      deposit,
    );
    payments.forEach((payment, index) => {
      if (!paidIds.has(payment.id)) return;
      entries.push({
        date: copenhagenDateKey(payment.paidAt!),
        kind: "payment",
        number: payment.receiptNumber!,
        ...bookerOf(order),
        totalOere: payment.amountOere,
        vatOere: shares[index]!,
      });
    });
  }
  for (const { invoice, order } of issued) {
    const sign = invoice.kind === "credit-note" ? -1 : 1;
    entries.push({
      date: invoice.issuedOn,
      kind: invoice.kind,
      number: invoice.number,
      ...bookerOf(order),
      totalOere: sign * invoice.totalOere,
      vatOere: sign * invoice.vatOere,
    });
  }
  return entries;
}

const bookerOf = (order: typeof orders.$inferSelect) => ({
  booker: order.bookerOrganisation ?? order.bookerName,
  cvr: order.bookerCvr,
  ean: order.bookerEan,
});
