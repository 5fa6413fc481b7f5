import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderCancellations, orders, queueJobs, tickets } from "~/db/schema";
import { MAIL_QUEUE } from "~/features/email/outbox.server";
import type { PaymentProvider } from "~/features/payment/provider.server";
import {
  ERASED_BUYER_NAME,
  erasedBuyerEmail,
  erasureOf,
  erasureRefusal,
  type Erasure,
  type ErasureRefusal,
} from "./buyer-data";
import { giveBack } from "./holds.server";
import { offerFreedTickets } from "./waitlist.server";
import { concertOf, selectTicketOrders, type TicketOrder } from "./orders.server";
import { newTicketToken } from "./tokens.server";

export type ErasureResult =
  | { ok: true; erasure: Erasure; freed: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; refusal: ErasureRefusal };

/**
 * "Slet mine oplysninger" from an order's link (`erasureOf`, `erasureRefusal`): an order never paid is deleted with
 * its tickets, and those still held go back to the counters; a paid or refunded order keeps its lines, amounts and
 * receipt, and its buyer and ticket holders become "Slettet køber". Either way the order's and its tickets' links
 * stop working (an anonymized order gets secrets no one has), and the mails kept in the outbox that name the order
 * go. One transaction behind the order's row lock, which a payment's confirmation and a refund take too, so the
 * rule judges the order as it is, and a held ticket is given back once.
 */
export async function eraseTicketBuyer(
  { db, payments }: { db: Database; payments: Pick<PaymentProvider, "name" | "checkoutSessionSeconds"> | null },
  orderId: string,
  now = new Date(),
): Promise<ErasureResult> {
  return db.transaction(async (tx): Promise<ErasureResult> => {
    const [order] = await selectTicketOrders(tx, eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, reason: "not-found" };
    const concert = await concertOf(tx, order.eventId!);
    const own = await tx.select({ status: tickets.status }).from(tickets).where(eq(tickets.orderId, orderId));
    const refusal = erasureRefusal(order, concert!, own, payments, now);
    if (refusal) return { ok: false, reason: "refused", refusal };
    await forgetMailsOf(tx, order);
    const erasure = erasureOf(order.status);
    if (erasure === "anonymize") {
      await anonymize(tx, order);
      return { ok: true, erasure, freed: 0 };
    }
    return { ok: true, erasure, freed: await deleteUnpaid(tx, order, payments?.name ?? null, now) };
  });
}

async function anonymize(tx: Database, order: TicketOrder) {
  await tx
    .update(orders)
    .set({
      bookerName: ERASED_BUYER_NAME,
      bookerEmail: erasedBuyerEmail(order.id),
      bookerPhone: "",
      userId: null,
      accessToken: newTicketToken(),
    })
    .where(eq(orders.id, order.id));
  const own = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, order.id));
  for (const { id } of own) {
    await tx.update(tickets).set({ holderName: ERASED_BUYER_NAME, token: newTicketToken() }).where(eq(tickets.id, id));
  }
  // A buyer who cancelled from their account is named by it; the admin who refunded stays on record.
  await tx
    .update(orderCancellations)
    .set({ cancelledBy: null })
    .where(and(eq(orderCancellations.orderId, order.id), eq(orderCancellations.byAdmin, false)));
}

/** Deletes an unpaid order and its tickets; answers how many held tickets went back to the concert's counters. */
async function deleteUnpaid(tx: Database, order: TicketOrder, provider: string | null, now: Date) {
  // The delete returns each ticket once, so a held one is given back once, whatever a sweep does at the same time.
  const removed = await tx
    .delete(tickets)
    .where(eq(tickets.orderId, order.id))
    .returning({ status: tickets.status, ticketTypeId: tickets.ticketTypeId });
  const freed = removed.filter((ticket) => ticket.status === "held");
  await giveBack(tx, order.eventId!, freed);
  // Given to the waitlist first, as any ticket freed.
  if (freed.length > 0) await offerFreedTickets(tx, order.eventId!, provider, now);
  // Its lines and payment go with it (on delete cascade).
  await tx.delete(orders).where(eq(orders.id, order.id));
  return freed.length;
}

/**
 * The outbox keeps sent mails for 30 days, with the buyer's name, address and links: the ones that name this order
 * (its tickets, the buyer's data) go now.
 */
async function forgetMailsOf(tx: Database, order: TicketOrder) {
  await tx
    .delete(queueJobs)
    .where(
      and(
        eq(queueJobs.queue, MAIL_QUEUE),
        eq(sql`${queueJobs.payload}->>'to'`, order.bookerEmail),
        sql`strpos(${queueJobs.payload}::text, ${order.accessToken}) > 0`,
      ),
    );
}
