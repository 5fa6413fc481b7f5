import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import { todayInCopenhagen } from "~/lib/days";
import { paymentPlan, paymentTermsOf, type Installment } from "./payment-plan";

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
  const [order] = await db.select({ days: orders.days }).from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select({ kind: orderLines.kind, totalOere: orderLines.totalOere })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const sumOf = (chosen: typeof lines) => chosen.reduce((sum, line) => sum + line.totalOere, 0);
  const amounts = {
    rentOere: sumOf(lines.filter((line) => line.kind !== "security-deposit")),
    securityDepositOere: sumOf(lines.filter((line) => line.kind === "security-deposit")),
    firstDay: [...order!.days].sort()[0]!,
  };
  return paymentPlan(amounts, paymentTermsOf(settings), todayInCopenhagen(now));
}
