import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "~/db/client.server";
import { orderPayments, paymentEvents } from "~/db/schema";
import { completePayment, type SettlementDependencies } from "~/features/orders/sales.server";
import type { PaymentProvider } from "./provider.server";

/** Stripe refuses a Checkout session that closes in under 30 minutes; two more, in case our clock is behind. */
const CHECKOUT_SESSION_SECONDS = 32 * 60;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where Stripe's API answers: Stripe's own by default; a stand-in of it in the tests. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

/** Stripe's own client; it talks to Stripe only when a checkout is started, looked up or refunded. */
export function stripeClient(settings: StripeSettings) {
  return new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...settings.api });
}

/**
 * Stripe Checkout (amounts in DKK øre; card and MobilePay are switched on in the Stripe Dashboard's payment
 * methods, which Checkout offers by itself). One Checkout session per order, created with the
 * order's id as idempotency key, so a double click makes one session. The order is confirmed only by the
 * signed webhook (or the success page's look-up when the webhook is late), never by the redirect alone.
 */
export function stripeProvider(db: Database, settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  return {
    name: "stripe",
    checkoutSessionSeconds: CHECKOUT_SESSION_SECONDS,
    async startCheckout(payment, urls) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "dkk",
          customer_email: payment.email,
          client_reference_id: payment.orderId,
          metadata: { orderId: payment.orderId, paymentId: payment.paymentId },
          line_items: payment.lines.map((line) => ({
            quantity: 1,
            price_data: { currency: "dkk", unit_amount: line.amountOere, product_data: { name: line.name } },
          })),
          success_url: `${urls.success}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: urls.cancel,
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_SESSION_SECONDS,
        },
        { idempotencyKey: `payment-${payment.paymentId}` },
      );
      await db
        .update(orderPayments)
        .set({ providerReference: session.id })
        .where(eq(orderPayments.id, payment.paymentId));
      if (!session.url) throw new Error(`Stripe answered no Checkout address for payment ${payment.paymentId}`);
      return { redirectTo: session.url };
    },
    async refund({ providerReference, amountOere, idempotencyKey }) {
      // A payment that never went through Stripe (on invoice, or made before Stripe was set up) is paid back by hand.
      if (!providerReference?.startsWith("cs_") || amountOere === 0) return null;
      const session = await stripe.checkout.sessions.retrieve(providerReference);
      if (typeof session.payment_intent !== "string")
        throw new Error(`Stripe session ${providerReference} has no payment intent to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: session.payment_intent, amount: amountOere },
        { idempotencyKey },
      );
      return refund.id;
    },
  };
}

export type WebhookOutcome =
  | { status: 400; reason: string }
  | { status: 500; reason: string }
  | { status: 200; handled: "confirmed" | "duplicate" | "ignored" | "refunded" };

/**
 * Handles a Stripe webhook: the signature must verify against the raw body; an event id already handled
 * changes nothing; `checkout.session.completed` (paid) confirms its order. If the order's days were taken
 * meanwhile, the payment is refunded.
 */
export async function handleStripeWebhook(
  deps: SettlementDependencies,
  settings: StripeSettings,
  rawBody: string,
  signature: string | null,
): Promise<WebhookOutcome> {
  const stripe = stripeClient(settings);
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? "", settings.webhookSecret);
  } catch (error) {
    deps.logger.warn({ err: error }, "Stripe webhook with a bad signature refused");
    return { status: 400, reason: "bad signature" };
  }
  const { db } = deps;
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return { status: 200, handled: "duplicate" };

  let handled: "confirmed" | "ignored" | "refunded" = "ignored";
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = event.data.object;
    if (session.payment_status === "paid" && session.client_reference_id) {
      try {
        handled = await settle(deps, stripe, session);
      } catch (error) {
        // Not recorded as handled: Stripe sends the event again, and settling is safe to repeat.
        deps.logger.error({ err: error, eventId: event.id }, "Stripe payment could not be settled; Stripe will retry");
        return { status: 500, reason: "not settled" };
      }
    }
  }
  await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { status: 200, handled };
}

/**
 * Settles a paid payment: the first books its order, a later one (the balance) is recorded, or the money is paid
 * back. The session must be the one made for the payment, for its amount in DKK; any other payment is left alone
 * (and logged). A paid first payment whose order cannot be booked (its days were taken, or it was replaced or
 * cancelled) is refunded; the idempotency key makes a retried refund harmless.
 */
async function settle(
  deps: SettlementDependencies,
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<"confirmed" | "refunded" | "ignored"> {
  const orderId = session.client_reference_id!;
  const [payment] = await deps.db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.providerReference, session.id), eq(orderPayments.orderId, orderId)));
  if (!payment || session.amount_total !== payment.amountOere || session.currency !== "dkk") {
    deps.logger.error({ orderId, sessionId: session.id }, "a paid Stripe session does not match its order; not booked");
    return "ignored";
  }
  const result = await completePayment(deps, payment);
  if (result.status === "confirmed" || result.status === "already-paid") return "confirmed";
  if (typeof session.payment_intent !== "string")
    throw new Error(`paid session ${session.id} has no payment intent to refund`);
  await stripe.refunds.create(
    { payment_intent: session.payment_intent, reason: "requested_by_customer" },
    { idempotencyKey: `refund-${payment.id}` },
  );
  deps.logger.warn({ orderId }, "a paid order could not be booked; the payment is refunded");
  deps.metrics.payments.inc({ provider: "stripe", outcome: "refunded" });
  return "refunded";
}

/** The success page's reconciliation: a late webhook must not leave a paid customer waiting. */
export async function reconcileCheckout(
  deps: SettlementDependencies,
  settings: StripeSettings,
  orderId: string,
  sessionId: string,
) {
  const stripe = stripeClient(settings);
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.client_reference_id !== orderId || session.payment_status !== "paid") return false;
  await settle(deps, stripe, session);
  return true;
}

export function stripeSettingsOf(config: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}): StripeSettings | null {
  return config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
    ? { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET }
    : null;
}
