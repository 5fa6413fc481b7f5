import type { customerTypeTerms, orders, reservationSettings } from "~/db/schema";
import { weekdayIndex } from "~/lib/format";
import { addDays, daysBetween } from "~/lib/days";
import type { CustomerType } from "./customer-types";
import { holidayOf } from "./holidays";

/**
 * Every rule of the reservation, in one place, as plain functions of plain facts: what a day is for the one
 * looking, whether it may go into a basket, how long a hold lasts and what is left of it when it runs out, what a
 * payment gets, whether a booking may be cancelled, and what a day costs. No database and no clock of its own:
 * callers read the facts (and the time), ask here, and do what the answer says. Days are "YYYY-MM-DD" keys in
 * Europe/Copenhagen (`todayInCopenhagen` in days.ts gives today's).
 */

/** The admin's settings the rules depend on: the reservation_settings row less its key, counters and time stamp. */
export type ReservationRules = Omit<
  typeof reservationSettings.$inferSelect,
  "id" | "lastReceiptNumber" | "lastInvoiceNumber" | "updatedAt"
>;

/** A customer type's day prices (`customer_type_terms`) with the settings' word on holidays. */
export type Prices = Pick<typeof customerTypeTerms.$inferSelect, "weekdayPriceOere" | "weekendPriceOere"> &
  Pick<ReservationRules, "holidaysAtWeekendPrice">;

/** What one day costs, in øre, moms included: the weekend price on Fridays and Saturdays (and holidays, if set). */
export function priceOfDay(day: string, prices: Prices): number {
  const weekend = [4, 5].includes(weekdayIndex(day));
  if (weekend || (prices.holidaysAtWeekendPrice && holidayOf(day)?.publicHoliday)) return prices.weekendPriceOere;
  return prices.weekdayPriceOere;
}

/** What the day prices of every customer type are read from: their terms, and the settings' word on holidays. */
export interface PriceSettings {
  holidaysAtWeekendPrice: boolean;
  customerTerms: Record<CustomerType, Pick<Prices, "weekdayPriceOere" | "weekendPriceOere">>;
}

/** A customer type's day prices. */
export function pricesFor(customerType: CustomerType, settings: PriceSettings): Prices {
  const { weekdayPriceOere, weekendPriceOere } = settings.customerTerms[customerType];
  return { weekdayPriceOere, weekendPriceOere, holidaysAtWeekendPrice: settings.holidaysAtWeekendPrice };
}

/** A day's rent for a customer type: that type's own weekday and weekend prices, holidays as the settings say. */
export function dayPriceFor(day: string, customerType: CustomerType, settings: PriceSettings) {
  return priceOfDay(day, pricesFor(customerType, settings));
}

/** The hold time as users are told it, in whole minutes (at least one). */
export function holdMinutes(rules: Pick<ReservationRules, "holdSeconds">) {
  return Math.max(1, Math.round(rules.holdSeconds / 60));
}

/** Whether a day has begun (it is today) or passed: from then on it can be neither booked nor cancelled. */
export function hasBegun(day: string, today: string) {
  return day <= today;
}

/** The last day that can be booked today. */
export function lastBookableDay(today: string, horizonDays: number) {
  return addDays(today, horizonDays);
}

export type DayState =
  | "past"
  | "beyond-horizon"
  | "blocked"
  | "in-basket"
  | "requested"
  | "mine"
  | "held-by-others"
  | "others"
  | "buffer"
  | "free";

/** A day as the calendar shows it: its state for the one looking, its price, and the admin's title if blocked. */
export interface CalendarDay {
  day: string;
  state: DayState;
  priceOere: number;
  blockedTitle?: string;
}

export interface DayFacts {
  /** Today in Copenhagen. */
  today: string;
  horizonDays: number;
  /** Set when the admin has blocked the day (Blokerede datoer). */
  blockedTitle?: string;
  /** The claim that keeps others from the day, if any: a hold that has not run out, or a booking. */
  claim?: { kind: "hold" | "booking"; mine: boolean; requested?: boolean };
  /**
   * Whether someone else's claim is within the admin's buffer days of this day (`buffer_days`): the day is kept free
   * for their preparation. The looker's own claims keep nothing from them.
   */
  nearOthers?: boolean;
}

