import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blockedDates, calendarFeeds, dayClaims, orders, profiles, reservationSettings, users } from "~/db/schema";
import { dayBounds } from "~/lib/format";
import { getMetrics } from "~/lib/metrics.server";
import { addDays, daysBetween, todayInCopenhagen } from "./days";
import { cancellationRefusal, dayState, priceOfDay, vatIncluded, type CancelRefusal } from "./rules";

export type ReservationSettings = typeof reservationSettings.$inferSelect;

export async function getReservationSettings(db: Database): Promise<ReservationSettings> {
  const [settings] = await db.select().from(reservationSettings).where(eq(reservationSettings.id, 1));
  if (!settings) throw new Error("reservation_settings has no row; the migrations insert it");
  return settings;
}

/** A claim counts while it is not released and, for a hold, not expired. */
const activeAt = (now: Date) =>
  and(isNull(dayClaims.releasedAt), or(eq(dayClaims.kind, "booking"), gt(dayClaims.expiresAt, now)));

export type HoldRefusal = "past" | "beyond-horizon" | "blocked" | "taken" | "basket-full";
export type HoldResult = { ok: true; claimId: string } | { ok: false; reason: HoldRefusal; blockedTitle?: string };

/**
 * Puts a day in the user's basket with a hold that expires. The database decides who gets a day: the partial
 * unique index on active claims lets exactly one insert through, however many arrive at once, and the rest
 * get "taken". Expired holds on the day are cleared first, and the basket is counted against the most days per
 * order, in the same transaction.
 */
export async function holdDay(db: Database, userId: string, day: string, now = new Date()): Promise<HoldResult> {
  const result = await tryToHold(db, userId, day, now);
  getMetrics().holds.inc({ result: result.ok ? "held" : result.reason });
  return result;
}

/**
 * Deletes holds that ran out and belong to no order (background job). A hold on an unpaid order stays until
 * someone else takes the day, so a payment that comes late still books it if it is free.
 */
export async function removeExpiredHolds(db: Database, now = new Date()) {
  const removed = await db
    .delete(dayClaims)
    .where(
      and(
        eq(dayClaims.kind, "hold"),
        isNull(dayClaims.releasedAt),
        isNull(dayClaims.orderId),
        lte(dayClaims.expiresAt, now),
      ),
    )
    .returning({ id: dayClaims.id });
  return removed.length;
}

/** Any constant: the namespace of the advisory locks that serialise one user's holds (jobs use their own). */
const HOLD_LOCK_NAMESPACE = 727_275;

function holdLockKey(userId: string) {
  return createHash("sha256").update(userId).digest().readInt32BE(0);
}

async function tryToHold(db: Database, userId: string, day: string, now: Date): Promise<HoldResult> {
  const settings = await getReservationSettings(db);
  const today = todayInCopenhagen(now);
  if (day <= today) return { ok: false, reason: "past" };
  if (daysBetween(today, day) > settings.horizonDays) return { ok: false, reason: "beyond-horizon" };
  const [blocked] = await db.select({ title: blockedDates.title }).from(blockedDates).where(eq(blockedDates.day, day));
  if (blocked) return { ok: false, reason: "blocked", blockedTitle: blocked.title };

  const [profile] = await db.select({ address: profiles.address }).from(profiles).where(eq(profiles.userId, userId));
  const { start, end } = dayBounds(day);
  return db.transaction(async (tx): Promise<HoldResult> => {
    // Without the lock, a user's holds running at once would each count the basket before the others commit, and
    // all get in. With it they take turns, and each counts what the earlier ones committed.
    await tx.execute(sql`select pg_advisory_xact_lock(${HOLD_LOCK_NAMESPACE}, ${holdLockKey(userId)})`);
    if ((await countBasket(tx, userId, now)) >= settings.maxDaysPerOrder) return { ok: false, reason: "basket-full" };
    await tx
      .delete(dayClaims)
      .where(
        and(
          eq(dayClaims.day, day),
          eq(dayClaims.kind, "hold"),
          isNull(dayClaims.releasedAt),
          lte(dayClaims.expiresAt, now),
        ),
      );
    const [inserted] = await tx
      .insert(dayClaims)
      .values({
        day,
        kind: "hold",
        userId,
        startAt: start,
        endAt: end,
        title: profile?.address ?? "",
        priceOere: priceOfDay(day, settings),
        expiresAt: new Date(now.getTime() + settings.holdSeconds * 1000),
      })
      .onConflictDoNothing({ target: dayClaims.day, where: sql`${dayClaims.releasedAt} is null` })
      .returning({ id: dayClaims.id });
    return inserted ? { ok: true, claimId: inserted.id } : { ok: false, reason: "taken" };
  });
}

