import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { calendarFeeds, dayClaims, orders } from "~/db/schema";
import { getSiteSettings } from "~/features/site/settings.server";
import { icsCalendar } from "./ics";

/** The user's secret feed token, made on first use. */
export async function feedTokenOf(db: Database, userId: string) {
  const stored = () =>
    db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  const [existing] = await stored();
  if (existing) return existing.token;
  await db
    .insert(calendarFeeds)
    .values({ userId, token: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  return (await stored())[0]!.token;
}

/**
 * The booked days as an iCalendar file, for the confirmation mail and the personal feed (its name followed by
 * `nameSuffix`); the events' ids end in the site's host (from `publicUrl`), so calendars keep one event per booking.
 */
export async function bookingsCalendar(
  db: Database,
  publicUrl: string,
  bookings: { id: string; day: string; receiptNumber?: number | null }[],
  nameSuffix = "",
) {
  const settings = await getSiteSettings(db);
  const host = new URL(publicUrl).hostname;
  return icsCalendar(
    `${settings.siteName}${nameSuffix}`,
    bookings.map((booking) => ({
      uid: `${booking.id}@${host}`,
      day: booking.day,
      summary: `Leje af salen, ${settings.siteName}`,
      location: `${settings.streetAddress}, ${settings.postalCode} ${settings.city}`,
      description: booking.receiptNumber ? `Kvittering nr. ${booking.receiptNumber}` : undefined,
    })),
  );
}

/** The personal feed of a token (the active bookings behind it), or null for an unknown token. */
export async function feedCalendar(db: Database, publicUrl: string, token: string) {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  if (!feed) return null;
  const bookings = await db
    .select({ id: dayClaims.id, day: dayClaims.day, receiptNumber: orders.receiptNumber })
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .where(and(eq(dayClaims.userId, feed.userId), eq(dayClaims.kind, "booking"), isNull(dayClaims.releasedAt)))
    .orderBy(asc(dayClaims.day));
  return bookingsCalendar(db, publicUrl, bookings, ": mine reservationer");
}
