import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { keptPerDatabase } from "~/lib/kept-per-database.server";
import type { Database } from "~/db/client.server";
import { blockedDates, calendarFeeds, dayClaims, orders, profiles, reservationSettings, users } from "~/db/schema";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { dayBounds, formatDateLong } from "~/lib/format";
import { addDays, todayInCopenhagen } from "./days";
import {
  cancellationRefusal,
  dayState,
  hasBegun,
  holdExpiresAt,
  holdGivesWay,
  holdKeepsDay,
  holdRefusal,
  holdStatus,
  orderHoldExpiresAt,
  paymentOutcome,
  priceOfDay,
  vatIncluded,
  type CancelRefusal,
  type DayState,
  type HoldRefusal,
  type HoldStatus,
  type ReservationRules,
} from "./rules";

/** The admin's settings as the rules use them (the row also keeps the receipt counter, which is never cached). */
export type ReservationSettings = ReservationRules;

const settingsColumns = {
  weekdayPriceOere: reservationSettings.weekdayPriceOere,
  weekendPriceOere: reservationSettings.weekendPriceOere,
  holidaysAtWeekendPrice: reservationSettings.holidaysAtWeekendPrice,
  holdSeconds: reservationSettings.holdSeconds,
  horizonDays: reservationSettings.horizonDays,
  maxDaysPerOrder: reservationSettings.maxDaysPerOrder,
  cancellationDays: reservationSettings.cancellationDays,
};

/**
 * The admin's reservation settings, read once and then kept in memory (they change when the admin saves them;
 * every page of the calendar asks). A hold does not use this copy: it reads the settings in its own statement.
 */
const keptReservationSettings = keptPerDatabase(readReservationSettings);
export const getReservationSettings = keptReservationSettings.get;

async function readReservationSettings(db: Database): Promise<ReservationSettings> {
  const [settings] = await db.select(settingsColumns).from(reservationSettings).where(eq(reservationSettings.id, 1));
  if (!settings) throw new Error("reservation_settings has no row; the migrations insert it");
  return settings;
}

/**
 * Forgets the kept settings (of every database), after a change here or on another instance. A read that was
 * under way keeps its answer to itself: it was stored in the map that is dropped here.
 */
export function forgetReservationSettings() {
  keptReservationSettings.forget();
}

/** A claim as the rules judge it: with its order's status and, if its day is blocked, the admin's title. */
const judgedClaimColumns = {
  id: dayClaims.id,
  day: dayClaims.day,
  kind: dayClaims.kind,
  userId: dayClaims.userId,
  priceOere: dayClaims.priceOere,
  expiresAt: dayClaims.expiresAt,
  orderStatus: orders.status,
  blockedTitle: blockedDates.title,
};

/** Unreleased claims with what the rules need to know of them. */
function selectJudgedClaims(db: Database, where: SQL | undefined) {
  return db
    .select(judgedClaimColumns)
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(blockedDates, eq(blockedDates.day, dayClaims.day))
    .where(and(isNull(dayClaims.releasedAt), where));
}

type JudgedClaim = Awaited<ReturnType<typeof selectJudgedClaims>>[number];

/** A hold's status by the rules; a hold always has an expiry (a check constraint says so). */
function statusOf(hold: JudgedClaim, now: Date): HoldStatus {
  return holdStatus(
    { expiresAt: hold.expiresAt!, orderStatus: hold.orderStatus, blockedTitle: hold.blockedTitle },
    now,
  );
}

/** The user's holds, whatever their status, oldest day first. */
async function holdsOf(db: Database, userId: string, now: Date) {
  const rows = await selectJudgedClaims(db, and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"))).orderBy(
    asc(dayClaims.day),
  );
  return rows.map((row) => ({ ...row, status: statusOf(row, now) }));
}

export type HoldResult = { ok: true; claimId: string } | ({ ok: false } & HoldRefusal);

/**
 * Puts a day in the user's basket with a hold that expires, if the rules allow it (`holdRefusal`). The database
 * decides who gets a day: the partial unique index on unreleased claims lets exactly one insert through, however
 * many arrive at once, and the rest get "taken". A hold on the day that ran out gives way first, and the basket
 * is counted against the most days per order, in the same transaction.
 */
export async function holdDay(db: Database, userId: string, day: string, now = new Date()): Promise<HoldResult> {
  return tryToHold(db, userId, day, now);
}

