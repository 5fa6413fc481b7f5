import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { calendarFeeds } from "~/db/schema";
import { getSiteSettings } from "~/features/site/settings.server";
import { icsCalendar } from "./ics";
import { getUserBookings } from "./orders.server";

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
  bookings: { claimId: string; day: string; receiptNumber?: number | null }[],
  nameSuffix = "",
) {
  const settings = await getSiteSettings(db);
  const host = new URL(publicUrl).hostname;
  return icsCalendar(
    `${settings.siteName}${nameSuffix}`,
    bookings.map((booking) => ({
      uid: `${booking.claimId}@${host}`,
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
  // The user's bookings come newest first; a feed lists the active ones from the first day on.
  const bookings = (await getUserBookings(db, feed.userId)).filter((booking) => booking.releasedAt === null);
  return bookingsCalendar(db, publicUrl, bookings.reverse(), ": mine reservationer");
}