/**
 * The state of a day for the one looking at it. Today and earlier cannot be booked. A booking stands even on a day
 * the admin blocks afterwards (cancelling it is the admin's call); a hold does not: the day shows as blocked, and
 * the hold leaves its basket (`holdStatus`). A day in someone else's basket is only held, not reserved: it may be
 * free again soon, and who holds it is nobody else's business.
 */
export function dayState(day: string, facts: DayFacts): DayState {
  if (hasBegun(day, facts.today)) return "past";
  if (facts.claim?.kind === "booking") return facts.claim.mine ? "mine" : "others";
  if (facts.blockedTitle !== undefined) return "blocked";
  // A hold of a request or an offer (decision 033) is the requester's "forespurgt", no part of a basket.
  if (facts.claim) return facts.claim.mine ? (facts.claim.requested ? "requested" : "in-basket") : "held-by-others";
  if (day > lastBookableDay(facts.today, facts.horizonDays)) return "beyond-horizon";
  if (facts.nearOthers) return "buffer";
  return "free";
}

/**
 * Which days near claims are kept free (buffer days): each unclaimed day of `range` within `buffer` days of a
 * claim that is not the looker's own. Claims are the standing ones (bookings, holds that keep their day).
 */
export function daysNearOthers(
  claims: { day: string; mine: boolean }[],
  buffer: number,
  range: { from: string; to: string },
): Set<string> {
  const near = new Set<string>();
  if (buffer === 0) return near;
  const claimed = new Set(claims.map((claim) => claim.day));
  for (const claim of claims) {
    if (claim.mine) continue;
    for (let offset = -buffer; offset <= buffer; offset++) {
      const day = addDays(claim.day, offset);
      if (!claimed.has(day) && day >= range.from && day <= range.to) near.add(day);
    }
  }
  return near;
}

/**
 * A day as the viewer sees it after news of it (the live calendar). The news is the day's state for a visitor, so
 * it cannot tell the viewer's own claim from anyone else's: a day the viewer has, still claimed, stays theirs;
 * anything else is as the news says.
 */
export function liveDayState(known: DayState, news: DayState, ownClaimNearby = false): DayState {
  const stillClaimed = news === "held-by-others" || news === "others";
  if (stillClaimed && (known === "in-basket" || known === "requested" || known === "mine")) return known;
  // A day kept free for a claim nearby that may be the viewer's own: what the viewer's page loaded with stands.
  if (news === "buffer" && ownClaimNearby && known === "free") return known;
  return news;
}

/** Why a day may not go into the basket: its state for the one asking, or a full basket. */
export type HoldRefusal =
  | { reason: Exclude<DayState, "blocked" | "free"> }
  | { reason: "blocked"; blockedTitle: string }
  | { reason: "basket-full"; maxDaysPerOrder: number };

export interface BasketFacts extends DayFacts {
  /** Days in the user's basket now (`countsTowardBasket`). */
  basketSize: number;
  maxDaysPerOrder: number;
}

/**
 * Whether a day may go into the user's basket, and if not, why: only a free day, and only while the basket has
 * room. Of holds arriving at once, the database's unique index lets one through; the others find it held.
 */
export function holdRefusal(day: string, facts: BasketFacts): HoldRefusal | null {
  const state = dayState(day, facts);
  if (state === "blocked") return { reason: state, blockedTitle: facts.blockedTitle ?? "" };
  if (state !== "free") return { reason: state };
  return facts.basketSize >= facts.maxDaysPerOrder
    ? { reason: "basket-full", maxDaysPerOrder: facts.maxDaysPerOrder }
    : null;
}

/** When a day put in the basket now runs out. */
export function holdExpiresAt(now: Date, rules: Pick<ReservationRules, "holdSeconds">) {
  return new Date(now.getTime() + rules.holdSeconds * 1000);
}

