/** Where a payment happens. The demo provider is the default; Stripe Checkout when STRIPE_SECRET_KEY is set. */
export interface PaymentProvider {
  readonly name: "demo" | "stripe";
  /**
   * How long the provider's checkout lets the buyer pay, in seconds (0: no limit of its own); the order's days
   * are held at least as long (rules.ts, `orderHoldExpiresAt`).
   */
  readonly checkoutSessionSeconds: number;
  /** Starts paying one payment of an order's plan; answers where to send the buyer. */
  startCheckout(payment: CheckoutRequest, urls: CheckoutUrls): Promise<{ redirectTo: string }>;
  /**
   * Pays part of a paid payment back (a security deposit, a cancellation's refund); answers the provider's id of
   * the refund, or null where no money moves through it (the demo, a payment on invoice): then it is only marked.
   * The same `idempotencyKey` refunds once, however often it is asked.
   */
  refund(request: RefundRequest): Promise<string | null>;
}

export interface RefundRequest {
  /** The provider's reference of the paid payment (`order_payments.provider_reference`), if it went through it. */
  providerReference: string | null;
  amountOere: number;
  idempotencyKey: string;
}

/**
 * Where the buyer goes: back after paying (`success`, with a query string the provider may add to) or after
 * giving up, and the site's own page where the demo provider takes the payment.
 */
export interface CheckoutUrls {
  success: string;
  cancel: string;
  demo: string;
}

/** One payment to take: everything, the depositum or the balance of an order (`order_payments`). */
export interface CheckoutRequest {
  orderId: string;
  paymentId: string;
  amountOere: number;
  /** What the buyer sees on the provider's page, line by line; they add up to the amount. */
  lines: { name: string; amountOere: number }[];
  email: string;
}

/** A clearly labelled test payment on our own page (/betaling): for demonstration and tests, no money moves. */
export const demoProvider: PaymentProvider = {
  name: "demo",
  checkoutSessionSeconds: 0,
  async startCheckout(_payment, urls) {
    return { redirectTo: urls.demo };
  },
  async refund() {
    return null;
  },
};
