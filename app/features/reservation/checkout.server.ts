import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { dayClaims, orders } from "~/db/schema";
import { bookingConfirmationMessage, type ReceiptView } from "~/features/email/messages";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Collaborators } from "~/lib/collaborators.server";
import { formatDateTime, formatMoney } from "~/lib/format";
import { formatDay } from "./days";
import { icsCalendar } from "./ics";
import { confirmOrder } from "./orders.server";

export type Order = typeof orders.$inferSelect;

/** The receipt of a paid order: number, business with CVR, the days with prices, total and the moms in it. */
export async function receiptOf(db: Database, order: Order): Promise<ReceiptView> {
  const settings = await getSiteSettings(db);
  const claims = await db
    .select({ day: dayClaims.day, priceOere: dayClaims.priceOere })
    .from(dayClaims)
    .where(and(eq(dayClaims.orderId, order.id), inArray(dayClaims.day, order.days)));
  const priceByDay = new Map(claims.map((claim) => [claim.day, claim.priceOere]));
  return {
    siteName: settings.siteName,
    business: {
      name: settings.businessName,
      address: `${settings.streetAddress}, ${settings.postalCode} ${settings.city}`,
      cvr: settings.cvr,
    },
    receiptNumber: order.receiptNumber ?? 0,
    paidAt: order.paidAt ? formatDateTime(order.paidAt) : "",
    bookerName: order.bookerName,
    bookerAddress: order.bookerAddress,
    days: [...order.days].sort().map((day) => ({
      label: capitalise(formatDay(day)),
      price: formatMoney(priceByDay.get(day) ?? 0),
    })),
    total: formatMoney(order.totalOere),
    vat: formatMoney(order.vatOere),
  };
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The booked days as calendar events, for the confirmation mail and the personal feed; their ids end in the
 * site's host (from `publicUrl`), so calendars keep one event per booking.
 */
export function bookingEvents(
  publicUrl: string,
  siteName: string,
  location: string,
  bookings: { id: string; day: string; receiptNumber?: number | null }[],
) {
  const host = new URL(publicUrl).hostname;
  return bookings.map((booking) => ({
    uid: `${booking.id}@${host}`,
    day: booking.day,
    summary: `Leje af salen, ${siteName}`,
    location,
    description: booking.receiptNumber ? `Kvittering nr. ${booking.receiptNumber}` : undefined,
  }));
}

/**
 * Confirms a paid order and, the first time, sends the confirmation with the receipt and an .ics. A mail that
 * fails is logged, never undoes the booking.
 */
export async function completePaidOrder(
  { db, mailer, config, metrics, logger }: Pick<Collaborators, "db" | "mailer" | "config" | "metrics" | "logger">,
  orderId: string,
) {
  const result = await confirmOrder(db, orderId);
  if (result.status !== "confirmed") return result;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return result;
  metrics.bookings.inc();
  metrics.bookedDays.inc(order.days.length);
  metrics.payments.inc({ provider: order.provider, outcome: "confirmed" });
  try {
    const receipt = await receiptOf(db, order);
    const claims = await db
      .select({ id: dayClaims.id, day: dayClaims.day })
      .from(dayClaims)
      .where(eq(dayClaims.orderId, order.id));
    const ics = icsCalendar(
      receipt.siteName,
      bookingEvents(
        config.PUBLIC_URL,
        receipt.siteName,
        receipt.business.address,
        claims.map((claim) => ({ ...claim, receiptNumber: order.receiptNumber })),
      ),
    );
    await mailer.send(
      bookingConfirmationMessage(order.bookerEmail, receipt, ics, `${config.PUBLIC_URL}/alle-reservationer`),
    );
  } catch (error) {
    logger.error({ err: error, orderId }, "the booking confirmation could not be sent");
  }
  return result;
}
