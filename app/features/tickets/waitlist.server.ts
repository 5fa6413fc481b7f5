import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, orders, ticketSales, ticketTypes, ticketWaitlist } from "~/db/schema";
import { effectiveStartSql } from "~/features/program/program.server";
import { waitlistJoinedMessage, waitlistOfferMessage } from "./messages";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Config } from "~/config/env.server";
import type { AccountPart } from "~/features/accounts/account-parts.server";
import type { Collaborators } from "~/lib/collaborators.server";
import { formatDateTime } from "~/lib/format";
import { concertWhen, ticketOrderUrl } from "./complete.server";
import { writeHeldOrder } from "./held-orders.server";
import { saleState } from "./rules";
import { ticketSaleOf, ticketShop, ticketsForEmail } from "./sale.server";
import { newTicketToken } from "./tokens.server";
import { waitlistOfferExpiresAt, waitlistOffers } from "./waitlist-rules";

export interface WaitlistFan {
  name: string;
  email: string;
  wanted: number;
}

export type WaitlistJoin = { ok: true } | { ok: false; reason: "no-sale" | "not-sold-out" | "closed" | "too-many" };

/** The link in a waitlist mail that takes the fan off the list. */
export const waitlistUrl = (publicUrl: string, token: string) => `${publicUrl}/venteliste/${token}`;

/**
 * "Skriv mig op" on a sold-out concert: the fan waits for tickets that come free, after everyone who asked before.
 * The answer is the same whether or not the address was on the list already, so nobody learns who is; only a new
 * place is mailed (with the link that takes it off again).
 */
export async function joinWaitlist(
  deps: Pick<Collaborators, "db" | "mailer" | "config">,
  eventId: string,
  fan: WaitlistFan,
  now = new Date(),
): Promise<WaitlistJoin> {
  const { db } = deps;
  // The buying page's own view: published, sold here, not cancelled.
  const shop = await ticketShop(db, eventId, now);
  if (!shop) return { ok: false, reason: "no-sale" };
  if (shop.state === "closed") return { ok: false, reason: "closed" };
  if (shop.state !== "sold-out") return { ok: false, reason: "not-sold-out" };
  if (fan.wanted > shop.sale.maxPerOrder) return { ok: false, reason: "too-many" };
  const email = fan.email.toLowerCase();
  const [joined] = await db
    .insert(ticketWaitlist)
    .values({ eventId, name: fan.name, email, wanted: fan.wanted, token: newTicketToken() })
    .onConflictDoNothing()
    .returning({ token: ticketWaitlist.token });
  if (joined) {
    const { siteName } = await getSiteSettings(db);
    await deps.mailer.send(
      waitlistJoinedMessage(email, {
        siteName,
        name: fan.name,
        concert: shop.concert.title,
        when: concertWhen(shop.concert),
        wanted: fan.wanted,
        leaveUrl: waitlistUrl(deps.config.PUBLIC_URL, joined.token),
      }),
    );
  }
  return { ok: true };
}

/**
 * Hands the concert's free tickets to its waitlist (`waitlistOffers`): each fan offered gets an order with the
 * tickets held for them for a day, as a buyer's hold but longer, and its mail is sent by `mailWaitlistOffers`.
 * Runs in the transaction that freed the tickets, behind the sale's row lock, so the places go to the list before
 * any buyer can take them, and each once. Nothing is offered unless the sale is open (`saleState`: not for a
 * cancelled concert or a closed sale), nor without a payment provider. Answers how many fans were offered tickets.
 */
export async function offerFreedTickets(tx: Database, eventId: string, provider: string | null, now: Date) {
  if (!provider) return 0;
  const own = await ticketSaleOf(tx, eventId, { locked: true });
  if (!own) return 0;
  const { sale, types } = own;
  if (saleState(sale, types, now) !== "open") return 0;
  const free = sale.capacity - sale.taken;
  const waiting = await fansToOffer(tx, eventId, free, sale.maxPerEmail);
  if (waiting.length === 0) return 0;
  const offers = waitlistOffers(
    waiting,
    types.map((type) => ({ typeId: type.id, free: type.capacity - type.taken })),
    free,
  );
  for (const offer of offers) {
    const fan = waiting.find((entry) => entry.id === offer.fanId)!;
    await tx
      .update(ticketSales)
      .set({ taken: sql`${ticketSales.taken} + ${offer.count}` })
      .where(eq(ticketSales.eventId, eventId));
    for (const [typeId, count] of Object.entries(offer.quantities)) {
      await tx
        .update(ticketTypes)
        .set({ taken: sql`${ticketTypes.taken} + ${count}` })
        .where(eq(ticketTypes.id, typeId));
    }
    const { orderId } = await writeHeldOrder(tx, {
      provider,
      eventId,
      types,
      quantities: offer.quantities,
      feeOere: sale.feeOere,
      buyer: { name: fan.name, email: fan.email, userId: null },
      now,
      // Not past the sale's end: the offer is paid while tickets are sold.
      expiresAt: new Date(Math.min(waitlistOfferExpiresAt(now).getTime(), sale.closesAt.getTime())),
    });
    await tx
      .update(ticketWaitlist)
      .set({ status: "offered", orderId, offeredAt: now })
      .where(eq(ticketWaitlist.id, fan.id));
  }
  return offers.length;
}

