// No zod here: the content registry reads these names, and the browser loads the registry on every page.
import type { BookingMode, CustomerType } from "../../db/schema/values/rental";

export { BOOKING_MODES, CUSTOMER_TYPES, type BookingMode, type CustomerType } from "../../db/schema/values/rental";

/**
 * Who rents the hall, as Danish halls price and treat them (issue 35): a private person, an association, a company
 * or a public institution. The admin sets day prices and how each may book; the booker's details depend on it.
 */
export const customerTypeLabels: Record<CustomerType, string> = {
  privat: "Privat",
  forening: "Forening",
  erhverv: "Erhverv",
  offentlig: "Offentlig institution",
};

/** How a customer type may book: at once with payment, by a request the admin answers, or not at all. */
export const bookingModeLabels: Record<BookingMode, string> = {
  direct: "Booker direkte",
  request: "Kun ved forespørgsel",
  closed: "Kan ikke booke",
};
