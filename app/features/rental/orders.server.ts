import { and, desc, eq, inArray } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { baskets, blockedDates, dayClaims, orderLines, orders, profiles, rentalBookings, users } from "~/db/schema";
import type { BookerDetails } from "~/features/rental/booker-details";
import type { AddOnSelection } from "~/db/schema/values/rental";
import { addOnLines, chosenAddOns, noAddOns } from "~/features/rental/add-ons";
import { offeredAddOns } from "~/features/rental/add-ons.server";
import { bookOnInvoice } from "~/features/invoices/invoices.server";
import { mayPayOnInvoice } from "~/features/invoices/invoices";
import { recordContractAcceptance } from "~/features/rental/contract.server";
import type { BookingMode, CustomerType } from "~/features/rental/customer-types";
import type { PaymentProvider } from "~/features/payment/provider.server";
import {
  asHold,
  dropClosedHolds,
  holdsOf,
  idsOf,
  nearOthers,
  selectJudgedClaims,
  takeBufferTurn,
  type ClosedDay,
} from "./holds.server";
import { orderTotals, pricedLine } from "~/features/orders/money";
import type { VatCategory } from "~/features/orders/vat";
import { rentVatCategory } from "~/features/rental/vat";
import { countsTowardBasket, holdStatus, orderHoldExpiresAt, paymentOutcome } from "./rules";
import { formatDay } from "~/lib/days";
import { markPaid, nextDuePayment, planPayments, takeReceiptNumber } from "~/features/orders/payments.server";
import type { paymentTermsOf } from "~/features/rental/payment-plan";
import { orderPaymentPlan } from "~/features/rental/order-payment-plan.server";
import { getReservationSettings } from "./settings.server";
import { claimedDayPriceOere, dayLineOfClaim, selectRentalOrders } from "./rental-order.server";

/** A day's rent as an order line (decision 031), at the price its hold fixed, with the rent's moms (decision 054). */
function dayRentLine(priceOere: number, vatCategory: VatCategory) {
  return pricedLine({
    kind: "day" as const,
    description: "Leje af salen",
    quantity: 1,
    unitPriceOere: priceOere,
    vatCategory,
  });
}

/** The security deposit the admin asks, as the order's last line: no sale, so no moms (decision 032). */
function securityDepositLines(amountOere: number) {
  if (amountOere === 0) return [];
  const line = pricedLine({
    kind: "security-deposit" as const,
    description: "Sikkerhedsdepositum, betales tilbage efter lejen",
    quantity: 1,
    unitPriceOere: amountOere,
    vatCategory: "outside-scope",
  });
  return [{ ...line, day: null }];
}

export type OrderResult =
  | { ok: true; orderId: string; closed: ClosedDay[] }
  | { ok: false; reason: "no-address" | "not-verified" | "customer-type-changed" | "invoice-not-allowed" }
  | { ok: false; reason: "not-bookable"; customerType: CustomerType; mode: BookingMode }
  | { ok: false; reason: "empty"; closed: ClosedDay[] };

/**
 * Turns the basket into an order waiting for payment: the days, the booker's details and the amounts are
 * fixed now; the holds get the order and a fresh hold time for the payment step, as long as the provider's
 * checkout needs. A day the admin has blocked since it went into the basket is left out (and answered in
 * `closed`); the other days go on. The booker's `details` are for the basket's customer type, which must book
 * directly; a type changed since the details were checked is refused. The chosen `addOns`, and those the type
 * must take, become lines after the days, at the prices offered now.
 *
 * With a `request`, for a type that books by request, the order is a request (forespørgsel) instead: no payment
 * plan yet, and its days held until the admin's answer is due (`requestDays`), out of the basket.
 */
