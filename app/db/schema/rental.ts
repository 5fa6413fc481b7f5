import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { ADD_ON_UNITS, ADD_ON_VAT_CHOICES, BOOKING_MODES, CUSTOMER_TYPES } from "./values/rental";

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