/** Takes a day out of the user's basket (a hold only; a booking is cancelled, not removed). */
export async function releaseHold(db: Database, userId: string, claimId: string) {
  const removed = await db
    .delete(dayClaims)
    .where(
      and(
        eq(dayClaims.id, claimId),
        eq(dayClaims.userId, userId),
        eq(dayClaims.kind, "hold"),
        isNull(dayClaims.releasedAt),
      ),
    )
    .returning({ id: dayClaims.id });
  return removed.length > 0;
}

/** How many days the user has in the basket now. */
export async function countBasket(db: Database, userId: string, now = new Date()) {
  const [basket] = await db
    .select({ value: count() })
    .from(dayClaims)
    .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"), activeAt(now)));
  return basket?.value ?? 0;
}

export interface BasketItem {
  claimId: string;
  day: string;
  priceOere: number;
  expiresAt: Date;
}

/** The user's basket: holds still running, oldest first. Expired holds are cleared on the way, freeing their days. */
export async function getBasket(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<{ items: BasketItem[]; totalOere: number }> {
  await db
    .delete(dayClaims)
    .where(
      and(
        eq(dayClaims.userId, userId),
        eq(dayClaims.kind, "hold"),
        isNull(dayClaims.releasedAt),
        lte(dayClaims.expiresAt, now),
      ),
    );
  const rows = await db
    .select({
      claimId: dayClaims.id,
      day: dayClaims.day,
      priceOere: dayClaims.priceOere,
      expiresAt: dayClaims.expiresAt,
    })
    .from(dayClaims)
    .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"), activeAt(now)))
    .orderBy(asc(dayClaims.day));
  const items = rows.map((row) => ({ ...row, expiresAt: row.expiresAt! }));
  return { items, totalOere: items.reduce((sum, item) => sum + item.priceOere, 0) };
}

export interface CalendarDay {
  day: string;
  state: ReturnType<typeof dayState>;
  priceOere: number;
  blockedTitle?: string;
  /** For a day booked by others, shown to a signed-in user: the booker's address (spec §8, "Af adressen {address}"). */
  address?: string;
}

/** Every day from `from` to `to` (inclusive) as the user sees it. */
export async function calendarDays(
  db: Database,
  range: { from: string; to: string },
  userId: string | null,
  now = new Date(),
): Promise<CalendarDay[]> {
  const settings = await getReservationSettings(db);
  const [claims, blocked] = await Promise.all([
    db
      .select({ day: dayClaims.day, kind: dayClaims.kind, userId: dayClaims.userId, title: dayClaims.title })
      .from(dayClaims)
      .where(and(gte(dayClaims.day, range.from), lte(dayClaims.day, range.to), activeAt(now))),
    db
      .select()
      .from(blockedDates)
      .where(and(gte(blockedDates.day, range.from), lte(blockedDates.day, range.to))),
  ]);
  const claimByDay = new Map(claims.map((claim) => [claim.day, claim]));
  const blockedByDay = new Map(blocked.map((entry) => [entry.day, entry.title]));
  const today = todayInCopenhagen(now);
  const days: CalendarDay[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const claim = claimByDay.get(day);
    const blockedTitle = blockedByDay.get(day);
    const state = dayState(day, {
      today,
      horizonDays: settings.horizonDays,
      blockedTitle,
      claim: claim ? { kind: claim.kind, mine: userId !== null && claim.userId === userId } : undefined,
    });
    days.push({
      day,
      state,
      priceOere: priceOfDay(day, settings),
      ...(blockedTitle !== undefined ? { blockedTitle } : {}),
      ...(state === "others" && userId !== null && claim?.title ? { address: claim.title } : {}),
    });
  }
  return days;
}

export type OrderRefusal = "empty" | "no-address" | "not-verified";

/**
 * Turns the basket into an order waiting for payment: the days, the booker's details and the amounts are
 * fixed now; the holds get the order and a fresh hold time for the payment step.
 */
export async function createOrder(
  db: Database,
  userId: string,
  provider: string,
  now = new Date(),
  /** How long the days stay held for the payment: at least the hold time, longer for a provider that needs it. */
  paymentSeconds = 0,
): Promise<{ ok: true; orderId: string } | { ok: false; reason: OrderRefusal }> {
  const settings = await getReservationSettings(db);
  const [person] = await db
    .select({
      name: users.name,
      email: users.email,
      verified: users.emailVerified,
      address: profiles.address,
      phone: profiles.phone,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!person?.verified) return { ok: false, reason: "not-verified" };
  if (!person.address) return { ok: false, reason: "no-address" };
  const address = person.address;

  return db.transaction(async (tx) => {
    const holds = await tx
      .select({ id: dayClaims.id, day: dayClaims.day, priceOere: dayClaims.priceOere })
      .from(dayClaims)
      .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"), activeAt(now)))
      .orderBy(asc(dayClaims.day))
      .for("update");
    if (holds.length === 0) return { ok: false as const, reason: "empty" as const };
    // An earlier checkout the user left is replaced by this one; if it is paid after all, it is refunded.
    await tx
      .update(orders)
      .set({ status: "cancelled", failureReason: "Erstattet af en nyere bestilling." })
      .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
    const totalOere = holds.reduce((sum, hold) => sum + hold.priceOere, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        bookerName: person.name,
        bookerEmail: person.email,
        bookerAddress: address,
        bookerPhone: person.phone ?? "",
        days: holds.map((hold) => hold.day),
        totalOere,
        vatOere: vatIncluded(totalOere),
        provider,
      })
      .returning({ id: orders.id });
    await tx
      .update(dayClaims)
      .set({
        orderId: order!.id,
        title: address,
        expiresAt: new Date(now.getTime() + Math.max(settings.holdSeconds, paymentSeconds) * 1000),
      })
      .where(
        inArray(
          dayClaims.id,
          holds.map((hold) => hold.id),
        ),
      );
    return { ok: true as const, orderId: order!.id };
  });
}

export type ConfirmResult =
  | { status: "confirmed"; receiptNumber: number }
  | { status: "already-paid"; receiptNumber: number }
  | { status: "failed"; reason: "days-gone" | "not-pending" | "not-found" };

/**
 * Confirms a paid order: its holds become bookings and it gets the next receipt number, all in one
 * transaction. If any day is no longer the order's (its hold expired and someone took the day), nothing is
 * booked and the order is marked failed. Confirming twice is harmless.
 */
export async function confirmOrder(db: Database, orderId: string, now = new Date()): Promise<ConfirmResult> {
  const result = await db
    .transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order) return { status: "failed", reason: "not-found" } as const;
      if (order.status === "paid") return { status: "already-paid", receiptNumber: order.receiptNumber! } as const;
      if (order.status !== "pending") return { status: "failed", reason: "not-pending" } as const;
      const booked = await tx
        .update(dayClaims)
        .set({ kind: "booking", expiresAt: null })
        .where(
          and(
            eq(dayClaims.orderId, orderId),
            eq(dayClaims.kind, "hold"),
            isNull(dayClaims.releasedAt),
            inArray(dayClaims.day, order.days),
          ),
        )
        .returning({ day: dayClaims.day });
      if (booked.length !== order.days.length) throw new DaysGone();
      const blockedMeanwhile = await tx
        .select({ day: blockedDates.day })
        .from(blockedDates)
        .where(inArray(blockedDates.day, order.days));
      if (blockedMeanwhile.length > 0) throw new DaysGone();
      const [counter] = await tx
        .update(reservationSettings)
        .set({ lastReceiptNumber: sql`${reservationSettings.lastReceiptNumber} + 1` })
        .where(eq(reservationSettings.id, 1))
        .returning({ receiptNumber: reservationSettings.lastReceiptNumber });
      await tx
        .update(orders)
        .set({ status: "paid", paidAt: now, receiptNumber: counter!.receiptNumber })
        .where(eq(orders.id, orderId));
      return { status: "confirmed", receiptNumber: counter!.receiptNumber } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof DaysGone) return null;
      throw error;
    });
  if (result) return result;
  await db
    .update(orders)
    .set({ status: "failed", failureReason: "En eller flere dage blev optaget, før betalingen blev gennemført." })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
  return { status: "failed", reason: "days-gone" };
}