export async function createOrder(
  db: Database,
  userId: string,
  provider: Pick<PaymentProvider, "name" | "checkoutSessionSeconds">,
  now = new Date(),
  {
    details = { customerType: "privat" },
    addOns = noAddOns,
    request,
    onInvoice = false,
    contractAccepted,
  }: BookingChoice = {},
): Promise<OrderResult> {
  const [settings, offered] = await Promise.all([getReservationSettings(db), offeredAddOns(db)]);
  const { customerType } = details;
  const mode = settings.customerTerms[customerType].bookingMode;
  if (mode !== (request ? "request" : "direct")) return { ok: false, reason: "not-bookable", customerType, mode };
  if (onInvoice && !mayPayOnInvoice(settings, customerType)) return { ok: false, reason: "invoice-not-allowed" };
  const [person] = await db
    .select({
      name: users.name,
      email: users.email,
      verified: users.emailVerified,
      address: profiles.address,
      phone: profiles.phone,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!person?.verified) return { ok: false, reason: "not-verified" };
  if (!person.address) return { ok: false, reason: "no-address" };
  const address = person.address;

  const answerBy = addDaysTo(now, settings.requestDays);
  return db.transaction(async (tx): Promise<OrderResult> => {
    const [basket] = await tx
      .select({ customerType: baskets.customerType })
      .from(baskets)
      .where(eq(baskets.userId, userId))
      .for("update");
    if ((basket?.customerType ?? "privat") !== customerType) return { ok: false, reason: "customer-type-changed" };
    const holds = (await holdsOf(tx, userId).for("update", { of: dayClaims })).map(asHold);
    const closed = await dropClosedHolds(tx, holds, now);
    const running = holds.filter((hold) => countsTowardBasket(hold, now));
    if (running.length === 0) return { ok: false, reason: "empty", closed };
    // An earlier checkout the user left is replaced by this one; if it is paid after all, it is refunded.
    await tx
      .update(orders)
      .set({ status: "cancelled", failureReason: "Erstattet af en nyere bestilling." })
      .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
    const rentVat = rentVatCategory(settings, customerType);
    const lines = [
      ...running.map((hold) => ({ ...dayRentLine(hold.priceOere, rentVat), day: hold.day })),
      ...addOnLines(chosenAddOns(offered, addOns, customerType), addOns, running.length, rentVat).map((line) => ({
        ...pricedLine(line),
        day: null,
      })),
      // An invoice is its payer's guarantee: a company or an institution paying on invoice pays no deposit.
      ...(onInvoice ? [] : securityDepositLines(settings.securityDepositOere)),
    ];
    const { totalOere, vatOere } = orderTotals(lines);
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        bookerName: person.name,
        bookerEmail: person.email,
        bookerPhone: person.phone ?? "",
        totalOere,
        vatOere,
        provider: provider.name,
        ...(request && { status: "requested" as const }),
      })
      .returning({ id: orders.id });
    await tx.insert(rentalBookings).values({
      orderId: order!.id,
      bookerAddress: address,
      customerType,
      bookerOrganisation: "organisation" in details ? details.organisation : null,
      bookerCvr: "cvr" in details ? details.cvr : null,
      bookerEan: "ean" in details ? details.ean : null,
      bookerReference: "reference" in details ? details.reference : null,
      ...(request && { ...request, answerBy }),
    });
    // The day lines are the order's days (decision 060); its claims only keep them off others' calendars meanwhile.
    await tx.insert(orderLines).values(lines.map((line, position) => ({ ...line, orderId: order!.id, position })));
    await tx
      .update(dayClaims)
      .set({
        orderId: order!.id,
        title: address,
        expiresAt: request ? answerBy : orderHoldExpiresAt(now, settings, provider.checkoutSessionSeconds),
      })
      .where(inArray(dayClaims.id, idsOf(running)));
    if (onInvoice) await bookOnInvoice(tx, order!.id, settings, now);
    else if (!request) await planOrderPayments(tx, order!.id, settings, now);
    if (contractAccepted) await recordContractAcceptance(tx, order!.id, userId, now);
    return { ok: true, orderId: order!.id, closed };
  });
}

/**
 * What the booker chose besides the days: their details, add-ons, for a request its own words, and whether a
 * company or an institution pays on invoice (booked at once, paid by the invoice's due day).
 */
export interface BookingChoice {
  details?: BookerDetails;
  addOns?: AddOnSelection;
  request?: { guests: number; purpose: string; message: string };
  onInvoice?: boolean;
  /** The booker ticked "Jeg har læst og accepterer lejekontrakten": the contract is recorded with the order. */
  contractAccepted?: boolean;
}

/** The instant some whole days after another (an answer due in three days, say). */
export const addDaysTo = (instant: Date, days: number) => new Date(instant.getTime() + days * 24 * 60 * 60 * 1000);

/**
 * Writes an order's payment plan (`paymentPlan`) by the admin's terms as they are now: at checkout, or when an
 * offer is accepted. The plan is of the order's lines and first day.
 */
export async function planOrderPayments(
  db: Database,
  orderId: string,
  settings: Parameters<typeof paymentTermsOf>[0],
  now: Date,
) {
  await planPayments(db, orderId, await orderPaymentPlan(db, orderId, settings, now));
}

export type ConfirmResult =
  | { status: "confirmed"; receiptNumber: number }
  | { status: "already-paid"; receiptNumber: number }
  | { status: "failed"; reason: "days-gone" | "not-pending" | "not-found" }
  | { status: "failed"; reason: "day-closed"; failureReason: string };

