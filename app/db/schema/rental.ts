import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ownedBy } from "./accounts";
import { instant, updatedAt } from "./columns";
import { orders } from "./reservation";
import { ADD_ON_UNITS, ADD_ON_VAT_CHOICES, BOOKING_MODES, CUSTOMER_TYPES, type KeptAddOnChoice } from "./values/rental";

/** Who rents the hall (issue 35): privat, forening, erhverv, offentlig. */
export const customerType = pgEnum("customer_type", CUSTOMER_TYPES);

/** How a customer type may book: directly, by request, or not at all. */
export const bookingMode = pgEnum("booking_mode", BOOKING_MODES);

/** What an add-on is priced by. */
export const addOnUnit = pgEnum("add_on_unit", ADD_ON_UNITS);

/** How moms applies to an add-on (decision 054): 25 % as a service of its own, or as the rent it belongs to. */
export const addOnVat = pgEnum("add_on_vat", ADD_ON_VAT_CHOICES);

/**
 * What each customer type pays for a day and how it may book (issue 35), one row per type. Fridays and Saturdays
 * cost the weekend price; public holidays too when the reservation settings say so. Moms included, in øre.
 */
export const customerTypeTerms = pgTable(
  "customer_type_terms",
  {
    customerType: customerType("customer_type").primaryKey(),
    bookingMode: bookingMode("booking_mode").notNull().default("direct"),
    weekdayPriceOere: integer("weekday_price_oere").notNull(),
    weekendPriceOere: integer("weekend_price_oere").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "customer_type_terms_prices",
      sql`${table.weekdayPriceOere} between 0 and 100000000 and ${table.weekendPriceOere} between 0 and 100000000`,
    ),
  ],
);

/**
 * What only a hall order has (decision 060), one row per rental order, none for a ticket order: the booker's address
 * and customer type with what the type adds (`bookerDetailsSchema`), and a request's words and the admin's answer.
 * Its days are its order's day lines (`order_lines.day`).
 */
export const rentalBookings = pgTable(
  "rental_bookings",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The booker's address as it was when the order was made (spec §3: a booking item's title). */
    bookerAddress: text("booker_address").notNull(),
    customerType: customerType("customer_type").notNull().default("privat"),
    bookerOrganisation: text("booker_organisation"),
    bookerCvr: text("booker_cvr"),
    bookerEan: text("booker_ean"),
    bookerReference: text("booker_reference"),
    /** A request's own words: the expected guests, the purpose and a message to the venue. */
    guests: integer("guests"),
    purpose: text("purpose"),
    message: text("message"),
    /** The admin's note to an offer, or why a request was declined (with other days to propose). */
    answer: text("answer"),
    answeredAt: instant("answered_at"),
    /** When a request's or an offer's answer is due: its days are held until then, and it expires after. */
    answerBy: instant("answer_by"),
  },
  (table) => [
    check("rental_bookings_booker_cvr", sql`${table.bookerCvr} ~ '^[0-9]{8}$'`),
    check("rental_bookings_booker_ean", sql`${table.bookerEan} ~ '^[0-9]{13}$'`),
  ],
);

/**
 * A user's basket as holds see it: its version goes up with every hold put in. A hold reads the version with the
 * basket and puts its day in only if the version is still the one it read, so two holds of one user at once
 * cannot both take the basket's last place (`holdDay`).
 */
export const baskets = pgTable("baskets", {
  userId: ownedBy().primaryKey(),
  version: integer("version").notNull(),
  /** Who the user rents as: the days are priced by it (`customer_type_terms`). Changing it raises the version. */
  customerType: customerType("customer_type").notNull().default("privat"),
  /**
   * The add-ons last sent to checkout, with the holds they were chosen for, so that a detour on the way to payment
   * (the details asked first) comes back to them ticked (issue 54). No prices: those are the order's to fix.
   */
  addOnChoice: jsonb("add_on_choice").$type<KeptAddOnChoice>(),
});
