import { pgEnum } from "drizzle-orm/pg-core";
import { ADD_ON_UNITS } from "~/features/rental/add-ons";
import { BOOKING_MODES, CUSTOMER_TYPES } from "~/features/rental/customer-types";

/** Who rents the hall (issue 35): privat, forening, erhverv, offentlig. */
export const customerType = pgEnum("customer_type", CUSTOMER_TYPES);

/** How a customer type may book: directly, by request, or not at all. */
export const bookingMode = pgEnum("booking_mode", BOOKING_MODES);

/** What an add-on is priced by. */
export const addOnUnit = pgEnum("add_on_unit", ADD_ON_UNITS);
