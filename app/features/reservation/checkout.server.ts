import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { dayClaims, orderLines, orders } from "~/db/schema";
import { bookingConfirmationMessage, type ReceiptView } from "~/features/email/messages";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Collaborators } from "~/lib/collaborators.server";
import { formatDateTime, formatMoney } from "~/lib/format";
import { formatDay } from "./days";
import { bookingsCalendar } from "./feeds.server";
import { confirmOrder } from "./orders.server";

export type Order = typeof orders.$inferSelect;

/**
 * The receipt of a paid order, made from its lines (decision 031): number, business with CVR, each line with its
 * amount (a day's rent as its day), total and the moms in it.
 */
export async function receiptOf(db: Database, order: Order): Promise<ReceiptView> {
  const settings = await getSiteSettings(db);
  const lines = await db
    .select({ day: orderLines.day, description: orderLines.description, totalOere: orderLines.totalOere })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
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
    lines: lines.map((line) => ({
      label: line.day ? formatDay(line.day).replace(/^./, (first) => first.toUpperCase()) : line.description,
      price: formatMoney(line.totalOere),
    })),
    total: formatMoney(order.totalOere),
    vat: formatMoney(order.vatOere),
  };
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
      .select({ claimId: dayClaims.id, day: dayClaims.day })
      .from(dayClaims)
      .where(eq(dayClaims.orderId, order.id));
    const ics = await bookingsCalendar(
      db,
      config.PUBLIC_URL,
      claims.map((claim) => ({ ...claim, receiptNumber: order.receiptNumber })),
    );
    await mailer.send(
      bookingConfirmationMessage(order.bookerEmail, receipt, ics, `${config.PUBLIC_URL}/alle-reservationer`),
    );
  } catch (error) {
    logger.error({ err: error, orderId }, "the booking confirmation could not be sent");
  }
  return result;
}
