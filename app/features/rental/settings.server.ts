import { eq, getTableColumns } from "drizzle-orm";
import { customerTypeTerms, reservationSettings } from "~/db/schema";
import type { CustomerType } from "~/features/rental/customer-types";
import { keptPerDatabase } from "~/lib/kept-per-database.server";
import type { ReservationRules } from "./rules";

/** A customer type's day prices and how it may book. */
export type CustomerTerms = Omit<typeof customerTypeTerms.$inferSelect, "updatedAt">;

/** The rules, and each customer type's terms (`customer_type_terms`, one row per type). */
export type ReservationSettings = ReservationRules & { customerTerms: Record<CustomerType, CustomerTerms> };

/** The settings row's columns that the rules take (`ReservationRules`); a hold reads them with its facts. */
export const rulesColumns = (({
  id: _id,
  lastReceiptNumber: _receipts,
  lastInvoiceNumber: _invoices,
  updatedAt: _updatedAt,
  ...columns
}) => columns)(getTableColumns(reservationSettings));

const { updatedAt: _termsUpdatedAt, ...termsColumns } = getTableColumns(customerTypeTerms);

/**
 * The admin's reservation settings with the customer types' terms, read once and then kept in memory (they change
 * when the admin saves them; every page of the calendar asks).
 */
const keptReservationSettings = keptPerDatabase(async (db): Promise<ReservationSettings> => {
  const [[settings], terms] = await Promise.all([
    db.select(rulesColumns).from(reservationSettings).where(eq(reservationSettings.id, 1)),
    db.select(termsColumns).from(customerTypeTerms),
  ]);
  if (!settings) throw new Error("reservation_settings has no row; the migrations insert it");
  const customerTerms = Object.fromEntries(terms.map((row) => [row.customerType, row]));
  return { ...settings, customerTerms: customerTerms as Record<CustomerType, CustomerTerms> };
});
export const getReservationSettings = keptReservationSettings.get;

/**
 * Forgets the kept settings (of every database), after a change here or on another instance. A read that was
 * under way keeps its answer to itself: it was stored in the map that is dropped here.
 */
export const forgetReservationSettings = keptReservationSettings.forget;