/**
 * Confirms a paid order: its holds become bookings and it gets the next receipt number, all in one
 * transaction, or, when the rules say the payment gets nothing (`paymentOutcome`: a day blocked meanwhile, or
 * a hold that ran out and lost its day to someone else), nothing is booked and the order is marked failed
 * with the reason. Confirming twice is harmless.
 */
export async function confirmOrder(db: Database, orderId: string, now = new Date()): Promise<ConfirmResult> {
  return db.transaction(async (tx): Promise<ConfirmResult> => {
    const [order] = await selectRentalOrders(tx).where(eq(orders.id, orderId)).for("update", { of: orders });
    if (!order) return { status: "failed", reason: "not-found" };
    if (order.status === "paid") return { status: "already-paid", receiptNumber: order.receiptNumber! };
    if (order.status !== "pending") return { status: "failed", reason: "not-pending" };
    // Locked, so a hold that ran out cannot be given to someone else while it is being booked.
    const holds = await selectJudgedClaims(
      tx,
      and(eq(dayClaims.orderId, orderId), eq(dayClaims.kind, "hold"), inArray(dayClaims.day, order.days)),
    ).for("update", { of: dayClaims });
    const blocked = await tx
      .select({ day: blockedDates.day, title: blockedDates.title })
      .from(blockedDates)
      .where(inArray(blockedDates.day, order.days));
    // A hold that lapsed may find a day beside it taken by someone else since: with buffer days, it is gone too.
    const { bufferDays } = await getReservationSettings(tx);
    if (bufferDays > 0 && order.userId) {
      await takeBufferTurn(tx);
      for (const day of order.days) {
        if (await nearOthers(tx, order.userId, day, bufferDays, now)) {
          const failureReason = "En dag ved siden af blev optaget, før betalingen blev gennemført.";
          await tx.update(orders).set({ status: "failed", failureReason }).where(eq(orders.id, orderId));
          return { status: "failed", reason: "days-gone" };
        }
      }
    }
    const outcome = paymentOutcome(
      order.days,
      holds.map((hold) => ({ day: hold.day, status: holdStatus(asHold(hold), now) })),
      new Map(blocked.map((entry) => [entry.day, entry.title])),
    );
    if (!outcome.ok) {
      const failureReason =
        outcome.reason === "day-closed"
          ? `Lukket: ${outcome.blockedTitle} (${formatDay(outcome.day)}).`
          : "En eller flere dage blev optaget, før betalingen blev gennemført.";
      await tx.update(orders).set({ status: "failed", failureReason }).where(eq(orders.id, orderId));
      return outcome.reason === "day-closed"
        ? { status: "failed", reason: "day-closed", failureReason }
        : { status: "failed", reason: "days-gone" };
    }
    await tx
      .update(dayClaims)
      .set({ kind: "booking", expiresAt: null })
      .where(inArray(dayClaims.id, idsOf(holds)));
    const receiptNumber = await takeReceiptNumber(tx);
    await tx.update(orders).set({ status: "paid", paidAt: now, receiptNumber }).where(eq(orders.id, orderId));
    // The first payment of the plan (everything, or the depositum) is the one that books; its receipt is the order's.
    const first = await nextDuePayment(tx, orderId);
    if (first) await markPaid(tx, first.id, receiptNumber, now);
    return { status: "confirmed", receiptNumber };
  });
}

/** A hall order with its booking's facts and days (`selectRentalOrders`), or null (a ticket order is none). */
export async function getOrder(db: Database, orderId: string) {
  const [order] = await selectRentalOrders(db).where(eq(orders.id, orderId));
  return order ?? null;
}

/** The user's own hall order, by its id as it came (the address or a form); anything else is not found (404). */
export async function requireOwnOrder(db: Database, userId: string, id: unknown) {
  const parsed = z.uuid().safeParse(id);
  const order = parsed.success ? await getOrder(db, parsed.data) : null;
  if (!order || order.userId !== userId) throw data(null, { status: 404 });
  return order;
}

/** The user's booked days, newest first, each at its order's price (`claimedDayPriceOere`), with the receipt. */
export async function getUserBookings(db: Database, userId: string) {
  return db
    .select({
      claimId: dayClaims.id,
      day: dayClaims.day,
      priceOere: claimedDayPriceOere,
      releasedAt: dayClaims.releasedAt,
      orderId: dayClaims.orderId,
      receiptNumber: orders.receiptNumber,
    })
    .from(dayClaims)
    .leftJoin(orders, eq(orders.id, dayClaims.orderId))
    .leftJoin(orderLines, dayLineOfClaim)
    .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "booking")))
    .orderBy(desc(dayClaims.day));
}
