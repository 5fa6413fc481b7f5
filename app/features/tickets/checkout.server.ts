import type { Database } from "~/db/client.server";
import { nextDuePayment } from "~/features/orders/payments.server";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { checkoutOf } from "~/features/rental/checkout.server";
import type { TicketOrder } from "./orders.server";

/**
 * Starts paying a held ticket order with the provider the days use (Stripe Checkout, or the demo's button on the
 * order's own page); answers where to send the buyer, or null when nothing is due.
 */
export async function startTicketPayment(
  { db, provider, publicUrl }: { db: Database; provider: PaymentProvider; publicUrl: string },
  order: TicketOrder,
) {
  const payment = await nextDuePayment(db, order.id);
  if (!payment) return null;
  const orderPath = `/billetter/ordre/${order.accessToken}`;
  const { redirectTo } = await provider.startCheckout(await checkoutOf(db, order, payment), {
    success: `${publicUrl}${orderPath}?betalt=1`,
    cancel: `${publicUrl}/koncerter/${order.eventId}/billetter`,
    demo: orderPath,
  });
  return redirectTo;
}