/**
 * When the days of an order made now run out. Going to payment starts the hold time again; a payment provider
 * whose checkout stays open longer (Stripe's, at least 30 minutes) keeps the days as long, so nobody takes a day
 * the buyer may still pay for.
 */
export function orderHoldExpiresAt(
  now: Date,
  rules: Pick<ReservationRules, "holdSeconds">,
  checkoutSessionSeconds: number,
) {
  return new Date(now.getTime() + Math.max(rules.holdSeconds, checkoutSessionSeconds) * 1000);
}

export interface HoldFacts {
  expiresAt: Date;
  /** The status of the hold's order, or null for a hold in a basket that has not gone to payment. */
  orderStatus: (typeof orders.$inferSelect)["status"] | null;
  /** Set when the admin has blocked the day since it was held. */
  blockedTitle?: string | null;
}

export type HoldStatus = "running" | "requested" | "closed" | "lapsed" | "expired";

/** An order that holds its days while the admin answers it or the booker answers the offer (issue 35). */
export const isRequestOrOffer = (status: HoldFacts["orderStatus"]) => status === "requested" || status === "offered";

/** Whether a hold still keeps everyone else from its day: until it runs out, whatever else is true of it. */
export function holdKeepsDay(hold: Pick<HoldFacts, "expiresAt">, now: Date) {
  return now < hold.expiresAt;
}

/**
 * What a hold is now. The same answer for every reader (basket, calendar, checkout, payment, cleanup job), so
 * which page anyone opened changes nothing.
 * - running: in the basket; the day is the holder's until the hold runs out.
 * - requested: a day of a request or an offer, out of the basket; the day is kept until the answer is due.
 * - closed: the admin has blocked the day since; it leaves the basket, and the holder is told the admin's title.
 * - lapsed: ran out while its order waits for payment. It keeps nobody from the day, but a payment that arrives
 *   late (a provider may confirm long after its checkout closed) still books the day if nobody has claimed it.
 * - expired: ran out with no order waiting for payment; it is nothing any more and may be deleted.
 */
export function holdStatus(hold: HoldFacts, now: Date): HoldStatus {
  if (holdKeepsDay(hold, now)) {
    if (hold.blockedTitle != null) return "closed";
    return isRequestOrOffer(hold.orderStatus) ? "requested" : "running";
  }
  return hold.orderStatus === "pending" ? "lapsed" : "expired";
}

/**
 * Whether a hold counts toward its basket: what the basket shows and totals, what the most days per order limits,
 * what an order is made of. Only a running hold does.
 */
export function countsTowardBasket(hold: HoldFacts, now: Date) {
  return holdStatus(hold, now) === "running";
}

/** Whether a claim on the day may replace the hold: only one that keeps nobody from the day any more. */
export function holdGivesWay(status: HoldStatus) {
  return status === "lapsed" || status === "expired";
}

export type PaymentOutcome =
  | { ok: true }
  | { ok: false; reason: "day-closed"; day: string; blockedTitle: string }
  | { ok: false; reason: "days-gone" };

/**
 * What a payment for an order gets: all of its days or none. Not a day the admin has blocked since the order was
 * made; not a day whose hold is gone (it ran out and someone else claimed the day). A running or lapsed hold of
 * the order books its day: a late payment gets the days if they are still free.
 */
export function paymentOutcome(
  orderDays: readonly string[],
  orderHolds: readonly { day: string; status: HoldStatus }[],
  blockedTitles: ReadonlyMap<string, string>,
): PaymentOutcome {
  for (const day of orderDays.toSorted()) {
    const blockedTitle = blockedTitles.get(day);
    if (blockedTitle !== undefined) return { ok: false, reason: "day-closed", day, blockedTitle };
  }
  const bookable = new Set(
    orderHolds.filter((hold) => hold.status === "running" || hold.status === "lapsed").map((hold) => hold.day),
  );
  return orderDays.every((day) => bookable.has(day)) ? { ok: true } : { ok: false, reason: "days-gone" };
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
  if (hasBegun(day, facts.today)) return "past";
  if (!facts.byAdmin && daysBetween(facts.today, day) < facts.cancellationDays) return "too-late";
  return null;
}
