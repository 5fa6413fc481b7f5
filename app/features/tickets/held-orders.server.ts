import type { Database } from "~/db/client.server";
import { orderLines, orderPayments, orders, tickets } from "~/db/schema";
import { orderTotals } from "~/features/orders/money";
import { todayInCopenhagen } from "~/lib/days";
import { ticketLines } from "./rules";
import { newDoorCode, newTicketToken } from "./tokens.server";

/** Who an order's tickets are for. */
export interface TicketBuyer {
  name: string;
  email: string;
  userId: string | null;
}

/**
 * Writes an order waiting for payment with its lines, its one payment and its held tickets, which run out at
 * `expiresAt`: a buyer's hold (ten minutes) or a waitlist's offer (a day). The counters are the caller's.
 */
export async function writeHeldOrder(
  tx: Database,
  {
    provider,
    eventId,
    types,
    quantities,
    feeOere,
    buyer,
    now,
    expiresAt,
  }: {
    provider: string;
    eventId: string;
    types: Parameters<typeof ticketLines>[0];
    quantities: Record<string, number>;
    feeOere: number;
    buyer: TicketBuyer;
    now: Date;
    expiresAt: Date;
  },
) {
  const lines = ticketLines(types, quantities, feeOere);
  const { totalOere, vatOere } = orderTotals(lines);
  const accessToken = newTicketToken();
  const [order] = await tx
    .insert(orders)
    .values({
      sale: "tickets",
      eventId,
      accessToken,
      userId: buyer.userId,
      bookerName: buyer.name,
      bookerEmail: buyer.email.toLowerCase(),
      totalOere,
      vatOere,
      provider,
    })
    .returning({ id: orders.id });
  await tx.insert(orderLines).values(lines.map((line, position) => ({ ...line, orderId: order!.id, position })));
  await tx
    .insert(orderPayments)
    .values({ orderId: order!.id, kind: "everything", amountOere: totalOere, dueDay: todayInCopenhagen(now) });
  await tx.insert(tickets).values(
    lines
      .filter((line) => line.kind === "ticket")
      .flatMap((line) =>
        Array.from({ length: line.quantity }, () => ({
          eventId,
          ticketTypeId: line.ticketTypeId,
          orderId: order!.id,
          status: "held" as const,
          token: newTicketToken(),
          doorCode: newDoorCode(),
          holderName: buyer.name,
          expiresAt,
        })),
      ),
  );
  return { orderId: order!.id, accessToken };
}