/**
 * Deletes the holds that are nothing any more by the rules (`holdStatus` "expired"; background job). A lapsed hold,
 * one whose order still waits for payment, stays, so a payment that comes late still books its day if it is free.
 */
export async function removeExpiredHolds(db: Database, now = new Date()) {
  const holds = await selectJudgedClaims(db, eq(dayClaims.kind, "hold"));
  const expired = holds.filter((hold) => statusOf(hold, now) === "expired").map((hold) => hold.id);
  if (expired.length === 0) return 0;
  const removed = await db
    .delete(dayClaims)
    .where(and(inArray(dayClaims.id, expired), eq(dayClaims.kind, "hold"), isNull(dayClaims.releasedAt)))
    .returning({ id: dayClaims.id });
  return removed.length;
}

/** Any constant: the namespace of the advisory locks that serialise one user's holds (jobs use their own). */
const HOLD_LOCK_NAMESPACE = 727_275;

function holdLockKey(userId: string) {
  return createHash("sha256").update(userId).digest().readInt32BE(0);
}

/**
 * Everything a hold attempt needs to know, in one statement: the settings, the day's blocked title, the user's
 * address (the claim's title) and the unreleased claims on the day or among the user's holds, each with what the
 * rules judge it by. The settings row is always there, so the answer has at least one row; without claims, the
 * claim columns are null.
 */
