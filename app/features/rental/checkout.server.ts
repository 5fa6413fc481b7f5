import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { dayClaims, orderLines, rentalBookings, type orders } from "~/db/schema";
import type { PaymentView, ReceiptView } from "~/features/orders/receipt";
import { balancePaidMessage, bookingConfirmationMessage } from "~/features/rental/messages";
import {
  confirmLaterPayment,
  nextDuePayment,
  paymentLabels,
  paymentsOf,
  type OrderPayment,
} from "~/features/orders/payments.server";
import type { CheckoutRequest, PaymentProvider } from "~/features/payment/provider.server";
import { contractAttachment } from "~/features/rental/contract.server";
import { vatRows } from "~/features/orders/vat-words";
import { documentLineLabel, receiptLineLabel } from "~/features/orders/line-labels";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Collaborators } from "~/lib/collaborators.server";
import type { SaleBusiness } from "~/features/orders/sales.server";
import { formatDateTime, formatMoney } from "~/lib/format";
import { daysSummary, formatDay } from "~/lib/days";
import { bookingsCalendar } from "./feeds.server";
import { confirmOrder, getOrder } from "./orders.server";
import type { RentalOrder } from "./rental-order.server";

type Order = typeof orders.$inferSelect;

/**
 * The receipt of a paid order, made from its lines (decision 031): number, business with CVR, each line with its
 * amount (a day's rent as its day), total and the moms in it by rate (decision 054). Its number and time are the
 * latest payment's (the balance's, once it is paid), so a page after a payment shows the receipt of the payment
 * just made. A hall order names the booker's address; a ticket order has none.
 */
export async function receiptOf(db: Database, order: Order & { bookerAddress?: string }): Promise<ReceiptView> {
  const settings = await getSiteSettings(db);
  const [lines, payments] = await Promise.all([linesOf(db, order.id), paymentsOf(db, order.id)]);
  const latest = latestPaid(payments);
  const paidAt = latest?.paidAt ?? order.paidAt;
  return {
    siteName: settings.siteName,
    business: {
      name: settings.businessName,
      address: `${settings.streetAddress}, ${settings.postalCode} ${settings.city}`,
      cvr: settings.cvr,
    },
    receiptNumber: latest?.receiptNumber ?? order.receiptNumber ?? 0,
    paidAt: paidAt ? formatDateTime(paidAt) : "",
    bookerName: order.bookerName,
    bookerAddress: order.bookerAddress ?? "",
    lines: lines.map((line) => ({ label: receiptLineLabel(line), price: formatMoney(line.totalOere) })),
    total: formatMoney(order.totalOere),
    vat: vatRows(lines),
    payments: payments.map(paymentView),
  };
}

/** The payment paid last, by its receipt number (the series only grows); none before the first is paid. */
function latestPaid(payments: OrderPayment[]) {
  return payments
    .filter((payment) => payment.receiptNumber !== null)
    .sort((a, b) => b.receiptNumber! - a.receiptNumber!)
    .at(0);
}

