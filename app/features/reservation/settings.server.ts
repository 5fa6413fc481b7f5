import { eq, getTableColumns } from "drizzle-orm";
import { reservationSettings } from "~/db/schema";
import { keptPerDatabase } from "~/lib/kept-per-database.server";
import type { ReservationRules } from "./rules";

/** The settings row's columns that the rules take (`ReservationRules`); a hold reads them with its facts. */
export const rulesColumns = (({ id: _id, lastReceiptNumber: _counter, updatedAt: _updatedAt, ...columns }) => columns)(
  getTableColumns(reservationSettings),
);

/**
 * The admin's reservation settings, read once and then kept in memory (they change when the admin saves them;
 * every page of the calendar asks).
 */
const keptReservationSettings = keptPerDatabase(async (db): Promise<ReservationRules> => {
  const [settings] = await db.select(rulesColumns).from(reservationSettings).where(eq(reservationSettings.id, 1));
  if (!settings) throw new Error("reservation_settings has no row; the migrations insert it");
  return settings;
});
export const getReservationSettings = keptReservationSettings.get;

/**
 * Forgets the kept settings (of every database), after a change here or on another instance. A read that was
 * under way keeps its answer to itself: it was stored in the map that is dropped here.
 */
export const forgetReservationSettings = keptReservationSettings.forget;
