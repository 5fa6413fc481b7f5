import { and, asc, eq, gt, gte, inArray, isNull, lt, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { depositSettlements, invoices, orderCancellations, orderLines, orderPayments, orders } from "~/db/schema";
import { copenhagenDateKey, dayBounds } from "~/lib/format";
import { refundVat, vatShares, type BookkeepingEntry } from "./bookkeeping";

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

/** What was paid back in the period: cancellations' refunds (decision 036) and security deposits (decision 035). */
async function refundEntries(db: Database, { from, to }: { from: string; to: string }): Promise<BookkeepingEntry[]> {
  const period = { start: dayBounds(from).start, end: dayBounds(to).end };
  const [cancelled, settled] = await Promise.all([
    db
      .select({ cancellation: orderCancellations, order: orders })
      .from(orderCancellations)
      .innerJoin(orders, eq(orders.id, orderCancellations.orderId))
      .where(
        and(
          gte(orderCancellations.cancelledAt, period.start),
          lt(orderCancellations.cancelledAt, period.end),
          gt(orderCancellations.refundOere, 0),
          // On invoice, the credit note is the entry.
          isNull(orderCancellations.creditNoteId),
        ),
      ),
    db
      .select({ settlement: depositSettlements, order: orders })
      .from(depositSettlements)
      .innerJoin(orders, eq(orders.id, depositSettlements.orderId))
      .where(
        and(
          gte(depositSettlements.settledAt, period.start),
          lt(depositSettlements.settledAt, period.end),
          gt(depositSettlements.refundedOere, 0),
        ),
      ),
  ]);
  const deposits = cancelled.length
    ? await db
        .select({ orderId: orderLines.orderId, totalOere: orderLines.totalOere })
        .from(orderLines)
        .where(
          and(
            inArray(
              orderLines.orderId,
              cancelled.map(({ order }) => order.id),
            ),
            eq(orderLines.kind, "security-deposit"),
          ),
        )
    : [];
  return [
    ...cancelled.map(({ cancellation, order }) => ({
      date: copenhagenDateKey(cancellation.cancelledAt),
      kind: "refund" as const,
      number: order.receiptNumber ?? 0,
      ...bookerOf(order),
      totalOere: -cancellation.refundOere,
      vatOere: -refundVat(
        order,
        cancellation,
        deposits.filter((line) => line.orderId === order.id).reduce((sum, line) => sum + line.totalOere, 0),
      ),
    })),
    ...settled.map(({ settlement, order }) => ({
      date: copenhagenDateKey(settlement.settledAt),
      kind: "refund" as const,
      number: order.receiptNumber ?? 0,
      ...bookerOf(order),
      totalOere: -settlement.refundedOere,
      vatOere: 0,
    })),
  ];
}

const bookerOf = (order: typeof orders.$inferSelect) => ({
  booker: order.bookerOrganisation ?? order.bookerName,
  cvr: order.bookerCvr,
  ean: order.bookerEan,
});
