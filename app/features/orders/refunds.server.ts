import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderPayments, orderRefunds } from "~/db/schema";
import type { PaymentProvider } from "~/features/payment/provider.server";
import type { OrderPayment } from "./payments.server";

type RefundKind = (typeof orderRefunds.$inferSelect)["kind"];

/** What a refund is: why (its kind, and in words), how much, the moms in it, and when. */
export interface RefundOf {
  kind: RefundKind;
  reason: string;
  amountOere: number;
  vatOere: number;
  now: Date;
}

/** The provider would not pay the money back (Stripe down, the payment not refundable): nothing was recorded. */
export class ProviderRefusedRefund extends Error {}

/**
 * Pays part of one payment back through the provider and records it (decision 056): one row with the provider's id
 * (none where it is paid back by hand or by the demo). The idempotency key is the payment's and the kind's, so a
 * retried refund is the same refund.
 */
export async function refundPayment(
  db: Database,
  provider: Pick<PaymentProvider, "refund">,
  payment: Pick<OrderPayment, "id" | "orderId" | "providerReference">,
  refund: RefundOf,
) {
  const providerReference = await provider
    .refund({
      providerReference: payment.providerReference,
      amountOere: refund.amountOere,
      idempotencyKey: `${refund.kind}-${payment.id}`,
    })
    .catch((error: unknown) => {
      throw new ProviderRefusedRefund("the provider refused the refund", { cause: error });
    });
  const [row] = await db
    .insert(orderRefunds)
    .values({
      orderId: payment.orderId,
      paymentId: payment.id,
      kind: refund.kind,
      amountOere: refund.amountOere,
      vatOere: refund.vatOere,
      reason: refund.reason,
      providerReference,
      refundedAt: refund.now,
    })
    .returning();
  return row!;
}

/**
 * Pays `amountOere` back over an order's paid payments, the latest first, whatever it sold (a cancelled booking,
 * refunded tickets): a refund of each payment it reaches, each with its share of the moms, the last taking what
 * rounding left, so the rows add up to the refund and its moms exactly.
 */
export async function refundPaidPayments(
  db: Database,
  provider: Pick<PaymentProvider, "refund">,
  orderId: string,
  refund: RefundOf,
) {
  const paid = (
    await db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(desc(orderPayments.dueDay), orderPayments.id)
  ).filter((payment) => payment.paidAt !== null);
  const parts: { payment: OrderPayment; amountOere: number }[] = [];
  let left = refund.amountOere;
  for (const payment of paid) {
    const part = Math.min(left, payment.amountOere);
    if (part > 0) parts.push({ payment, amountOere: part });
    left -= part;
  }
  let vatLeft = refund.vatOere;
  const refunds = [];
  for (const [index, { payment, amountOere }] of parts.entries()) {
    const vatOere =
      index === parts.length - 1 ? vatLeft : Math.round((amountOere * refund.vatOere) / refund.amountOere);
    vatLeft -= vatOere;
    refunds.push(await refundPayment(db, provider, payment, { ...refund, amountOere, vatOere }));
  }
  return refunds;
}
