import { and, asc, between, eq, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { rowsOf, preparedPerDatabase } from "~/db/database";
import { baskets, blockedDates, dayClaims, orders, profiles, reservationSettings, users } from "~/db/schema";
import { dayBounds } from "~/lib/format";
import { addDays, todayInCopenhagen } from "~/lib/days";
import {
  countsTowardBasket,
  daysNearOthers,
  holdExpiresAt,
  holdKeepsDay,
  holdGivesWay,
  holdRefusal,
  holdStatus,
  isRequestOrOffer,
  type HoldFacts,
  type HoldRefusal,
  dayPriceFor,
} from "./rules";
import { getReservationSettings, rulesColumns } from "./settings.server";
import { basketCustomerType } from "~/features/rental/basket.server";

/** Unreleased claims with what the rules judge them by: their order's status and their day's blocked title. */
export function selectJudgedClaims(db: Database, where: SQL | undefined) {
  return db
    .select(judgedClaimColumns)
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(blockedDates, eq(blockedDates.day, dayClaims.day))
    .where(and(isNull(dayClaims.releasedAt), where));
}

const judgedClaimColumns = {
  id: dayClaims.id,
  day: dayClaims.day,
  kind: dayClaims.kind,
  userId: dayClaims.userId,
  title: dayClaims.title,
  priceOere: dayClaims.priceOere,
  expiresAt: dayClaims.expiresAt,
  orderStatus: orders.status,
  blockedTitle: blockedDates.title,
};

/** The ids of some claims, to say which rows a statement changes. */
export const idsOf = (claims: { id: string }[]) => claims.map((claim) => claim.id);

/** A hold as the rules take it; a hold always has an expiry (a check constraint says so). */
export const asHold = <Claim extends { expiresAt: Date | null }>(claim: Claim) => ({
  ...claim,
  expiresAt: claim.expiresAt!,
});

/** The user's holds, whatever their status, oldest day first. */
export function holdsOf(db: Database, userId: string | Placeholder) {
  return selectJudgedClaims(db, and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"))).orderBy(
    asc(dayClaims.day),
  );
}

/** A hold, or why not; a day booked by others comes with the booker's address (spec §8, "Af adressen …"). */
export type HoldResult = { ok: true; claimId: string } | ({ ok: false; address?: string } & HoldRefusal);

/** The claimed day's blocked title, beside the asked day's own (`blockedDates`) in `holdFacts`. */
const claimedDayBlocked = alias(blockedDates, "claimed_day_blocked");

/**
 * What a hold is decided by, in one statement: the rules, the user's address, the asked day's blocked title, the
 * basket's version and the customer type it rents as, with one row per unreleased claim on the day or hold of the user (none: one row without
 * a claim). Read in one snapshot, so the claims are the basket as it was at that version.
 */
function holdFactsQuery(db: Database, userId: Placeholder | string, day: Placeholder | string) {
  return db
    .select({
      ...rulesColumns,
      address: profiles.address,
      dayBlockedTitle: blockedDates.title,
      basketVersion: baskets.version,
      customerType: baskets.customerType,
      id: dayClaims.id,
      day: dayClaims.day,
      kind: dayClaims.kind,
      userId: dayClaims.userId,
      title: dayClaims.title,
      expiresAt: dayClaims.expiresAt,
      orderStatus: orders.status,
      blockedTitle: claimedDayBlocked.title,
    })
    .from(reservationSettings)
    .leftJoin(profiles, eq(profiles.userId, userId))
    .leftJoin(blockedDates, eq(blockedDates.day, day))
    .leftJoin(baskets, eq(baskets.userId, userId))
    .leftJoin(
      dayClaims,
      and(
        isNull(dayClaims.releasedAt),
        or(eq(dayClaims.day, day), and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"))),
      ),
    )
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(claimedDayBlocked, eq(claimedDayBlocked.day, dayClaims.day))
    .where(eq(reservationSettings.id, 1));
}

const holdFacts = preparedPerDatabase((db) =>
  holdFactsQuery(db, sql.placeholder("userId"), sql.placeholder("day")).prepare("hold_facts"),
);

/** Any constant: serialises the holds while buffer days are kept, so two holds cannot each miss the other. */
const BUFFER_LOCK_ID = 727_274_002;

/** Takes the buffer days' turn for the rest of the transaction `tx` (see `holdDay`). */
export async function takeBufferTurn(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BUFFER_LOCK_ID})`);
}

/**
 * Whether someone else's standing claim (a booking, or a hold that keeps its day) is within `buffer` days of `day`:
 * then the day is kept free for their preparation (`daysNearOthers`).
 */
export async function nearOthers(db: Database, userId: string, day: string, buffer: number, now: Date) {
  const near = await selectJudgedClaims(
    db,
    and(
      between(dayClaims.day, addDays(day, -buffer), addDays(day, buffer)),
      or(isNull(dayClaims.userId), ne(dayClaims.userId, userId)),
    ),
  );
  const standing = near.filter((claim) => claim.kind === "booking" || holdKeepsDay(asHold(claim), now));
  return daysNearOthers(
    standing.map((claim) => ({ day: claim.day, mine: false })),
    buffer,
    { from: day, to: day },
  ).has(day);
}

/**
 * Puts a day in the user's basket with a hold that expires, if the rules allow it (`holdRefusal`), and answers
 * why not otherwise. Two statements and no lock: the facts (`holdFacts`), then the hold, put in only if the
 * basket's version is still the one read with the facts, and raising it. So two holds of one user at once cannot
 * both take the basket's last place: the second finds a new version, reads the basket again and is judged by it.
 * The partial unique index on unreleased claims lets one hold on a day through; the others find the day held. A
 * hold on the day that ran out gives way first. The day's price is its basket's type's, from the kept settings the
 * calendar showed it by (decision 032).
 */
export async function holdDay(db: Database, userId: string, day: string, now = new Date()): Promise<HoldResult> {
  const { bufferDays } = await getReservationSettings(db);
  if (bufferDays === 0) return takeHold(db, () => holdFacts(db).execute({ userId, day }), userId, day, now, false);
  // Buffer days (decision 037): a day near another's claim is kept free. The check and the hold are one turn of
  // a lock all holds take, so two holds near each other at once cannot both see the other's day free.
  return db.transaction(async (tx) => {
    await takeBufferTurn(tx);
    const near = await nearOthers(tx, userId, day, bufferDays, now);
    return takeHold(tx, () => holdFactsQuery(tx, userId, day), userId, day, now, near);
  });
}

/**
 * The hold itself, judged by the facts `readFacts` reads and, with buffer days, whether others' claims are near
 * (see `holdDay`).
 */
async function takeHold(
  db: Database,
  readFacts: () => Promise<Awaited<ReturnType<ReturnType<typeof holdFacts>["execute"]>>>,
  userId: string,
  day: string,
  now: Date,
  nearOthers: boolean,
): Promise<HoldResult> {
  for (;;) {
    const [rows, settings] = await Promise.all([readFacts(), getReservationSettings(db)]);
    const [facts] = rows;
    if (!facts) throw new Error("reservation_settings has no row; the migrations insert it");
    const claims = rows.flatMap(({ id, day, kind, userId, title, expiresAt, orderStatus, blockedTitle }) =>
      id && day && kind ? [{ id, day, kind, userId, title: title ?? "", orderStatus, blockedTitle, expiresAt }] : [],
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
      claim: standing && {
        kind: standing.kind,
        mine: standing.userId === userId,
        requested: isRequestOrOffer(standing.orderStatus),
      },
      nearOthers,
    });
    if (refusal?.reason === "others") return { ok: false, ...refusal, address: standing!.title };
    if (refusal) return { ok: false, ...refusal };
    // Only while it is still the hold judged above: a payment may have turned it into a booking meanwhile.
    if (givesWay) await deleteHolds(db, and(eq(dayClaims.id, onDay.id), eq(dayClaims.expiresAt, onDay.expiresAt!)));
    const { start, end } = dayBounds(day);
    const [held] = rowsOf<{ turn: boolean; claimId: string | null }>(
      await db.execute(sql`
        with turn as (
          insert into ${baskets} as basket (user_id, version) values (${userId}, 1)
          on conflict (user_id) do update set version = basket.version + 1
            where basket.version = ${facts.basketVersion}::integer
          returning 1
        ), hold as (
          insert into ${dayClaims} (day, kind, user_id, start_at, end_at, title, price_oere, expires_at)
          select ${day}::date, 'hold', ${userId}, ${start.toISOString()}::timestamptz,
            ${end.toISOString()}::timestamptz, ${facts.address ?? ""}, ${dayPriceFor(day, facts.customerType ?? "privat", settings)}::integer,
            ${holdExpiresAt(now, facts).toISOString()}::timestamptz
          from turn
          on conflict (day) where released_at is null do nothing
          returning id
        )
        select exists (select from turn) as "turn", (select id from hold) as "claimId"`),
    );
    if (held?.claimId) return { ok: true, claimId: held.claimId };
    // The basket changed since the facts were read (another hold of the user's): judged again as it is now.
    if (!held?.turn) continue;
    return { ok: false, reason: "held-by-others" };
  }
}

/** Deletes the unreleased holds among `where` (never a booking); answers the ids deleted. */
export function deleteHolds(db: Database, where: SQL | undefined) {
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

/**
 * The basket's holds with the customer type the basket rents as (`getBasket`); prepared, like `releaseHold`, for the
 * basket is opened after every hold. A hold always has its basket's row (`holdDay` makes it).
 */
const basketHolds = preparedPerDatabase((db) =>
  db
    .select({ ...judgedClaimColumns, customerType: baskets.customerType })
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(blockedDates, eq(blockedDates.day, dayClaims.day))
    .leftJoin(baskets, eq(baskets.userId, dayClaims.userId))
    .where(
      and(isNull(dayClaims.releasedAt), eq(dayClaims.userId, sql.placeholder("userId")), eq(dayClaims.kind, "hold")),
    )
    .orderBy(asc(dayClaims.day))
    .prepare("basket_holds"),
);

const releasedHold = preparedPerDatabase((db) =>
  deleteHolds(
    db,
    and(eq(dayClaims.id, sql.placeholder("claimId")), eq(dayClaims.userId, sql.placeholder("userId"))),
  ).prepare("release_hold"),
);

/** Takes a day out of the user's basket (a hold only; a booking is cancelled, not removed). */
export async function releaseHold(db: Database, userId: string, claimId: string) {
  const removed = await releasedHold(db).execute({ userId, claimId });
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
    basketCount: rows.filter((row) => row.expiresAt && countsTowardBasket(asHold(row), now)).length,
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
  const rows = await basketHolds(db).execute({ userId });
  const holds = rows.map(asHold);
  // Without holds there is no row to read the type from; then it is asked on its own.
  const customerType = rows[0]?.customerType ?? (await basketCustomerType(db, userId));
  const closed = await dropClosedHolds(db, holds, now);
  const items = holds
    .filter((hold) => countsTowardBasket(hold, now))
    .map((hold) => ({ claimId: hold.id, day: hold.day, priceOere: hold.priceOere, expiresAt: hold.expiresAt }));
  return { items, totalOere: items.reduce((sum, item) => sum + item.priceOere, 0), closed, customerType };
}