function linesOf(db: Database, orderId: string) {
  return db
    .select({
      day: orderLines.day,
      description: orderLines.description,
      quantity: orderLines.quantity,
      unitPriceOere: orderLines.unitPriceOere,
      totalOere: orderLines.totalOere,
      vatCategory: orderLines.vatCategory,
      vatRatePercent: orderLines.vatRatePercent,
      vatOere: orderLines.vatOere,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/** A payment of the plan as pages and mails show it. */
export function paymentView(payment: OrderPayment): PaymentView {
  return {
    label: paymentLabels[payment.kind],
    amount: formatMoney(payment.amountOere),
    due: formatDay(payment.dueDay),
    paid: payment.paidAt !== null,
    receiptNumber: payment.receiptNumber,
  };
}

/**
 * What the provider's page shows for one payment: paying everything, the order's lines; a depositum or a balance
 * (a hall order's, with its days), one line that says which, for what.
 */
export async function checkoutOf(
  db: Database,
  order: Order & { days?: string[] },
  payment: OrderPayment,
): Promise<CheckoutRequest> {
  const lines =
    payment.kind === "everything"
      ? (await linesOf(db, order.id)).map((line) => ({
          name: documentLineLabel(line),
          amountOere: line.totalOere,
        }))
      : [
          {
            name: `${paymentLabels[payment.kind]}: leje af salen, ${daysSummary(order.days ?? [])}`,
            amountOere: payment.amountOere,
          },
        ];
  return { orderId: order.id, paymentId: payment.id, amountOere: payment.amountOere, lines, email: order.bookerEmail };
}

/**
 * Starts paying the order's next due payment with the provider (the first books the days; a later one is the
 * balance); answers where to send the booker, or null when nothing is due.
 */
export async function startNextPayment(
  { db, provider, publicUrl }: { db: Database; provider: PaymentProvider; publicUrl: string },
  order: RentalOrder,
  cancelPath: string,
) {
  const payment = await nextDuePayment(db, order.id);
  if (!payment) return null;
  const { redirectTo } = await provider.startCheckout(await checkoutOf(db, order, payment), {
    success: `${publicUrl}/success?ordre=${order.id}`,
    cancel: `${publicUrl}${cancelPath}`,
    demo: `/betaling?ordre=${order.id}`,
  });
  return redirectTo;
}

type SettlementDependencies = Pick<Collaborators, "db" | "mailer" | "config" | "metrics" | "logger">;

/**
 * The hall's answer to the order core (decision 055): the first payment books the order's days
 * (`completePaidOrder`), a later one (the balance) is recorded and receipted; a booker's organisation, CVR and EAN
 * are its booking's (decision 060).
 */
export const rentalSale: SaleBusiness = {
  settlePayment: (deps, payment) =>
    payment.kind === "balance" ? completeLaterPayment(deps, payment.id) : completePaidOrder(deps, payment.orderId),
  async buyersOf(db, orderIds) {
    const buyers = await db
      .select({
        orderId: rentalBookings.orderId,
        organisation: rentalBookings.bookerOrganisation,
        cvr: rentalBookings.bookerCvr,
        ean: rentalBookings.bookerEan,
      })
      .from(rentalBookings)
      .where(inArray(rentalBookings.orderId, orderIds));
    return new Map(buyers.map(({ orderId, ...buyer }) => [orderId, buyer]));
  },
};

/** Records a paid balance and, the first time, mails its receipt. A mail that fails is logged, never undoes it. */
export async function completeLaterPayment(deps: SettlementDependencies, paymentId: string) {
  const { db, mailer, config, metrics, logger } = deps;
  const result = await confirmLaterPayment(db, paymentId);
  if (result.status !== "confirmed") return result;
  const order = await getOrder(db, result.orderId);
  if (!order) return result;
  metrics.payments.inc({ provider: order.provider, outcome: "confirmed" });
  try {
    const receipt = await receiptOf(db, order);
    await mailer.send(
      balancePaidMessage(order.bookerEmail, receipt, result.receiptNumber, `${config.PUBLIC_URL}/alle-reservationer`),
    );
  } catch (error) {
    logger.error({ err: error, paymentId }, "the receipt of a balance could not be sent");
  }
  return result;
}

/**
 * Confirms a paid order and, the first time, sends the confirmation with the receipt and an .ics. A mail that
 * fails is logged, never undoes the booking.
 */
export async function completePaidOrder(
  { db, mailer, config, metrics, logger }: SettlementDependencies,
  orderId: string,
) {
  const result = await confirmOrder(db, orderId);
  if (result.status !== "confirmed") return result;
  const order = await getOrder(db, orderId);
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
    const confirmation = bookingConfirmationMessage(
      order.bookerEmail,
      receipt,
      ics,
      `${config.PUBLIC_URL}/alle-reservationer`,
    );
    const contract = await contractAttachment(db, order.id);
    await mailer.send({ ...confirmation, attachments: [...(confirmation.attachments ?? []), ...contract] });
  } catch (error) {
    logger.error({ err: error, orderId }, "the booking confirmation could not be sent");
  }
  return result;
}
