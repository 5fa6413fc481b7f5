import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { dayClaims, users } from "~/db/schema";
import type { Mailer } from "~/features/email/mailer.server";
import { bookingCancelledMessage } from "~/features/rental/messages";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Logger } from "pino";
import type { AccountPart } from "~/features/accounts/account-parts.server";
import { formatDay, todayInCopenhagen } from "~/lib/days";
import { cancellationRefusal, hasBegun, type CancelRefusal } from "./rules";
import { rentalBookingsOf } from "./rental-order.server";
import { getReservationSettings } from "./settings.server";

/**
 * The admin cancels a booked day (a water damage, a double booking made by phone); the day is free at once, until
 * the day itself (`cancellationRefusal`). A booker cancels a whole booking by the tiers instead
 * (`rental/order-cancellation.server.ts`).
 */
export async function cancelBooking(
  db: Database,
  claimId: string,
  options: { reason: string; now?: Date },
): Promise<
  | { ok: true; day: string; orderId: string | null; userId: string | null }
  | { ok: false; reason: CancelRefusal | "not-found" }
> {
  const now = options.now ?? new Date();
  const settings = await getReservationSettings(db);
  const [claim] = await db
    .select()
    .from(dayClaims)
    .where(and(eq(dayClaims.id, claimId), eq(dayClaims.kind, "booking"), isNull(dayClaims.releasedAt)));
  if (!claim) return { ok: false, reason: "not-found" };
  const refusal = cancellationRefusal(claim.day, {
    today: todayInCopenhagen(now),
    cancellationDays: settings.cancellationDays,
    byAdmin: true,
  });
  if (refusal) return { ok: false, reason: refusal };
  const released = await db
    .update(dayClaims)
    .set({ releasedAt: now, releaseReason: options.reason })
    .where(and(eq(dayClaims.id, claimId), isNull(dayClaims.releasedAt)))
    .returning({ id: dayClaims.id });
  if (released.length === 0) return { ok: false, reason: "not-found" };
  return { ok: true, day: claim.day, orderId: claim.orderId, userId: claim.userId };
}

/**
 * The hall's part of an account (decision 055): what only its hall orders have, in its data export (their lines,
 * payments and receipts are the core's `orders`); a deleted account's days are freed.
 */
export const reservationAccountPart: AccountPart = {
  exportData: async (db, account) => ({ rentalBookings: await rentalBookingsOf(db, account.id) }),
  beforeDelete: (db, account) => releaseClaimsOfDeletedUser(db, account.id),
};

/**
 * When an account is deleted: its basket is emptied and its future bookings are cancelled, so the days are
 * free again. Past bookings stay (without the account) for the bookkeeping.
 */
export async function releaseClaimsOfDeletedUser(db: Database, userId: string, now = new Date()) {
  const today = todayInCopenhagen(now);
  await db.transaction(async (tx) => {
    await tx.delete(dayClaims).where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold")));
    const bookings = await tx
      .select({ id: dayClaims.id, day: dayClaims.day })
      .from(dayClaims)
      .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "booking"), isNull(dayClaims.releasedAt)));
    const future = bookings.filter((booking) => !hasBegun(booking.day, today)).map((booking) => booking.id);
    if (future.length === 0) return;
    await tx
      .update(dayClaims)
      .set({ releasedAt: now, releaseReason: "Kontoen er slettet" })
      .where(inArray(dayClaims.id, future));
  });
}

/**
 * The admin cancels a booking: the day is free at once, and the booker hears why at the account's own e-mail
 * (which only a verified change can alter). A mail that cannot be queued does not undo the cancellation.
 */
export async function cancelBookingAndNotify(
  db: Database,
  { mailer, logger }: { mailer: Mailer; logger: Logger },
  claimId: string,
  reason: string,
) {
  const result = await cancelBooking(db, claimId, { reason });
  if (!result.ok || !result.userId) return result;
  try {
    const [[person], { siteName }] = await Promise.all([
      db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, result.userId)),
      getSiteSettings(db),
    ]);
    if (person) {
      const day = formatDay(result.day);
      await mailer.send(bookingCancelledMessage(siteName, person.email, person.name, day, reason));
    }
  } catch (error) {
    logger.error({ err: error }, "the cancellation e-mail could not be sent");
  }
  return result;
}
