import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blockedDates, dayClaims, orders, profiles, reservationSettings, users } from "~/db/schema";
import { dayBounds } from "~/lib/format";
import { todayInCopenhagen } from "./days";
import {
  countsTowardBasket,
  holdExpiresAt,
  holdGivesWay,
  holdRefusal,
  holdStatus,
  priceOfDay,
  type HoldFacts,
  type HoldRefusal,
} from "./rules";
import { rulesColumns } from "./settings.server";

/** Unreleased claims with what the rules judge them by: their order's status and their day's blocked title. */
export function selectJudgedClaims(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: dayClaims.id,
      day: dayClaims.day,
      kind: dayClaims.kind,
      userId: dayClaims.userId,
      title: dayClaims.title,
      priceOere: dayClaims.priceOere,
      expiresAt: dayClaims.expiresAt,
      orderStatus: orders.status,
      blockedTitle: blockedDates.title,
    })
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(blockedDates, eq(blockedDates.day, dayClaims.day))
    .where(and(isNull(dayClaims.releasedAt), where));
}

/** The ids of some claims, to say which rows a statement changes. */
export const idsOf = (claims: { id: string }[]) => claims.map((claim) => claim.id);

type JudgedClaim = Awaited<ReturnType<typeof selectJudgedClaims>>[number];

/** A hold as the rules take it; a hold always has an expiry (a check constraint says so). */
export function asHold(claim: JudgedClaim): HoldFacts & JudgedClaim {
  return { ...claim, expiresAt: claim.expiresAt! };
}

/** The user's holds, whatever their status, oldest day first. */
export function holdsOf(db: Database, userId: string) {
  return selectJudgedClaims(db, and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"))).orderBy(
    asc(dayClaims.day),
  );
}

/** A hold, or why not; a day booked by others comes with the booker's address (spec §8, "Af adressen …"). */
export type HoldResult = { ok: true; claimId: string } | ({ ok: false; address?: string } & HoldRefusal);

/** Any constant: the namespace of the advisory locks that make one user's holds take turns (jobs use their own). */
const HOLD_LOCK_NAMESPACE = 727_275;

/**
 * Puts a day in the user's basket with a hold that expires, if the rules allow it (`holdRefusal`), and answers
 * why not otherwise. One transaction, under the user's advisory lock: the user's holds take turns, and each counts
 * the basket as the ones before it left it (the most days per order holds however many arrive at once). The lock
 * writes nothing, so a refused hold commits without a write. The partial unique index on unreleased claims lets one
 * hold on a day through; the others find the day held. A hold on the day that ran out gives way first.
 */