class DaysGone extends Error {}

export async function getOrder(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * Cancels a booked day; the day is free at once. Without `userId` the admin cancels; `cancellationRefusal` says
 * until when each may.
 */
export async function cancelBooking(
  db: Database,
  claimId: string,
  options: { userId?: string; reason: string; now?: Date },
): Promise<
  | { ok: true; day: string; orderId: string | null; userId: string | null }
  | { ok: false; reason: CancelRefusal | "not-found" }
> {
  const now = options.now ?? new Date();
  const settings = await getReservationSettings(db);
  const [claim] = await db
    .select()
    .from(dayClaims)
    .where(and(eq(dayClaims.id, claimId), eq(dayClaims.kind, "booking"), isNull(dayClaims.releasedAt)));
  if (!claim || (options.userId !== undefined && claim.userId !== options.userId))
    return { ok: false, reason: "not-found" };
  const refusal = cancellationRefusal(claim.day, {
    today: todayInCopenhagen(now),
    cancellationDays: settings.cancellationDays,
    byAdmin: options.userId === undefined,
  });
  if (refusal) return { ok: false, reason: refusal };
  const released = await db
    .update(dayClaims)
    .set({ releasedAt: now, releaseReason: options.reason })
    .where(and(eq(dayClaims.id, claimId), isNull(dayClaims.releasedAt)))
    .returning({ id: dayClaims.id });
  if (released.length === 0) return { ok: false, reason: "not-found" };
  return { ok: true, day: claim.day, orderId: claim.orderId, userId: claim.userId };
}

/** The user's booked days, newest first, with their order's receipt. */
export async function getUserBookings(db: Database, userId: string) {
  return db
    .select({
      claimId: dayClaims.id,
      day: dayClaims.day,
      priceOere: dayClaims.priceOere,
      releasedAt: dayClaims.releasedAt,
      orderId: dayClaims.orderId,
      receiptNumber: orders.receiptNumber,
    })
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "booking")))
    .orderBy(desc(dayClaims.day));
}

