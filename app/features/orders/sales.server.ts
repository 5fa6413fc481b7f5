import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema";
import type { Collaborators } from "~/lib/collaborators.server";
import type { OrderPayment } from "./payments.server";

/** What settling a paid payment may use: the database, the mail, the addresses, the counts, the log. */
export type SettlementDependencies = Pick<Collaborators, "db" | "mailer" | "config" | "metrics" | "logger" | "sales">;

/**
 * What came of settling a paid payment: what it bought is the buyer's (its receipt), it was already, or it could not
 * be had (the days or tickets went to someone else meanwhile, the order ended): the caller refunds, and the
 * business's `failureReason` says why in Danish where it has one.
 */
export type SettleOutcome =
  | { status: "confirmed" | "already-paid"; receiptNumber: number }
  | { status: "failed"; reason: string; failureReason?: string };

/**
 * What a business that sells through the order core answers for its orders (decision 055): the core asks, and
 * never knows what is sold. A business is registered once, in `app/businesses.server.ts`, under its `orders.sale`.
 */
export interface SaleBusiness {
  /** Settles a paid payment of one of its orders: books or sells what it is for, receipts it and mails the buyer. */
  settlePayment(deps: SettlementDependencies, payment: OrderPayment): Promise<SettleOutcome>;
  /** What it knows of its orders' buyers beyond the order's name, by order id, for the accountant's CSV. */
  buyersOf?(db: Database, orderIds: string[]): Promise<Map<string, BuyerIdentity>>;
}

/** A buyer as the bookkeeping names one where the order's name is not all: an organisation, its CVR and EAN. */
export interface BuyerIdentity {
  organisation: string | null;
  cvr: string | null;
  ean: string | null;
}

/** The businesses by the sale they answer for. */
export type Sales = Readonly<Record<(typeof orders.$inferSelect)["sale"], SaleBusiness>>;

/**
 * Settles a paid payment of any order, from the Stripe webhook, the success page's reconciliation or the demo
 * payment: through the one business its order belongs to, and nowhere else.
 */
export async function completePayment(deps: SettlementDependencies, payment: OrderPayment): Promise<SettleOutcome> {
  const [order] = await deps.db.select({ sale: orders.sale }).from(orders).where(eq(orders.id, payment.orderId));
  if (!order) return { status: "failed", reason: "not-found" };
  return deps.sales[order.sale].settlePayment(deps, payment);
}
