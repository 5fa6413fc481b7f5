import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { tickets, ticketSales, ticketTypes } from "~/db/schema";
import { ticketHoldExpiresAt, ticketOrderRefusal, type TicketRefusal } from "./rules";
import { ticketSaleOf, ticketsForEmail } from "./sale.server";
import { writeHeldOrder, type TicketBuyer } from "./held-orders.server";
import { offerFreedTickets } from "./waitlist.server";

/** A hold's answer; `soldOut` when it took the concert's last tickets, so its pages say "Udsolgt" from now on. */
export type HoldAnswer =
  { ok: true; orderId: string; accessToken: string; soldOut: boolean } | { ok: false; refusal: TicketRefusal };

/**
 * How long an instance answers "Udsolgt" for a concert from memory once a hold found it sold out (decision 038):
 * in a rush thousands of fans ask within seconds after the last ticket went, and each would otherwise read the sale.
 * A ticket freed meanwhile (a hold that ran out, a refund) is offered again at most this much later.
 */
export const SOLD_OUT_MEMORY_MS = 2000;
const soldOutUntil = new WeakMap<Database, Map<string, number>>();

/** Whether this instance knows the concert sold out a moment ago: then a hold is refused without reading anything. */
export function soldOutNow(db: Database, eventId: string, now = new Date()) {
  return (soldOutUntil.get(db)?.get(eventId) ?? 0) > now.getTime();
}

function rememberSoldOut(db: Database, eventId: string, now: Date) {
  let concerts = soldOutUntil.get(db);
  if (!concerts) soldOutUntil.set(db, (concerts = new Map()));
  concerts.set(eventId, now.getTime() + SOLD_OUT_MEMORY_MS);
}

/** Thrown inside the hold's transaction to undo it, with the refusal the fan is told. */
class Refused extends Error {
  constructor(readonly refusal: TicketRefusal) {
    super(refusal.reason);
  }
}

/**
 * Holds tickets for a buyer for ten minutes and makes their order, waiting for payment (decision 038). The rules
 * judge the request first on what is read (`ticketOrderRefusal`), which answers a sold-out rush without a lock;
 * then one transaction frees the concert's holds that ran out, raises the sale's and each type's `taken` only where
 * they stay within capacity (the database's checks say the same), counts the e-mail's tickets again behind the
 * sale's row lock, and writes the order, its lines, its payment and the held tickets. Any refusal undoes it all.
 */
export async function holdTickets(
  db: Database,
  provider: string,
  eventId: string,
  quantities: Record<string, number>,
  buyer: TicketBuyer,
  now = new Date(),
): Promise<HoldAnswer> {
  const email = buyer.email.toLowerCase();
  if (soldOutNow(db, eventId, now)) return { ok: false, refusal: { reason: "sold-out" } };
  const answer = await judgeAndHold(db, provider, eventId, quantities, { ...buyer, email }, now);
  if (!answer.ok && answer.refusal.reason === "sold-out") rememberSoldOut(db, eventId, now);
  return answer;
}

