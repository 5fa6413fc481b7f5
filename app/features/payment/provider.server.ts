/** Where a payment happens. The demo provider is the default; Stripe Checkout when STRIPE_SECRET_KEY is set. */
export interface PaymentProvider {
  readonly name: "demo" | "stripe";
  /**
   * How long the provider's checkout lets the buyer pay, in seconds (0: no limit of its own); the order's days
   * are held at least as long (rules.ts, `orderHoldExpiresAt`).
   */
  readonly checkoutSessionSeconds: number;
  /** Starts paying for an order; answers where to send the buyer. */
  startCheckout(
    order: { id: string; totalOere: number; days: string[]; email: string },
    urls: { success: string; cancel: string },
  ): Promise<{ redirectTo: string }>;
}

/** A clearly labelled test payment on our own page (/betaling): for demonstration and tests, no money moves. */
export const demoProvider: PaymentProvider = {
  name: "demo",
  checkoutSessionSeconds: 0,
  async startCheckout(order) {
    return { redirectTo: `/betaling?ordre=${order.id}` };
  },
};
