import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { depositSettlements, orderLines, orderPayments, orders } from "~/db/schema";
import { depositSettledMessage } from "./messages";
import type { Mailer } from "~/features/email/mailer.server";
import { ProviderRefusedRefund, refundPayment } from "~/features/orders/refunds.server";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { daysSummary, todayInCopenhagen } from "~/lib/days";
import { getSiteSettings } from "~/features/site/settings.server";
import { formatMoney } from "~/lib/format";
import { securityDepositCarrier } from "./payment-plan";
import { settlementRefusal, type SettlementRefusal } from "./security-deposit";
import { lastDayOfOrder, selectRentalOrders } from "./rental-order.server";

const depositOere = sql<number>`coalesce((select sum(${orderLines.totalOere}) from ${orderLines}
  where ${orderLines.orderId} = ${orders.id} and ${orderLines.kind} = 'security-deposit'), 0)::int`;

const isSettled = sql<boolean>`${depositSettlements.orderId} is not null`;

/** Whether each order's security deposit is paid: the payment that carries it (`securityDepositCarrier`) is. */
async function depositPaidOf(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, boolean>();
  const payments = await db.select().from(orderPayments).where(inArray(orderPayments.orderId, orderIds));
  return new Map(
    orderIds.map((orderId) => [
      orderId,
      securityDepositCarrier(payments.filter((payment) => payment.orderId === orderId))?.paidAt != null,
    ]),
  );
}

/** Booked orders whose security deposit is still to settle, the longest over first: the admin's last stage. */
export async function depositsToSettle(db: Database, now = new Date()) {
  const today = todayInCopenhagen(now);
  const rows = (
    await selectRentalOrders(db, { depositOere, lastDay: lastDayOfOrder })
      .leftJoin(depositSettlements, eq(depositSettlements.orderId, orders.id))
      .where(and(inArray(orders.status, ["paid", "invoiced"]), isNull(depositSettlements.orderId)))
      .orderBy(lastDayOfOrder)
  ).filter((row) => row.depositOere > 0 && row.lastDay < today);
  const paid = await depositPaidOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.filter((row) => paid.get(row.id));
}

export type SettlementResult =
  | { ok: true; refundedOere: number; keptOere: number }
  | { ok: false; reason: SettlementRefusal | "not-found" | "refund-failed" };

interface SettlementDependencies {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  provider: Pick<PaymentProvider, "refund">;
  publicUrl: string;
}

/** The provider refused a refund: the settlement's transaction is undone. */
class RefundRefused extends Error {}

/**
 * Settles an order's security deposit: what is kept, and why, and the rest back to the booker: a refund of the
 * payment that carried it (Stripe), or only marked (the demo, an invoice). One transaction claims the settlement
 * (one row per order, so two admins at once settle once), refunds and records the refund's id; a refund the
 * provider refuses undoes it, and its idempotency key makes a retry after a failed commit the same refund
 * (decision 036). The booker gets the settlement by e-mail; a mail that cannot be queued undoes nothing.
 */
export async function settleSecurityDeposit(
  { db, mailer, logger, provider, publicUrl }: SettlementDependencies,
  orderId: string,
  settlement: { keptOere: number; reason: string; adminId: string },
  now = new Date(),
): Promise<SettlementResult> {
  const { keptOere } = settlement;
  let settled: Awaited<ReturnType<typeof settle>>;
  const settle = (tx: Database) => settleIn(tx, provider, orderId, settlement, now);
  try {
    settled = await db.transaction(settle);
  } catch (error) {
    if (error instanceof RefundRefused) return { ok: false, reason: "refund-failed" };
    throw error;
  }
  if (!settled.ok) return settled;
  const { order, refundedOere } = settled;
  try {
    const { siteName } = await getSiteSettings(db);
    const view = {
      siteName,
      name: order.bookerName,
      days: daysSummary(order.days),
      deposit: formatMoney(order.depositOere),
      kept: keptOere > 0 ? { amount: formatMoney(keptOere), reason: settlement.reason } : null,
      refunded: formatMoney(refundedOere),
    };
    await mailer.send(depositSettledMessage(order.bookerEmail, view, `${publicUrl}/alle-reservationer`));
  } catch (error) {
    logger.error({ err: error, orderId }, "the settlement e-mail could not be sent");
  }
  return { ok: true, refundedOere, keptOere };
}

async function settleIn(
  tx: Database,
  provider: Pick<PaymentProvider, "refund">,
  orderId: string,
  settlement: { keptOere: number; reason: string; adminId: string },
  now: Date,
) {
  const [order] = await selectRentalOrders(tx, {
    depositOere,
    lastDay: lastDayOfOrder,
    settled: isSettled,
  })
    .leftJoin(depositSettlements, eq(depositSettlements.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order || !["paid", "invoiced"].includes(order.status))
    return { ok: false as const, reason: "not-found" as const };
  const payments = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  const carrier = securityDepositCarrier(payments);
  const { keptOere } = settlement;
  const refusal = settlementRefusal(
    {
      depositOere: order.depositOere,
      depositPaid: carrier?.paidAt != null,
      lastDay: order.lastDay,
      settled: order.settled,
    },
    keptOere,
    todayInCopenhagen(now),
  );
  if (refusal) return { ok: false as const, reason: refusal };
  const refundedOere = order.depositOere - keptOere;
  const claimed = await tx
    .insert(depositSettlements)
    .values({
      orderId,
      keptOere,
      reason: settlement.reason || null,
      refundedOere,
      settledAt: now,
      settledBy: settlement.adminId,
    })
    .onConflictDoNothing()
    .returning({ orderId: depositSettlements.orderId });
  if (claimed.length === 0) return { ok: false as const, reason: "settled" as const };
  if (refundedOere > 0 && carrier) {
    try {
      await refundPayment(tx, provider, carrier, {
        kind: "security-deposit",
        reason: "Sikkerhedsdepositum betalt tilbage",
        amountOere: refundedOere,
        vatOere: 0,
        now,
      });
    } catch (error) {
      // Only the provider's refusal is the admin's "refund failed"; anything else is the server's error.
      if (error instanceof ProviderRefusedRefund) throw new RefundRefused();
      throw error;
    }
  }
  return { ok: true as const, order, refundedOere };
}
