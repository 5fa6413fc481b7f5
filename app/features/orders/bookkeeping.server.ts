import { and, asc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { invoices, orderLines, orderPayments, orderRefunds, orders } from "~/db/schema";
import { copenhagenDateKey, dayBounds } from "~/lib/format";
import { vatShares, type BookkeepingEntry } from "./bookkeeping";
import type { BuyerIdentity, Sales } from "./sales.server";

type Order = typeof orders.$inferSelect;

/**
 * The payments received, the invoices and credit notes issued and the refunds made from one Copenhagen day to
 * another (inclusive), with moms; each buyer as their order's business names them (`buyersOf`).
 */
export async function bookkeepingEntries(
  { db, sales }: { db: Database; sales: Sales },
  { from, to }: { from: string; to: string },
) {
  const paid = await db
    .select({ id: orderPayments.id, orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(and(gte(orderPayments.paidAt, dayBounds(from).start), lt(orderPayments.paidAt, dayBounds(to).end)));
  const orderIds = [...new Set(paid.map((payment) => payment.orderId))];
  const [paidOrders, theirPayments, issued, deposits, refunds] = await Promise.all([
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
    db
      .select({ refund: orderRefunds, order: orders })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(and(gte(orderRefunds.refundedAt, dayBounds(from).start), lt(orderRefunds.refundedAt, dayBounds(to).end)))
      .orderBy(asc(orderRefunds.refundedAt)),
  ]);
  const bookerOf = await bookersOf(db, sales, [...paidOrders, ...[...issued, ...refunds].map((row) => row.order)]);
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
  entries.push(...refundEntries(refunds, bookerOf));
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
function refundEntries(
  refunds: { refund: typeof orderRefunds.$inferSelect; order: Order }[],
  bookerOf: (order: Order) => Pick<BookkeepingEntry, "booker" | "cvr" | "ean">,
): BookkeepingEntry[] {
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

/** Each order's buyer for the CSV: the organisation its business knows with its CVR and EAN, else its name. */
async function bookersOf(db: Database, sales: Sales, orders: Order[]) {
  const known = new Map<string, BuyerIdentity>();
  for (const [sale, business] of Object.entries(sales)) {
    const ids = [...new Set(orders.filter((order) => order.sale === sale).map((order) => order.id))];
    if (ids.length > 0 && business.buyersOf) for (const entry of await business.buyersOf(db, ids)) known.set(...entry);
  }
  return (order: Order) => {
    const buyer = known.get(order.id);
    return { booker: buyer?.organisation ?? order.bookerName, cvr: buyer?.cvr ?? null, ean: buyer?.ean ?? null };
  };
}
