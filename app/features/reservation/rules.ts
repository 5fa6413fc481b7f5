import { weekdayIndex } from "~/lib/format";
import { addDays, daysBetween, holidayOf } from "./days";

/**
 * Every rule of the reservation, in one place, as plain functions of plain facts: what a day is for the one
 * looking, whether a booking may be cancelled, and what a day costs. No database and no clock of its own:
 * callers read the facts (and the time), ask here, and do what the answer says. Days are "YYYY-MM-DD" keys in
 * Europe/Copenhagen (`todayInCopenhagen` in days.ts gives today's).
 */

/** The admin's settings the rules depend on; the reservation_settings row has them all. */
export interface ReservationRules {
  /** Monday–Thursday and Sunday, in øre, moms included. */
  weekdayPriceOere: number;
  /** Friday and Saturday, in øre, moms included. */
  weekendPriceOere: number;
  /** Public holidays cost the weekend price unless the admin says otherwise. */
  holidaysAtWeekendPrice: boolean;
  /** How long a day stays in a basket, in seconds. */
  holdSeconds: number;
  /** How many days ahead can be booked. */
  horizonDays: number;
  maxDaysPerOrder: number;
  /** A user may cancel a booking until this many days before the day. */
  cancellationDays: number;
}

export type Prices = Pick<ReservationRules, "weekdayPriceOere" | "weekendPriceOere" | "holidaysAtWeekendPrice">;

export function isWeekendDay(day: string) {
  const weekday = weekdayIndex(day);
  return weekday === 4 || weekday === 5;
}

/** What one day costs, in øre, moms included. */
export function priceOfDay(day: string, prices: Prices): number {
  if (isWeekendDay(day)) return prices.weekendPriceOere;
  if (prices.holidaysAtWeekendPrice && holidayOf(day)?.publicHoliday) return prices.weekendPriceOere;
  return prices.weekdayPriceOere;
}

/** Danish moms: 25 % on top of the net price. */
export const VAT_PERCENT = 25;

/** The moms inside a price that includes it (25/125, a fifth), rounded to whole øre. */
export function vatIncluded(totalOere: number): number {
  return Math.round((totalOere * VAT_PERCENT) / (100 + VAT_PERCENT));
}

/** The hold time as users are told it, in whole minutes (at least one). */
export function holdMinutes(rules: Pick<ReservationRules, "holdSeconds">) {
  return Math.max(1, Math.round(rules.holdSeconds / 60));
}

/** The last day that can be booked today. */
export function lastBookableDay(today: string, horizonDays: number) {
  return addDays(today, horizonDays);
}

export type DayState =
  "past" | "beyond-horizon" | "blocked" | "in-basket" | "mine" | "held-by-others" | "others" | "free";

export interface DayFacts {
  /** Today in Copenhagen. */
  today: string;
  horizonDays: number;
  /** Set when the admin has blocked the day (Blokerede datoer). */
  blockedTitle?: string;
  /** The active claim on the day, if any: a hold in someone's basket or a booking. */
  claim?: { kind: "hold" | "booking"; mine: boolean };
}

/**
 * The state of a day for the one looking at it. Today and earlier cannot be booked; nor can days beyond the
 * horizon. A day in someone else's basket is only held, not reserved: it may be free again soon, and who holds
 * it is nobody else's business.
 */
export function dayState(day: string, facts: DayFacts): DayState {
  if (day <= facts.today) return "past";
  if (facts.claim?.mine) return facts.claim.kind === "hold" ? "in-basket" : "mine";
  if (facts.claim) return facts.claim.kind === "hold" ? "held-by-others" : "others";
  if (facts.blockedTitle !== undefined) return "blocked";
  if (day > lastBookableDay(facts.today, facts.horizonDays)) return "beyond-horizon";
  return "free";
}

export type CancelRefusal = "past" | "too-late";

/**
 * Whether a booked day may be cancelled: never once it has begun; by its booker until the admin's limit (that
 * many days before the day), by the admin until the day itself.
 */
export function cancellationRefusal(
  day: string,
  facts: { today: string; cancellationDays: number; byAdmin: boolean },
): CancelRefusal | null {
  if (day <= facts.today) return "past";
  if (!facts.byAdmin && daysBetween(facts.today, day) < facts.cancellationDays) return "too-late";
  return null;
}