export async function holdDay(db: Database, userId: string, day: string, now = new Date()): Promise<HoldResult> {
  return db.transaction(async (tx): Promise<HoldResult> => {
    // The user's turn (the settings row is always there, so the lock is taken once), with the facts no other hold of
    // the user changes. The claims are read by the next statement, so as the user's earlier holds committed them.
    const [facts] = await tx
      .select({
        turn: sql`pg_advisory_xact_lock(${HOLD_LOCK_NAMESPACE}, hashtext(${userId}))`,
        ...rulesColumns,
        address: profiles.address,
        dayBlockedTitle: blockedDates.title,
      })
      .from(reservationSettings)
      .leftJoin(profiles, eq(profiles.userId, userId))
      .leftJoin(blockedDates, eq(blockedDates.day, day))
      .where(eq(reservationSettings.id, 1));
    if (!facts) throw new Error("reservation_settings has no row; the migrations insert it");
    const claims = await selectJudgedClaims(
      tx,
      or(eq(dayClaims.day, day), and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"))),
    );
    const basket = claims.filter(
      (claim) => claim.kind === "hold" && claim.userId === userId && countsTowardBasket(asHold(claim), now),
    );
    const onDay = claims.find((claim) => claim.day === day);
    const givesWay = onDay?.kind === "hold" && holdGivesWay(holdStatus(asHold(onDay), now));
    const standing = givesWay ? undefined : onDay;
    const refusal = holdRefusal(day, {
      today: todayInCopenhagen(now),
      horizonDays: facts.horizonDays,
      blockedTitle: facts.dayBlockedTitle ?? undefined,
      basketSize: basket.length,
      maxDaysPerOrder: facts.maxDaysPerOrder,
      claim: standing && { kind: standing.kind, mine: standing.userId === userId },
    });
    if (refusal?.reason === "others") return { ok: false, ...refusal, address: standing!.title };
    if (refusal) return { ok: false, ...refusal };
    if (givesWay) {
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
    return inserted ? { ok: true, claimId: inserted.id } : { ok: false, reason: "held-by-others" };
  });
}

/** Deletes the unreleased holds among `where` (never a booking); answers the ids deleted. */
function deleteHolds(db: Database, where: SQL | undefined) {
  return db
    .delete(dayClaims)
    .where(and(where, eq(dayClaims.kind, "hold"), isNull(dayClaims.releasedAt)))
    .returning({ id: dayClaims.id });
}

/**
 * Deletes the holds that are nothing any more by the rules (`holdStatus` "expired"; background job). A lapsed hold,
 * one whose order still waits for payment, stays, so a payment that comes late still books its day if it is free.
 */
export async function removeExpiredHolds(db: Database, now = new Date()) {
  const holds = await selectJudgedClaims(db, eq(dayClaims.kind, "hold"));
  const expired = holds.filter((hold) => holdStatus(asHold(hold), now) === "expired");
  if (expired.length === 0) return 0;
  return (await deleteHolds(db, inArray(dayClaims.id, idsOf(expired)))).length;
}

/** Takes a day out of the user's basket (a hold only; a booking is cancelled, not removed). */
export async function releaseHold(db: Database, userId: string, claimId: string) {
  const removed = await deleteHolds(db, and(eq(dayClaims.id, claimId), eq(dayClaims.userId, userId)));
  return removed.length > 0;
}

/**
 * What every page shows of a signed-in user besides the session: the profile's avatar and whether it has an
 * address, and how many days are in the basket, in one query.
 */
export async function getProfileAndBasketCount(db: Database, userId: string, now = new Date()) {
  const rows = await db
    .select({
      profileOf: profiles.userId,
      avatarKey: profiles.avatarKey,
      address: profiles.address,
      expiresAt: dayClaims.expiresAt,
      orderStatus: orders.status,
      blockedTitle: blockedDates.title,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(dayClaims, and(eq(dayClaims.userId, users.id), eq(dayClaims.kind, "hold"), isNull(dayClaims.releasedAt)))
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(blockedDates, eq(blockedDates.day, dayClaims.day))
    .where(eq(users.id, userId));
  const [first] = rows;
  return {
    profile: first?.profileOf ? { avatarKey: first.avatarKey, address: first.address } : null,
    // A row without a hold has no expiry (the left join found none); a hold always has one.
    basketCount: rows.filter((row) => row.expiresAt && countsTowardBasket({ ...row, expiresAt: row.expiresAt }, now))
      .length,
  };
}

/** A day taken out of a basket because the admin blocked it, with the admin's title as the reason. */
export interface ClosedDay {
  day: string;
  blockedTitle: string;
}

/** Takes the closed holds (`holdStatus` "closed") out of their basket; answers the days, to tell the user. */
export async function dropClosedHolds(
  db: Database,
  holds: (HoldFacts & { id: string; day: string })[],
  now: Date,
): Promise<ClosedDay[]> {
  const closed = holds.filter((hold) => holdStatus(hold, now) === "closed");
  if (closed.length === 0) return [];
  const dropped = await deleteHolds(db, inArray(dayClaims.id, idsOf(closed)));
  const droppedIds = new Set(dropped.map((hold) => hold.id));
  return closed
    .filter((hold) => droppedIds.has(hold.id))
    .map((hold) => ({ day: hold.day, blockedTitle: hold.blockedTitle ?? "" }));
}

/**
 * The user's basket: the holds that count toward it, oldest day first, and their total. A day the admin has blocked
 * since it went in leaves the basket here and comes back in `closed`, so the user is told why. Nothing else is
 * changed by looking: a hold that ran out is judged by the same rules whether or not anyone opens the basket.
 */
export async function getBasket(db: Database, userId: string, now = new Date()) {
  const holds = (await holdsOf(db, userId)).map(asHold);
  const closed = await dropClosedHolds(db, holds, now);
  const items = holds
    .filter((hold) => countsTowardBasket(hold, now))
    .map((hold) => ({ claimId: hold.id, day: hold.day, priceOere: hold.priceOere, expiresAt: hold.expiresAt }));
  return { items, totalOere: items.reduce((sum, item) => sum + item.priceOere, 0), closed };
}
