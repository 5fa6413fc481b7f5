import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { calendarFeeds, dayClaims, orders } from "~/db/schema";

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

/** The active bookings behind a feed token, or null for an unknown token. */
export async function feedBookings(db: Database, token: string) {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  if (!feed) return null;
  return db
    .select({ id: dayClaims.id, day: dayClaims.day, receiptNumber: orders.receiptNumber })
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .where(and(eq(dayClaims.userId, feed.userId), eq(dayClaims.kind, "booking"), isNull(dayClaims.releasedAt)))
    .orderBy(asc(dayClaims.day));
}
