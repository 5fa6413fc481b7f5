import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { blockedDates, dayClaims, orders } from "~/db/schema";
import { addDays, todayInCopenhagen } from "~/lib/days";
import {
  dayState,
  daysNearOthers,
  holdKeepsDay,
  isRequestOrOffer,
  priceOfDay,
  type CalendarDay,
  type DayState,
  type HoldFacts,
  pricesFor,
} from "./rules";
import { getReservationSettings } from "./settings.server";
import { basketCustomerType } from "~/features/rental/basket.server";

/** Every day from `from` to `to` (inclusive) as the user sees it, at the prices of the type they rent as. */
export async function calendarDays(
  db: Database,
  range: { from: string; to: string },
  userId: string | null,
  now = new Date(),
): Promise<CalendarDay[]> {
  return (await calendarFacts(db, range, userId, now)).map(({ heldUntil: _heldUntil, ...day }) => day);
}

/** The claims and blocked days from `from` to `to` in one round trip: a blocked day comes as a row without a kind. */
function calendarRows(db: Database, { from, to }: { from: string; to: string }) {
  return unionAll(
    db
      .select({
        day: dayClaims.day,
        kind: sql<"hold" | "booking" | null>`${dayClaims.kind}`.as("kind"),
        userId: dayClaims.userId,
        expiresAt: dayClaims.expiresAt,
        blockedTitle: sql<string | null>`null`.as("blocked_title"),
        orderStatus: sql<HoldFacts["orderStatus"]>`${orders.status}`.as("order_status"),
      })
      .from(dayClaims)
      .leftJoin(orders, eq(orders.id, dayClaims.orderId))
      .where(and(gte(dayClaims.day, from), lte(dayClaims.day, to), isNull(dayClaims.releasedAt))),
    db
      .select({
        day: blockedDates.day,
        kind: sql<"hold" | "booking" | null>`null`.as("kind"),
        userId: sql<string | null>`null`.as("user_id"),
        expiresAt: sql<Date | null>`null`.as("expires_at"),
        blockedTitle: blockedDates.title,
        orderStatus: sql<HoldFacts["orderStatus"]>`null`.as("order_status"),
      })
      .from(blockedDates)
      .where(and(gte(blockedDates.day, from), lte(blockedDates.day, to))),
  );
}

/** The calendar's days, and for a held day when its hold runs out: the live calendar's to know, no one else's. */
async function calendarFacts(db: Database, range: { from: string; to: string }, userId: string | null, now: Date) {
  const settings = await getReservationSettings(db);
  // Claims up to the buffer days beyond the range keep days inside it free (decision 037).
  const buffer = settings.bufferDays;
  const [rows, customerType] = await Promise.all([
    calendarRows(db, { from: addDays(range.from, -buffer), to: addDays(range.to, buffer) }),
    userId ? basketCustomerType(db, userId) : ("privat" as const),
  ]);
  const prices = pricesFor(customerType, settings);
  const blockedByDay = new Map(rows.flatMap((row) => (row.blockedTitle === null ? [] : [[row.day, row.blockedTitle]])));
  const standing = rows.flatMap(({ kind, ...claim }) =>
    kind === "booking" || (kind === "hold" && holdKeepsDay({ expiresAt: claim.expiresAt! }, now))
      ? [{ ...claim, kind }]
      : [],
  );
  const claimByDay = new Map(standing.map((claim) => [claim.day, claim]));
  const mine = (claim: { userId: string | null }) => userId !== null && claim.userId === userId;
  const kept = daysNearOthers(
    standing.map((claim) => ({ day: claim.day, mine: mine(claim) })),
    buffer,
    range,
  );
  const today = todayInCopenhagen(now);
  const days: (CalendarDay & { heldUntil?: Date })[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const claim = claimByDay.get(day);
    const blockedTitle = blockedByDay.get(day);
    const state = dayState(day, {
      today,
      horizonDays: settings.horizonDays,
      blockedTitle,
      claim: claim
        ? { kind: claim.kind, mine: mine(claim), requested: isRequestOrOffer(claim.orderStatus) }
        : undefined,
      nearOthers: kept.has(day),
    });
    days.push({
      day,
      state,
      priceOere: priceOfDay(day, prices),
      ...(blockedTitle !== undefined ? { blockedTitle } : {}),
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
  // A claim that comes or goes changes the days kept free around it too (buffer days, decision 037).
  const { bufferDays } = await getReservationSettings(db);
  const around = days.flatMap((day) =>
    Array.from({ length: 2 * bufferDays + 1 }, (_, index) => addDays(day, index - bufferDays)),
  );
  const sorted = [...new Set(around)].sort();
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