function holdFacts(tx: Database, userId: string, day: string) {
  return tx
    .select({
      ...settingsColumns,
      dayBlockedTitle: sql<
        string | null
      >`(select ${blockedDates.title} from ${blockedDates} where ${blockedDates.day} = ${day})`,
      address: sql<string | null>`(select ${profiles.address} from ${profiles} where ${profiles.userId} = ${userId})`,
      claim: judgedClaimColumns,
    })
    .from(reservationSettings)
    .leftJoin(
      dayClaims,
      and(
        isNull(dayClaims.releasedAt),
        or(eq(dayClaims.day, day), and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"))),
      ),
    )
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(blockedDates, eq(blockedDates.day, dayClaims.day))
    .where(eq(reservationSettings.id, 1));
}

/**
 * One short transaction: the user's lock, the facts in one statement, the rules' judgement, and the insert … on
 * conflict (after the hold that ran out, when one gives way).
 */
function tryToHold(db: Database, userId: string, day: string, now: Date): Promise<HoldResult> {
  return db.transaction(async (tx) => {
    // Without the lock, a user's holds running at once would each count the basket before the others commit,
    // and all get in. With it they take turns, and each counts what the earlier ones committed. The facts are
    // read after the lock was granted.
    await tx.execute(sql`select pg_advisory_xact_lock(${HOLD_LOCK_NAMESPACE}, ${holdLockKey(userId)})`);
    const rows = await holdFacts(tx, userId, day);
    const facts = rows[0];
    if (!facts) throw new Error("reservation_settings has no row; the migrations insert it");
    // A row without a claim has every claim column null (the left join found none).
    const claims = rows.flatMap(({ claim }) => (claim?.id ? [claim as JudgedClaim] : []));
    const basketSize = claims.filter(
      (claim) => claim.kind === "hold" && claim.userId === userId && statusOf(claim, now) === "running",
    ).length;
    // The unique index allows one unreleased claim per day; a hold that ran out gives way to the new one.
    const onDay = claims.find((claim) => claim.day === day);
    const givesWay = onDay?.kind === "hold" && holdGivesWay(statusOf(onDay, now));
    const standing = onDay && !givesWay ? onDay : undefined;
    const refusal = holdRefusal(day, {
      today: todayInCopenhagen(now),
      horizonDays: facts.horizonDays,
      blockedTitle: facts.dayBlockedTitle ?? undefined,
      basketSize,
      maxDaysPerOrder: facts.maxDaysPerOrder,
      claim: standing && { kind: standing.kind, mine: standing.userId === userId },
    });
    if (refusal) return { ok: false, ...refusal };
    if (onDay && givesWay) {
      // Only while it is still the hold judged above: a payment may have turned it into a booking meanwhile.
      await tx
        .delete(dayClaims)
        .where(
          and(
            eq(dayClaims.id, onDay.id),
            eq(dayClaims.kind, "hold"),
            isNull(dayClaims.releasedAt),
            eq(dayClaims.expiresAt, onDay.expiresAt!),
          ),
        );
    }
    const { start, end } = dayBounds(day);
    // No row comes back when another unreleased claim on the day came first.
    const [inserted] = await tx
      .insert(dayClaims)
      .values({
        day,
        kind: "hold",
        userId,
        startAt: start,
        endAt: end,
        title: facts.address ?? "",
        priceOere: priceOfDay(day, facts),
        expiresAt: holdExpiresAt(now, facts),
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
  return (await holdsOf(db, userId, now)).filter((hold) => hold.status === "running").length;
}

/**
 * What every page shows of a signed-in user besides the session: the profile's avatar and whether it has an
 * address, and how many days are in the basket (`countBasket`'s answer), in one query.
 */
export async function getProfileAndBasketCount(db: Database, userId: string, now = new Date()) {
  const rows = await db
    .select({
      profileOf: profiles.userId,
      avatarKey: profiles.avatarKey,
      address: profiles.address,
      claim: judgedClaimColumns,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(dayClaims, and(eq(dayClaims.userId, users.id), eq(dayClaims.kind, "hold"), isNull(dayClaims.releasedAt)))
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(blockedDates, eq(blockedDates.day, dayClaims.day))
    .where(eq(users.id, userId));
  const [first] = rows;
  const holds = rows.flatMap(({ claim }) => (claim?.id ? [claim as JudgedClaim] : []));
  return {
    profile: first?.profileOf ? { avatarKey: first.avatarKey, address: first.address } : null,
    basketCount: holds.filter((hold) => statusOf(hold, now) === "running").length,
  };
}

export interface BasketItem {
  claimId: string;
  day: string;
  priceOere: number;
  expiresAt: Date;
}

/** A day taken out of a basket because the admin blocked it, with the admin's title as the reason. */
export interface ClosedDay {
  day: string;
  blockedTitle: string;
}

/** Takes the closed holds (`holdStatus` "closed") out of their basket; answers the days, to tell the user. */
async function dropClosedHolds(
  db: Database,
  holds: { id: string; status: HoldStatus; blockedTitle: string | null }[],
): Promise<ClosedDay[]> {
  const closed = holds.filter((hold) => hold.status === "closed");
  if (closed.length === 0) return [];
  const titleOf = new Map(closed.map((hold) => [hold.id, hold.blockedTitle ?? ""]));
  const dropped = await db
    .delete(dayClaims)
    .where(
      and(
        inArray(
          dayClaims.id,
          closed.map((hold) => hold.id),
        ),
        eq(dayClaims.kind, "hold"),
        isNull(dayClaims.releasedAt),
      ),
    )
    .returning({ id: dayClaims.id, day: dayClaims.day });
  return dropped
    .map((hold) => ({ day: hold.day, blockedTitle: titleOf.get(hold.id)! }))
    .sort((first, second) => first.day.localeCompare(second.day));
}

/**
 * The user's basket: the holds still running, oldest day first, and their total. A day the admin has blocked
 * since it went in leaves the basket here and comes back in `closed`, so the user is told why. Nothing else is
 * changed by looking: a hold that ran out is judged by the same rules whether or not anyone opens the basket.
 */
export async function getBasket(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<{ items: BasketItem[]; totalOere: number; closed: ClosedDay[] }> {
  const holds = await holdsOf(db, userId, now);
  const closed = await dropClosedHolds(db, holds);
  const items = holds
    .filter((hold) => hold.status === "running")
    .map((hold) => ({ claimId: hold.id, day: hold.day, priceOere: hold.priceOere, expiresAt: hold.expiresAt! }));
  return { items, totalOere: items.reduce((sum, item) => sum + item.priceOere, 0), closed };
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
  return (await calendarFacts(db, range, userId, now)).map(({ heldUntil: _heldUntil, ...day }) => day);
}

/** The claims and blocked days from `from` to `to` in one round trip: blocked days come as rows with `blocked` set. */
function calendarRows(db: Database, { from, to }: { from: string; to: string }) {
  return unionAll(
    db
      .select({
        blocked: sql<boolean>`false`.as("blocked"),
        day: dayClaims.day,
        kind: sql<"hold" | "booking" | null>`${dayClaims.kind}`.as("kind"),
        userId: dayClaims.userId,
        title: dayClaims.title,
        expiresAt: dayClaims.expiresAt,
      })
      .from(dayClaims)
      .where(and(gte(dayClaims.day, from), lte(dayClaims.day, to), isNull(dayClaims.releasedAt))),
    db
      .select({
        blocked: sql<boolean>`true`.as("blocked"),
        day: blockedDates.day,
        kind: sql<"hold" | "booking" | null>`null`.as("kind"),
        userId: sql<string | null>`null`.as("user_id"),
        title: blockedDates.title,
        expiresAt: sql<Date | null>`null`.as("expires_at"),
      })
      .from(blockedDates)
      .where(and(gte(blockedDates.day, from), lte(blockedDates.day, to))),
  );
}

/** The calendar's days, and for a held day when its hold runs out: the live calendar's to know, no one else's. */
async function calendarFacts(
  db: Database,
  range: { from: string; to: string },
  userId: string | null,
  now: Date,
): Promise<(CalendarDay & { heldUntil?: Date })[]> {
  const rows = await calendarRows(db, range);
  const settings = await getReservationSettings(db);
  const claims = rows.flatMap(({ blocked, kind, ...claim }) => (blocked || !kind ? [] : [{ ...claim, kind }]));
  const blocked = rows.filter((row) => row.blocked);
  const standing = claims.filter(
    (claim) => claim.kind === "booking" || holdKeepsDay({ expiresAt: claim.expiresAt! }, now),
  );
  const claimByDay = new Map(standing.map((claim) => [claim.day, claim]));
  const blockedByDay = new Map(blocked.map((entry) => [entry.day, entry.title]));
  const today = todayInCopenhagen(now);
  const days: (CalendarDay & { heldUntil?: Date })[] = [];
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
      ...(claim?.kind === "hold" && claim.expiresAt ? { heldUntil: claim.expiresAt } : {}),
    });
  }
  return days;
}

/** What anyone may know of a day that changed: its state for a visitor, never who has it (the live calendar). */
export interface DayNews {
  day: string;
  state: DayState;
}

/**
 * The news of the days that changed, and when the next of them changes by itself (a hold running out): the live
 * calendar tells its listeners again then.
 */
export async function dayNews(db: Database, days: string[], now = new Date()) {
  const sorted = [...new Set(days)].sort();
  if (sorted.length === 0) return { news: [] as DayNews[], nextChangeAt: null };
  const wanted = new Set(sorted);
  const views = (await calendarFacts(db, { from: sorted[0]!, to: sorted.at(-1)! }, null, now)).filter((view) =>
    wanted.has(view.day),
  );
  const expiries = views.flatMap((view) => (view.heldUntil ? [view.heldUntil.getTime()] : []));
  return {
    news: views.map(({ day, state }) => ({ day, state })),
    nextChangeAt: expiries.length ? new Date(Math.min(...expiries)) : null,
  };
}

export type OrderResult =
  | { ok: true; orderId: string; closed: ClosedDay[] }
  | { ok: false; reason: "no-address" | "not-verified" }
  | { ok: false; reason: "empty"; closed: ClosedDay[] };

/**
 * Turns the basket into an order waiting for payment: the days, the booker's details and the amounts are
 * fixed now; the holds get the order and a fresh hold time for the payment step, as long as the provider's
 * checkout needs. A day the admin has blocked since it went into the basket is left out (and answered in
 * `closed`); the other days go on.
 */
export async function createOrder(
  db: Database,
  userId: string,
  provider: Pick<PaymentProvider, "name" | "checkoutSessionSeconds">,
  now = new Date(),
): Promise<OrderResult> {
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

  return db.transaction(async (tx): Promise<OrderResult> => {
    const rows = await selectJudgedClaims(tx, and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold")))
      .orderBy(asc(dayClaims.day))
      .for("update", { of: dayClaims });
    const holds = rows.map((row) => ({ ...row, status: statusOf(row, now) }));
    const closed = await dropClosedHolds(tx, holds);
    const running = holds.filter((hold) => hold.status === "running");
    if (running.length === 0) return { ok: false, reason: "empty", closed };
    // An earlier checkout the user left is replaced by this one; if it is paid after all, it is refunded.
    await tx
      .update(orders)
      .set({ status: "cancelled", failureReason: "Erstattet af en nyere bestilling." })
      .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
    const totalOere = running.reduce((sum, hold) => sum + hold.priceOere, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        bookerName: person.name,
        bookerEmail: person.email,
        bookerAddress: address,
        bookerPhone: person.phone ?? "",
        days: running.map((hold) => hold.day),
        totalOere,
        vatOere: vatIncluded(totalOere),
        provider: provider.name,
      })
      .returning({ id: orders.id });
    await tx
      .update(dayClaims)
      .set({
        orderId: order!.id,
        title: address,
        expiresAt: orderHoldExpiresAt(now, settings, provider.checkoutSessionSeconds),
      })
      .where(
        inArray(
          dayClaims.id,
          running.map((hold) => hold.id),
        ),
      );
    return { ok: true, orderId: order!.id, closed };
  });
}

export type ConfirmResult =
  | { status: "confirmed"; receiptNumber: number }
  | { status: "already-paid"; receiptNumber: number }
  | { status: "failed"; reason: "days-gone" | "not-pending" | "not-found" }
  | { status: "failed"; reason: "day-closed"; failureReason: string };

/**
 * Confirms a paid order: its holds become bookings and it gets the next receipt number, all in one
 * transaction, or, when the rules say the payment gets nothing (`paymentOutcome`: a day blocked meanwhile, or
 * a hold that ran out and lost its day to someone else), nothing is booked and the order is marked failed
 * with the reason. Confirming twice is harmless.
 */
export async function confirmOrder(db: Database, orderId: string, now = new Date()): Promise<ConfirmResult> {
  return db.transaction(async (tx): Promise<ConfirmResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { status: "failed", reason: "not-found" };
    if (order.status === "paid") return { status: "already-paid", receiptNumber: order.receiptNumber! };
    if (order.status !== "pending") return { status: "failed", reason: "not-pending" };
    // Locked, so a hold that ran out cannot be given to someone else while it is being booked.
    const holds = await selectJudgedClaims(
      tx,
      and(eq(dayClaims.orderId, orderId), eq(dayClaims.kind, "hold"), inArray(dayClaims.day, order.days)),
    ).for("update", { of: dayClaims });
    const blocked = await tx
      .select({ day: blockedDates.day, title: blockedDates.title })
      .from(blockedDates)
      .where(inArray(blockedDates.day, order.days));
    const outcome = paymentOutcome(
      order.days,
      holds.map((hold) => ({ day: hold.day, status: statusOf(hold, now) })),
      new Map(blocked.map((entry) => [entry.day, entry.title])),
    );
    if (!outcome.ok) {
      const failureReason =
        outcome.reason === "day-closed"
          ? `Lukket: ${outcome.blockedTitle} (${formatDateLong(dayBounds(outcome.day).start)}).`
          : "En eller flere dage blev optaget, før betalingen blev gennemført.";
      await tx.update(orders).set({ status: "failed", failureReason }).where(eq(orders.id, orderId));
      return outcome.reason === "day-closed"
        ? { status: "failed", reason: "day-closed", failureReason }
        : { status: "failed", reason: "days-gone" };
    }
    await tx
      .update(dayClaims)
      .set({ kind: "booking", expiresAt: null })
      .where(
        inArray(
          dayClaims.id,
          holds.map((hold) => hold.id),
        ),
      );
    const [counter] = await tx
      .update(reservationSettings)
      .set({ lastReceiptNumber: sql`${reservationSettings.lastReceiptNumber} + 1` })
      .where(eq(reservationSettings.id, 1))
      .returning({ receiptNumber: reservationSettings.lastReceiptNumber });
    await tx
      .update(orders)
      .set({ status: "paid", paidAt: now, receiptNumber: counter!.receiptNumber })
      .where(eq(orders.id, orderId));
    return { status: "confirmed", receiptNumber: counter!.receiptNumber };
  });
}

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
    const bookings = await tx
      .select({ id: dayClaims.id, day: dayClaims.day })
      .from(dayClaims)
      .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "booking"), isNull(dayClaims.releasedAt)));
    const future = bookings.filter((booking) => !hasBegun(booking.day, today)).map((booking) => booking.id);
    if (future.length === 0) return;
    await tx
      .update(dayClaims)
      .set({ releasedAt: now, releaseReason: "Kontoen er slettet" })
      .where(inArray(dayClaims.id, future));
  });
}
