import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { depositSettlements, orderLines, orderPayments, orders } from "~/db/schema";
import { depositSettledMessage } from "~/features/email/rental-messages";
import type { Mailer } from "~/features/email/mailer.server";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { daysSummary, todayInCopenhagen } from "~/features/reservation/days";
import { getSiteSettings } from "~/features/site/settings.server";
import { formatMoney } from "~/lib/format";
import { settlementRefusal, type SettlementRefusal } from "./security-deposit";

const depositOere = sql<number>`coalesce((select sum(${orderLines.totalOere}) from ${orderLines}
  where ${orderLines.orderId} = ${orders.id} and ${orderLines.kind} = 'security-deposit'), 0)::int`;
const unpaidPayments = sql<number>`(select count(*) from ${orderPayments}
  where ${orderPayments.orderId} = ${orders.id} and ${orderPayments.paidAt} is null)::int`;
const lastDay = sql<string>`(select max(day)::text from unnest(${orders.days}) as day)`;

/** Booked orders whose security deposit is still to settle, the longest over first: the admin's last stage. */
export async function depositsToSettle(db: Database, now = new Date()) {
  const today = todayInCopenhagen(now);
  const rows = await db
    .select({
      orderId: orders.id,
      bookerName: orders.bookerName,
      bookerOrganisation: orders.bookerOrganisation,
      bookerEmail: orders.bookerEmail,
      days: orders.days,
      depositOere,
      unpaidPayments,
      lastDay,
    })
    .from(orders)
    .leftJoin(depositSettlements, eq(depositSettlements.orderId, orders.id))
    .where(and(inArray(orders.status, ["paid", "invoiced"]), isNull(depositSettlements.orderId)))
    .orderBy(lastDay);
  return rows.filter((row) => row.depositOere > 0 && row.unpaidPayments === 0 && row.lastDay < today);
}

export type SettlementResult =
  | { ok: true; refundedOere: number; keptOere: number }
  | { ok: false; reason: SettlementRefusal | "not-found" | "refund-failed" };

interface SettlementDependencies {
  db: Database;
  mailer: Mailer;
  provider: Pick<PaymentProvider, "refund">;
  publicUrl: string;
}

/**
 * Settles an order's security deposit: what is kept, and why, and the rest back to the booker: a refund of the
 * payment that carried it (Stripe), or only marked (the demo, an invoice). The settlement is claimed first (one
 * row per order), so two admins at once settle once; a refund the provider refuses takes the claim back. The
 * booker gets the settlement by e-mail.
 */
export async function settleSecurityDeposit(
  { db, mailer, provider, publicUrl }: SettlementDependencies,
  orderId: string,
  settlement: { keptOere: number; reason: string; adminId: string },
  now = new Date(),
): Promise<SettlementResult> {
  const [order] = await db
    .select({
      status: orders.status,
      bookerName: orders.bookerName,
      bookerEmail: orders.bookerEmail,
      days: orders.days,
      depositOere,
      unpaidPayments,
      lastDay,
      settled: depositSettlements.orderId,
    })
    .from(orders)
    .leftJoin(depositSettlements, eq(depositSettlements.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order || !["paid", "invoiced"].includes(order.status)) return { ok: false, reason: "not-found" };
  const { keptOere } = settlement;
  const refusal = settlementRefusal(
    {
      depositOere: order.depositOere,
      depositPaid: order.unpaidPayments === 0,
      lastDay: order.lastDay,
      settled: order.settled !== null,
    },
    keptOere,
    todayInCopenhagen(now),
  );
  if (refusal) return { ok: false, reason: refusal };
  const refundedOere = order.depositOere - keptOere;
  const claimed = await db
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
  if (claimed.length === 0) return { ok: false, reason: "settled" };

  // The deposit was paid with the last payment of the plan (the balance, or everything at once).
  const [carrier] = await db
    .select({ providerReference: orderPayments.providerReference })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(desc(orderPayments.dueDay))
    .limit(1);
  let refundReference: string | null;
  try {
    refundReference = await provider.refund({
      providerReference: carrier?.providerReference ?? null,
      amountOere: refundedOere,
      idempotencyKey: `security-deposit-${orderId}`,
    });
  } catch {
    await db.delete(depositSettlements).where(eq(depositSettlements.orderId, orderId));
    return { ok: false, reason: "refund-failed" };
  }
  if (refundReference)
    await db.update(depositSettlements).set({ refundReference }).where(eq(depositSettlements.orderId, orderId));
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
  return { ok: true, refundedOere, keptOere };
}
