import { and, asc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { invoices, orderLines, orderPayments, orderRefunds, orders } from "~/db/schema";
import { copenhagenDateKey, dayBounds } from "~/lib/format";
import { vatShares, type BookkeepingEntry } from "./bookkeeping";

/**
 * The payments received, the invoices and credit notes issued and the refunds made from one Copenhagen day to
 * another (inclusive), with moms.
 */
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
  entries.push(...(await refundEntries(db, { from, to })));
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

/**
 * What was paid back in the period (decision 056): each refund as it was recorded, with its own moms; a
 * cancellation's or a security deposit's refunds of several payments are one line, under its order's receipt. A
 * cancellation on invoice has its credit note instead.
 */
async function refundEntries(db: Database, { from, to }: { from: string; to: string }): Promise<BookkeepingEntry[]> {
  const refunds = await db
    .select({ refund: orderRefunds, order: orders })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(gte(orderRefunds.refundedAt, dayBounds(from).start), lt(orderRefunds.refundedAt, dayBounds(to).end)))
    .orderBy(asc(orderRefunds.refundedAt));
  const entries = new Map<string, BookkeepingEntry>();
  for (const { refund, order } of refunds) {
    const key = `${order.id}:${refund.kind}`;
    const entry = entries.get(key) ?? {
      date: copenhagenDateKey(refund.refundedAt),
      kind: "refund" as const,
      number: order.receiptNumber ?? 0,
      ...bookerOf(order),
      totalOere: 0,
      vatOere: 0,
    };
    entry.totalOere -= refund.amountOere;
    entry.vatOere -= refund.vatOere;
    entries.set(key, entry);
  }
  return [...entries.values()];
}

const bookerOf = (order: typeof orders.$inferSelect) => ({
  booker: order.bookerOrganisation ?? order.bookerName,
  cvr: order.bookerCvr,
  ean: order.bookerEan,
});
