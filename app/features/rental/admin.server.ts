import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  blockedDates,
  customerTypeTerms,
  dayClaims,
  orderLines,
  orders,
  rentalBookings,
  reservationSettings,
} from "~/db/schema";
import { csvDocument, csvKroner } from "~/lib/csv";
import type { Freshness } from "~/lib/freshness";
import { claimedDayPriceOere, dayLineOfClaim } from "./rental-order.server";
import { addDays } from "~/lib/days";
import type { ReservationRules } from "./rules";
import type { CustomerTerms } from "./settings.server";

/**
 * All bookings between two days (inclusive), cancelled ones too, each at its order's price, for the admin's
 * overview and export.
 */
export async function listBookings(db: Database, range: { from: string; to: string }) {
  return db
    .select({
      claimId: dayClaims.id,
      day: dayClaims.day,
      priceOere: claimedDayPriceOere,
      bookerName: sql<string>`coalesce(${orders.bookerName}, '')`,
      bookerEmail: sql<string>`coalesce(${orders.bookerEmail}, '')`,
      bookerAddress: sql<string>`coalesce(${rentalBookings.bookerAddress}, ${dayClaims.title})`,
      bookerPhone: sql<string>`coalesce(${orders.bookerPhone}, '')`,
      receiptNumber: orders.receiptNumber,
      userId: dayClaims.userId,
      /** Set for a cancelled booking: the admin sees that its amount is to be refunded. */
      cancelledAt: dayClaims.releasedAt,
      cancelReason: dayClaims.releaseReason,
    })
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(rentalBookings, eq(rentalBookings.orderId, dayClaims.orderId))
    .leftJoin(orderLines, dayLineOfClaim)
    .where(and(eq(dayClaims.kind, "booking"), gte(dayClaims.day, range.from), lte(dayClaims.day, range.to)))
    .orderBy(asc(dayClaims.day), asc(dayClaims.createdAt));
}

export type BookingRow = Awaited<ReturnType<typeof listBookings>>[number];

/** The bookings as CSV the Danish way (`csvDocument`). */
export function bookingsCsv(rows: BookingRow[]) {
  const header = ["Dato", "Navn", "E-mail", "Adresse", "Telefon", "Beløb (kr.)", "Kvittering", "Status"];
  return csvDocument(
    header,
    rows.map((row) => [
      row.day,
      row.bookerName,
      row.bookerEmail,
      row.bookerAddress,
      row.bookerPhone,
      csvKroner(row.priceOere),
      row.receiptNumber ? String(row.receiptNumber) : "",
      row.cancelledAt ? `Afbestilt: ${row.cancelReason ?? ""}` : "Reserveret",
    ]),
  );
}

export async function updateReservationSettings(
  { db, freshness }: { db: Database; freshness: Freshness },
  settings: Partial<ReservationRules>,
  terms: CustomerTerms[] = [],
) {
  await db.transaction(async (tx) => {
    if (Object.keys(settings).length > 0) {
      await tx.update(reservationSettings).set(settings).where(eq(reservationSettings.id, 1));
    }
    for (const { customerType, ...term } of terms) {
      await tx.update(customerTypeTerms).set(term).where(eq(customerTypeTerms.customerType, customerType));
    }
  });
  await freshness.changed("settings");
}

/** The end-to-end tests' shortcut to a hold that runs out while they watch (`/_test/hold-tid`). */
export const setHoldSeconds = (deps: { db: Database; freshness: Freshness }, holdSeconds: number) =>
  updateReservationSettings(deps, { holdSeconds });

/**
 * The end-to-end tests' shortcut to a booking whose event is over (`/_test/forbi`): its days (its day lines, and
 * its claims with them) move `days` back, weekdays kept, so the admin settles its deposit by the real clock. Days
 * that far back are nobody else's.
 */
export async function moveBookingBack(db: Database, orderId: string, days: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(dayClaims)
      .set({ day: sql`${dayClaims.day} - ${days}::int` })
      .where(eq(dayClaims.orderId, orderId));
    await tx
      .update(orderLines)
      .set({ day: sql`${orderLines.day} - ${days}::int` })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, "day")));
  });
}

export async function getBlockedDates(db: Database, from: string) {
  return db.select().from(blockedDates).where(gte(blockedDates.day, from)).orderBy(asc(blockedDates.day));
}

/** Blocks each day of a range (skipping days already blocked); answers how many were added. */
export async function blockDays(db: Database, range: { from: string; to: string }, title: string) {
  const days: { day: string; title: string }[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push({ day, title });
  if (days.length === 0) return 0;
  const added = await db.insert(blockedDates).values(days).onConflictDoNothing().returning({ day: blockedDates.day });
  return added.length;
}

export async function unblockDay(db: Database, day: string) {
  const removed = await db.delete(blockedDates).where(eq(blockedDates.day, day)).returning({ day: blockedDates.day });
  return removed.length > 0;
}
