import {
  completeLaterPayment,
  completePaidOrder,
  type SettlementDependencies,
} from "~/features/reservation/checkout.server";
import { getOrder } from "~/features/reservation/orders.server";
import { completeTicketOrder } from "~/features/tickets/complete.server";
import type { OrderPayment } from "./payments.server";

/**
 * Settles a paid payment of any order (decision 038): a ticket order's sells its tickets, a rental's first payment
 * books its days (`completePaidOrder`), and a later one (the balance) is recorded and receipted.
 */
export async function completePayment(deps: SettlementDependencies, payment: OrderPayment) {
  if (payment.kind === "balance") return completeLaterPayment(deps, payment.id);
  const order = await getOrder(deps.db, payment.orderId);
  return order?.sale === "tickets"
    ? completeTicketOrder(deps, payment.orderId)
    : completePaidOrder(deps, payment.orderId);
}
