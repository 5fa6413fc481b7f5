import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Mailer } from "~/features/email/mailer.server";
import { bookingCancelledMessage } from "~/features/email/messages";
import { getSiteSettings } from "~/features/site/settings.server";
import { dayBounds, formatDateLong } from "~/lib/format";
import type { Logger } from "pino";
import { cancelBooking } from "./reservation.server";

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
      const day = formatDateLong(dayBounds(result.day).start);
      await mailer.send(bookingCancelledMessage(siteName, person.email, person.name, day, reason));
    }
  } catch (error) {
    logger.error({ err: error }, "the cancellation e-mail could not be sent");
  }
  return result;
}