const FANS_READ_AT_ONCE = 50;

/**
 * The fans first in line who can take tickets, enough to want `free` of them, each with what they may still hold
 * (the sale's limit per e-mail); one who may hold no more keeps their place. Their rows are locked, so a fan who
 * leaves the list meanwhile is not offered anything, and one who is offered can no longer leave it.
 */
async function fansToOffer(tx: Database, eventId: string, free: number, maxPerEmail: number) {
  const fans: (typeof ticketWaitlist.$inferSelect)[] = [];
  let wanted = 0;
  for (let offset = 0; wanted < free; offset += FANS_READ_AT_ONCE) {
    const batch = await tx
      .select()
      .from(ticketWaitlist)
      .where(and(eq(ticketWaitlist.eventId, eventId), eq(ticketWaitlist.status, "waiting")))
      .orderBy(asc(ticketWaitlist.position))
      .limit(FANS_READ_AT_ONCE)
      .offset(offset)
      .for("update");
    for (const fan of batch) {
      const mayHold = maxPerEmail - (await ticketsForEmail(tx, eventId, fan.email));
      if (mayHold <= 0) continue;
      fans.push({ ...fan, wanted: Math.min(fan.wanted, mayHold) });
      wanted += Math.min(fan.wanted, mayHold);
      if (wanted >= free) break;
    }
    if (batch.length < FANS_READ_AT_ONCE) break;
  }
  return fans;
}

/**
 * Mails the offers not mailed yet, each once: a place is marked mailed in the same statement that picks it, so two
 * instances (or the job and a refund at once) never both send it. The mail goes through the outbox, which retries.
 */
export async function mailWaitlistOffers(
  deps: Pick<Collaborators, "db" | "mailer"> & { config: Pick<Config, "PUBLIC_URL"> },
  now = new Date(),
) {
  const { db } = deps;
  const due = await db
    .update(ticketWaitlist)
    .set({ mailedAt: now })
    .where(and(eq(ticketWaitlist.status, "offered"), isNull(ticketWaitlist.mailedAt)))
    .returning();
  if (due.length === 0) return 0;
  const { siteName } = await getSiteSettings(db);
  const offered = await db
    .select({
      id: orders.id,
      accessToken: orders.accessToken,
      totalOere: orders.totalOere,
      title: events.title,
      event: events,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(
      inArray(
        orders.id,
        due.flatMap((place) => (place.orderId ? [place.orderId] : [])),
      ),
    );
  for (const place of due) {
    const order = offered.find((each) => each.id === place.orderId);
    if (!order) continue;
    await deps.mailer.send(
      waitlistOfferMessage(place.email, {
        siteName,
        name: place.name,
        concert: order.title,
        when: concertWhen(order.event),
        until: formatDateTime(waitlistOfferExpiresAt(place.offeredAt!)),
        orderUrl: ticketOrderUrl(deps.config.PUBLIC_URL, order.accessToken!),
      }),
    );
  }
  return due.length;
}

/** The fan's place, by the link in their mail, with its concert; null for an unknown or altered link. */
export async function waitlistPlaceByToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return null;
  const [place] = await db
    .select({ status: ticketWaitlist.status, wanted: ticketWaitlist.wanted, event: events })
    .from(ticketWaitlist)
    .innerJoin(events, eq(events.id, ticketWaitlist.eventId))
    .where(eq(ticketWaitlist.token, token));
  return place ?? null;
}

/** Takes a waiting fan off the list (the link in their mail); an offer already made stands until it runs out. */
export async function leaveWaitlist(db: Database, token: string) {
  const left = await db
    .update(ticketWaitlist)
    .set({ status: "left" })
    .where(and(eq(ticketWaitlist.token, token), eq(ticketWaitlist.status, "waiting")))
    .returning({ id: ticketWaitlist.id });
  return left.length > 0;
}

/** The waitlists of concerts that have been: kept no longer than the concert (the privacy policy says so). */
export async function forgetPastWaitlists(db: Database, now = new Date()) {
  const past = db.select({ id: events.id }).from(events).where(lt(effectiveStartSql, now));
  const forgotten = await db
    .delete(ticketWaitlist)
    .where(inArray(ticketWaitlist.eventId, past))
    .returning({ id: ticketWaitlist.id });
  return forgotten.length;
}

/** The tickets' part of an account (decision 055): its address's places on waitlists, in its data export. */
export const ticketsAccountPart: AccountPart = {
  exportData: async (db, account) => ({ waitlists: await waitlistPlacesOf(db, account.email) }),
};

/** An address's places on waitlists, for the data it may have sent (the account's export, the buyer's link). */
export async function waitlistPlacesOf(db: Database, email: string) {
  return db
    .select({
      concert: events.title,
      wanted: ticketWaitlist.wanted,
      status: ticketWaitlist.status,
      name: ticketWaitlist.name,
      createdAt: ticketWaitlist.createdAt,
      offeredAt: ticketWaitlist.offeredAt,
    })
    .from(ticketWaitlist)
    .innerJoin(events, eq(events.id, ticketWaitlist.eventId))
    .where(eq(ticketWaitlist.email, email.toLowerCase()))
    .orderBy(asc(ticketWaitlist.createdAt));
}
