// The schema's words for renting the hall: the rental's code imports them from here. No drizzle and no `~` alias:
// the content registry reads these lists, and routes.ts's loader and the browser load the registry.

/** Who rents the hall (issue 35): a private person, an association, a company or a public institution. */
export const CUSTOMER_TYPES = ["privat", "forening", "erhverv", "offentlig"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** How a customer type may book: at once with payment, by a request the admin answers, or not at all. */
export const BOOKING_MODES = ["direct", "request", "closed"] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

/** What an add-on (tilvalg) is priced by: once per booking, per day, per hour or per guest. */
export const ADD_ON_UNITS = ["booking", "day", "hour", "guest"] as const;
export type AddOnUnit = (typeof ADD_ON_UNITS)[number];

/**
 * How moms applies to an add-on (decision 054): a service of its own carries 25 % (a sound engineer, cleaning);
 * one that is part of the letting (the kitchen, an extra hour in the hall) follows the rent.
 */
export const ADD_ON_VAT_CHOICES = ["standard", "as-rent"] as const;
export type AddOnVat = (typeof ADD_ON_VAT_CHOICES)[number];

/**
 * What a booker pays when they cancel, by how many days are left before the first day: the admin's tiers, say 30
 * days or more free but for the depositum, 14–29 days half the rent, under 14 days all of it. The depositum is
 * never paid back; the security deposit always is.
 */
export interface CancellationTier {
  /** The tier applies from this many days before the first day. */
  minDaysBefore: number;
  /** The share of the rent the booker pays. */
  chargePercent: number;
}

/** What the booker chose in the basket or the request: add-ons by id, hours of those by the hour, the guests. */
export interface AddOnSelection {
  ids: readonly string[];
  hours: Readonly<Record<string, number>>;
  guests: number | null;
}

/** The add-ons a basket last sent to checkout (`baskets.add_on_choice`), and the holds they were chosen for. */
export interface KeptAddOnChoice extends AddOnSelection {
  claimIds: string[];
}
