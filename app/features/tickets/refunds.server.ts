import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderCancellations, orders, tickets } from "~/db/schema";
import { concertRefundMessage, ticketRefundMessage } from "./messages";
import type { Mailer } from "~/features/email/mailer.server";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { refundPaidPayments } from "~/features/orders/refunds.server";
import { effectiveStart } from "~/features/program/program";
import { daysBetween, todayInCopenhagen } from "~/lib/days";
import { copenhagenDateKey } from "~/lib/format";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Logger } from "~/lib/logger.server";
import { formatMoney } from "~/lib/format";
import type { Config } from "~/config/env.server";
import { giveBack } from "./holds.server";
import { mailWaitlistOffers, offerFreedTickets } from "./waitlist.server";
import { concertOf, selectTicketOrders } from "./orders.server";

export type TicketRefundResult =
  { ok: true; amountOere: number } | { ok: false; reason: "not-found" | "not-paid" | "refunded" };

/**
 * Refunds a paid ticket order whole (decision 038): its tickets become refunded (no longer valid at the door), their
 * places go back to the sale, the money goes back through the provider, and the order is cancelled with a record
 * of it (`order_cancellations`, as a booking's), in one transaction. The order's row is locked and the record's key
 * is the order, so a refund asked twice at once pays back once; a provider that refuses undoes it all.
 */
export async function refundTicketOrder(
  { db, provider }: { db: Database; provider: Pick<PaymentProvider, "refund" | "name"> },
  orderId: string,
  by: { userId: string | null; reason: string; byAdmin?: boolean },
  now = new Date(),
): Promise<TicketRefundResult> {
  return db.transaction(async (tx): Promise<TicketRefundResult> => {
    const [order] = await selectTicketOrders(tx, eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, reason: "not-found" };
    if (order.status === "cancelled") return { ok: false, reason: "refunded" };
    if (order.status !== "paid") return { ok: false, reason: "not-paid" };
    const refunded = await tx
      .update(tickets)
      .set({ status: "refunded" })
      .where(and(eq(tickets.orderId, orderId), eq(tickets.status, "sold")))
      .returning({ ticketTypeId: tickets.ticketTypeId });
    await giveBack(tx, order.eventId!, refunded);
    await offerFreedTickets(tx, order.eventId!, provider.name, now);
    await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId));
    const concert = await concertOf(tx, order.eventId!);
    await tx.insert(orderCancellations).values({
      orderId,
      cancelledAt: now,
      cancelledBy: by.userId,
      byAdmin: by.byAdmin ?? true,
      reason: by.reason,
      // Counted in Copenhagen's dates, as a booking's (decision 056).
      daysBefore: concert
        ? Math.max(0, daysBetween(todayInCopenhagen(now), copenhagenDateKey(effectiveStart(concert))))
        : 0,
      chargePercent: 0,
      chargeOere: 0,
      refundOere: order.totalOere,
      owedOere: 0,
    });
    await refundPaidPayments(tx, provider, orderId, {
      kind: "cancellation",
      reason: by.reason,
      amountOere: order.totalOere,
      vatOere: order.vatOere,
      now,
    });
    return { ok: true, amountOere: order.totalOere };
  });
}

type RefundDependencies = {
  db: Database;
  provider: Pick<PaymentProvider, "refund" | "name">;
  mailer: Mailer;
  logger: Logger;
  config: Pick<Config, "PUBLIC_URL">;
};

/**
 * Refunds one order and tells its buyer, in Danish (a cancelled concert's words when it is one), and the fans on
 * the waitlist who were offered its tickets.
 */
export async function refundTicketOrderAndNotify(
  deps: RefundDependencies,
  orderId: string,
  by: { userId: string | null; reason: string; byAdmin?: boolean },
  concertCancelled = false,
) {
  const result = await refundTicketOrder(deps, orderId, by);
  if (!result.ok) return result;
  try {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    const concert = await concertOf(deps.db, order!.eventId!);
    const { siteName } = await getSiteSettings(deps.db);
    const view = { siteName, name: order!.bookerName, concert: concert!.title, amount: formatMoney(result.amountOere) };
    await deps.mailer.send(
      concertCancelled ? concertRefundMessage(order!.bookerEmail, view) : ticketRefundMessage(order!.bookerEmail, view),
    );
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "the refund e-mail could not be sent");
  }
  try {
    await mailWaitlistOffers(deps);
  } catch (error) {
    // The job mails them within a minute: the refund stands.
    deps.logger.error({ err: error, orderId }, "the waitlist's offers could not be mailed");
  }
  return result;
}

/**
 * "Refundér alle billetter" for a cancelled concert: every paid order is refunded and its buyer told, one order at a
 * time (each its own transaction, so one that fails leaves the others refunded, and asking again refunds the rest).
 * Answers how many orders were refunded now.
 */
export async function refundCancelledConcert(deps: RefundDependencies, eventId: string, by: { userId: string }) {
  const paid = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.status, "paid")));
  let refunded = 0;
  for (const { id } of paid) {
    const result = await refundTicketOrderAndNotify(deps, id, { ...by, reason: "Koncerten er aflyst." }, true);
    if (result.ok) refunded++;
  }
  return refunded;
}