async function judgeAndHold(
  db: Database,
  provider: string,
  eventId: string,
  quantities: Record<string, number>,
  buyer: TicketBuyer,
  now: Date,
): Promise<HoldAnswer> {
  const { email } = buyer;
  const own = await ticketSaleOf(db, eventId);
  if (!own) return { ok: false, refusal: { reason: "closed" } };
  const already = await ticketsForEmail(db, eventId, email);
  const refusal = ticketOrderRefusal(own.sale, own.types, quantities, already, now);
  // A sale that looks sold out may have holds that ran out: those are freed below, and the request judged again.
  if (refusal && !(refusal.reason === "sold-out" || refusal.reason === "not-enough")) return { ok: false, refusal };
  const wanted = own.types.map((type) => ({ type, count: quantities[type.id] ?? 0 })).filter(({ count }) => count > 0);
  const total = wanted.reduce((sum, { count }) => sum + count, 0);
  try {
    return await db.transaction(async (tx): Promise<HoldAnswer> => {
      await releaseRunOutHolds(tx, eventId, now, provider);
      const [sale] = await tx
        .update(ticketSales)
        .set({ taken: sql`${ticketSales.taken} + ${total}` })
        .where(
          and(
            eq(ticketSales.eventId, eventId),
            sql`${ticketSales.taken} + ${total} <= ${ticketSales.capacity}`,
            lte(ticketSales.opensAt, now),
            sql`${ticketSales.closesAt} > ${now}`,
          ),
        )
        .returning();
      if (!sale) throw new Refused(await refusalNow(tx, eventId, quantities, email, now));
      for (const { type, count } of wanted) {
        const [taken] = await tx
          .update(ticketTypes)
          .set({ taken: sql`${ticketTypes.taken} + ${count}` })
          .where(and(eq(ticketTypes.id, type.id), sql`${ticketTypes.taken} + ${count} <= ${ticketTypes.capacity}`))
          .returning({ id: ticketTypes.id });
        if (!taken) throw new Refused(await refusalNow(tx, eventId, quantities, email, now));
      }
      // Behind the sale's row lock, so two orders of one address at once count each other.
      const holding = await ticketsForEmail(tx, eventId, email);
      if (holding + total > sale.maxPerEmail) {
        throw new Refused({ reason: "over-email-limit", limit: sale.maxPerEmail, already: holding });
      }
      const written = await writeHeldOrder(tx, {
        provider,
        eventId,
        types: own.types,
        quantities,
        feeOere: sale.feeOere,
        buyer,
        now,
        expiresAt: ticketHoldExpiresAt(now),
      });
      return { ok: true, ...written, soldOut: sale.taken >= sale.capacity };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/** The refusal as things stand inside the transaction (fresh after the sale's lock). */
async function refusalNow(
  db: Database,
  eventId: string,
  quantities: Record<string, number>,
  email: string,
  now: Date,
): Promise<TicketRefusal> {
  const own = await ticketSaleOf(db, eventId);
  if (!own) return { reason: "closed" };
  const already = await ticketsForEmail(db, eventId, email);
  return ticketOrderRefusal(own.sale, own.types, quantities, already, now) ?? { reason: "sold-out" };
}

/**
 * Frees a concert's held tickets whose hold ran out, each once: the status changes from held only once, and the
 * counters go down by what that change returned, in the same transaction, which also offers them to the concert's
 * waitlist first (`offerFreedTickets`). Answers how many were freed.
 */
export async function releaseRunOutHolds(tx: Database, eventId: string, now: Date, provider: string | null) {
  const freed = await tx
    .update(tickets)
    .set({ status: "released", expiresAt: null })
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, "held"), lte(tickets.expiresAt, now)))
    .returning({ ticketTypeId: tickets.ticketTypeId });
  await giveBack(tx, eventId, freed);
  if (freed.length > 0) await offerFreedTickets(tx, eventId, provider, now);
  return freed.length;
}

/** Lowers the sale's and the types' counters by tickets freed or refunded. */
export async function giveBack(tx: Database, eventId: string, freed: { ticketTypeId: string | null }[]) {
  if (freed.length === 0) return;
  await tx
    .update(ticketSales)
    .set({ taken: sql`${ticketSales.taken} - ${freed.length}` })
    .where(eq(ticketSales.eventId, eventId));
  const byType = new Map<string, number>();
  for (const { ticketTypeId } of freed) {
    if (ticketTypeId) byType.set(ticketTypeId, (byType.get(ticketTypeId) ?? 0) + 1);
  }
  for (const [typeId, count] of byType) {
    await tx
      .update(ticketTypes)
      .set({ taken: sql`${ticketTypes.taken} - ${count}` })
      .where(eq(ticketTypes.id, typeId));
  }
}

/** The job's sweep: frees every concert's holds that ran out, offering them to the waitlists first. */
export async function releaseAllRunOutHolds(db: Database, provider: string | null, now = new Date()) {
  const concerts = await db
    .selectDistinct({ eventId: tickets.eventId })
    .from(tickets)
    .where(and(eq(tickets.status, "held"), lte(tickets.expiresAt, now)));
  let freed = 0;
  for (const { eventId } of concerts) {
    freed += await db.transaction((tx) => releaseRunOutHolds(tx, eventId, now, provider));
  }
  return freed;
}