export async function getBlockedDates(db: Database, from: string) {
  return db.select().from(blockedDates).where(gte(blockedDates.day, from)).orderBy(asc(blockedDates.day));
}

/** Blocks each day of a range (skipping days already blocked); answers how many were added. */
export async function blockDays(db: Database, range: { from: string; to: string }, title: string) {
  const days: { day: string; title: string }[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push({ day, title });
  if (days.length === 0) return 0;
  const added = await db.insert(blockedDates).values(days).onConflictDoNothing().returning({ day: blockedDates.day });
  return added.length;
}

export async function unblockDay(db: Database, day: string) {
  const removed = await db.delete(blockedDates).where(eq(blockedDates.day, day)).returning({ day: blockedDates.day });
  return removed.length > 0;
}

/** The user's secret feed token, made on first use. */
export async function feedTokenOf(db: Database, userId: string) {
  const [existing] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  if (existing) return existing.token;
  const token = randomBytes(24).toString("base64url");
  await db.insert(calendarFeeds).values({ userId, token }).onConflictDoNothing();
  const [stored] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return stored!.token;
}

/** The active bookings behind a feed token, or null for an unknown token. */
export async function feedBookings(db: Database, token: string) {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  if (!feed) return null;
  return db
    .select({ id: dayClaims.id, day: dayClaims.day, receiptNumber: orders.receiptNumber })
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .where(and(eq(dayClaims.userId, feed.userId), eq(dayClaims.kind, "booking"), isNull(dayClaims.releasedAt)))
    .orderBy(asc(dayClaims.day));
}

/**
 * When an account is deleted: its basket is emptied and its future bookings are cancelled, so the days are
 * free again. Past bookings stay (without the account) for the bookkeeping.
 */
export async function releaseClaimsOfDeletedUser(db: Database, userId: string, now = new Date()) {
  const today = todayInCopenhagen(now);
  await db.transaction(async (tx) => {
    await tx.delete(dayClaims).where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold")));
    await tx
      .update(dayClaims)
      .set({ releasedAt: now, releaseReason: "Kontoen er slettet" })
      .where(
        and(
          eq(dayClaims.userId, userId),
          eq(dayClaims.kind, "booking"),
          isNull(dayClaims.releasedAt),
          gt(dayClaims.day, today),
        ),
      );
  });
}
