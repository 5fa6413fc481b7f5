import { and, asc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { dayClaims, orderLines, orders, rentalBookings } from "~/db/schema";
import type { Mailer } from "~/features/email/mailer.server";
import type { MailOutbox } from "~/features/email/outbox.server";
import {
  newRequestMessage,
  offerMessage,
  requestDeclinedMessage,
  requestExpiredMessage,
  requestReceivedMessage,
} from "./messages";
import { orderTotals, pricedLine } from "~/features/orders/money";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { daysSummary, formatDay } from "~/lib/days";
import { calendarDays } from "~/features/rental/calendar.server";
import {
  addDaysTo,
  createOrder,
  getOrder,
  planOrderPayments,
  type BookingChoice,
  type OrderResult,
} from "~/features/rental/orders.server";
import { orderHoldExpiresAt } from "~/features/rental/rules";
import { getReservationSettings } from "~/features/rental/settings.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { recordContractAcceptance } from "./contract.server";
import { deleteHolds } from "./holds.server";
import { daysOfOrder, selectRentalOrders, type RentalOrder } from "./rental-order.server";
import { formatDateTime, formatMoney } from "~/lib/format";

/**
 * Requests (forespørgsler) and offers (tilbud), issue 35: a customer type that books by request sends its days,
 * add-ons and words; the days are held, out of the basket, until the admin's answer is due. The admin approves (an
 * offer, its lines adjusted or added to), declines with a reason, or lets it run out; the booker accepts the offer
 * and pays, or declines it. Each step is one conditional update of the order's status, so two answers at once make
 * one; a request or an offer not answered in time expires by the job, and its days are free again.
 */

type Deps = { db: Database; mailer: Mailer; publicUrl: string };

async function mailView(db: Database, order: RentalOrder) {
  const { siteName, email } = await getSiteSettings(db);
  return {
    venueEmail: email,
    view: {
      siteName,
      name: order.bookerName,
      days: daysSummary(order.days),
      total: formatMoney(order.totalOere),
      answerBy: order.answerBy ? formatDateTime(order.answerBy) : "",
    },
  };
}

/** Sends the basket as a request: the order, then a mail to the booker and one to the venue. */
export async function sendRequest(
  { db, mailer, publicUrl, provider }: Deps & { provider: Pick<PaymentProvider, "name"> | null },
  userId: string,
  choice: BookingChoice,
  now = new Date(),
): Promise<OrderResult> {
  const result = await createOrder(
    db,
    userId,
    { name: provider?.name ?? "demo", checkoutSessionSeconds: 0 },
    now,
    choice,
  );
  if (!result.ok) return result;
  const order = await getOrder(db, result.orderId);
  const { venueEmail, view } = await mailView(db, order!);
  await mailer.send(requestReceivedMessage(order!.bookerEmail, view, `${publicUrl}/alle-reservationer`));
  const booker = order!.bookerOrganisation ? `${order!.bookerOrganisation} (${order!.bookerName})` : order!.bookerName;
  await mailer.send(
    newRequestMessage(venueEmail, { ...view, booker, purpose: order!.purpose ?? "" }, `${publicUrl}/forespoergsler`),
  );
  return result;
}

/** The requests and offers still open, the soonest due first, each with its lines: the admin's list. */
export async function openRequests(db: Database) {
  const open = await selectRentalOrders(db)
    .where(inArray(orders.status, ["requested", "offered"]))
    .orderBy(asc(rentalBookings.answerBy));
  const ids = open.map((order) => order.id);
  const lines = ids.length
    ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position))
    : [];
  return open.map((order) => ({ ...order, lines: lines.filter((line) => line.orderId === order.id) }));
}

/** Sets the days of an order held until `until` (a request's answer, an offer's, a checkout's). */
function holdDaysUntil(db: Database, orderId: string, until: Date) {
  return db
    .update(dayClaims)
    .set({ expiresAt: until })
    .where(and(eq(dayClaims.orderId, orderId), eq(dayClaims.kind, "hold"), isNull(dayClaims.releasedAt)));
}

/** Frees the days an order holds. */
const releaseDays = (db: Database, orderId: string) => deleteHolds(db, eq(dayClaims.orderId, orderId));

/** What the admin's approval may change: lines' prices (by id, with moms), one line of their own, a note. */
export interface OfferChanges {
  prices: Record<string, number>;
  custom: { description: string; amountOere: number } | null;
  note: string | null;
}

export type AnswerResult = { ok: true } | { ok: false; reason: "already-answered" };

/**
 * Approves a request as an offer the booker has `offerDays` to accept, with the admin's changes; its days are
 * held as long. Only a request still open and not run out: two admins approving at once make one offer.
 */
export async function approveRequest(
  { db, mailer, publicUrl }: Deps,
  orderId: string,
  changes: OfferChanges,
  now = new Date(),
): Promise<AnswerResult> {
  const settings = await getReservationSettings(db);
  const answerBy = addDaysTo(now, settings.offerDays);
  const offered = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: "offered" })
      .from(rentalBookings)
      .where(and(eq(orders.id, orderId), eq(orders.status, "requested"), answerOpen(now)))
      .returning({ id: orders.id });
    if (!order) return null;
    await recordAnswer(tx, orderId, { answer: changes.note, answeredAt: now, answerBy });
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    for (const line of lines) {
      const price = changes.prices[line.id];
      if (price === undefined || price === line.unitPriceOere) continue;
      const priced = pricedLine({ ...line, unitPriceOere: price });
      await tx
        .update(orderLines)
        .set({
          unitPriceOere: price,
          totalOere: priced.totalOere,
          vatRatePercent: priced.vatRatePercent,
          vatOere: priced.vatOere,
        })
        .where(eq(orderLines.id, line.id));
    }
    if (changes.custom) {
      const { description, amountOere } = changes.custom;
      // The admin's own line is a service sold with the rent (decision 054).
      const priced = pricedLine({
        kind: "custom" as const,
        description,
        quantity: 1,
        unitPriceOere: amountOere,
        vatCategory: "standard",
      });
      const position = Math.max(-1, ...lines.map((line) => line.position)) + 1;
      await tx.insert(orderLines).values({ ...priced, orderId, position });
    }
    const all = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const { totalOere, vatOere } = orderTotals(all);
    await tx.update(orders).set({ totalOere, vatOere }).where(eq(orders.id, orderId));
    await holdDaysUntil(tx, orderId, answerBy);
    return (await getOrder(tx, orderId))!;
  });
  if (!offered) return { ok: false, reason: "already-answered" };
  const { view } = await mailView(db, offered);
  await mailer.send(
    offerMessage(offered.bookerEmail, { ...view, note: changes.note }, `${publicUrl}/tilbud/${offered.id}`),
  );
  return { ok: true };
}

/**
 * Declines an open request (or withdraws an offer) with a reason the booker reads; its days are free at once. The
 * admin may propose other days instead: each must be free now (they are proposed, not held), and the booker is sent
 * to the calendar to ask for them.
 */
export async function declineRequest(
  { db, mailer, publicUrl }: Deps,
  orderId: string,
  reason: string,
  now = new Date(),
  proposedDays: string[] = [],
): Promise<AnswerResult | { ok: false; reason: "day-not-free"; day: string }> {
  for (const day of proposedDays) {
    const [view] = await calendarDays(db, { from: day, to: day }, null, now);
    if (view?.state !== "free") return { ok: false, reason: "day-not-free", day };
  }
  const declined = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: "declined" })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ["requested", "offered"])))
      .returning({ id: orders.id });
    if (!order) return null;
    await recordAnswer(tx, orderId, { answer: reason, answeredAt: now });
    await releaseDays(tx, orderId);
    return getOrder(tx, orderId);
  });
  if (!declined) return { ok: false, reason: "already-answered" };
  const { view } = await mailView(db, declined);
  const calendar = `${publicUrl}/reservation${proposedDays[0] ? `?maaned=${proposedDays[0].slice(0, 7)}` : ""}`;
  const proposed = proposedDays.map(formatDay);
  await mailer.send(requestDeclinedMessage(declined.bookerEmail, view, reason, proposed, calendar));
  return { ok: true };
}

export type OfferAnswer = { ok: true } | { ok: false; reason: "not-found" | "expired" | "not-offered" };

/**
 * The booker accepts the offer and its contract: it becomes an order waiting for its first payment (the payment
 * plan made now, by the admin's terms), its days held for the checkout, the contract recorded. Only their own
 * offer, still open.
 */
export async function acceptOffer(
  db: Database,
  userId: string,
  orderId: string,
  provider: Pick<PaymentProvider, "name" | "checkoutSessionSeconds">,
  now = new Date(),
): Promise<OfferAnswer> {
  const settings = await getReservationSettings(db);
  return db.transaction(async (tx): Promise<OfferAnswer> => {
    const [order] = await tx
      .update(orders)
      .set({ status: "pending", provider: provider.name })
      .from(rentalBookings)
      .where(and(offerOf(orderId, userId), answerOpen(now)))
      .returning({ id: orders.id });
    if (!order) return { ok: false, reason: await whyNot(tx, userId, orderId, now) };
    await planOrderPayments(tx, orderId, settings, now);
    await holdDaysUntil(tx, orderId, orderHoldExpiresAt(now, settings, provider.checkoutSessionSeconds));
    await recordContractAcceptance(tx, orderId, userId, now);
    return { ok: true };
  });
}

/** The booker declines the offer: its days are free at once. */
export async function declineOffer(db: Database, userId: string, orderId: string, now = new Date()) {
  return db.transaction(async (tx): Promise<OfferAnswer> => {
    const [order] = await tx
      .update(orders)
      .set({ status: "declined" })
      .where(offerOf(orderId, userId))
      .returning({ id: orders.id });
    if (!order) return { ok: false, reason: await whyNot(tx, userId, orderId, now) };
    await recordAnswer(tx, orderId, { answer: "Afslået af lejeren.", answeredAt: now });
    await releaseDays(tx, orderId);
    return { ok: true };
  });
}

const offerOf = (orderId: string, userId: string) =>
  and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, "offered"));

/** Beside an update of `orders` from `rental_bookings`: the order's answer is not due yet. */
const answerOpen = (now: Date) => and(eq(rentalBookings.orderId, orders.id), gt(rentalBookings.answerBy, now));

/** The answer to a request or an offer, on its booking, in the transaction that changed the order's status. */
function recordAnswer(db: Database, orderId: string, answer: Partial<typeof rentalBookings.$inferInsert>) {
  return db.update(rentalBookings).set(answer).where(eq(rentalBookings.orderId, orderId));
}

/** Why an answer to an offer was refused: another's or no offer (not found), run out, or no longer open. */
async function whyNot(db: Database, userId: string, orderId: string, now: Date) {
  const order = await getOrder(db, orderId);
  if (!order || order.userId !== userId) return "not-found" as const;
  if (order.status === "expired" || (order.status === "offered" && order.answerBy! <= now)) return "expired" as const;
  return "not-offered" as const;
}

/**
 * Expires the requests and offers whose answer is overdue (background job): the order is marked expired and its
 * days freed, and the booker and the venue are told, in one transaction per order with the mails queued in it, so
 * that two instances expire and tell each once.
 */
export async function expireRequests(
  { db, outbox, publicUrl }: { db: Database; outbox: MailOutbox; publicUrl: string },
  now = new Date(),
) {
  const due = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .innerJoin(rentalBookings, eq(rentalBookings.orderId, orders.id))
    .where(and(inArray(orders.status, ["requested", "offered"]), lte(rentalBookings.answerBy, now)));
  let expired = 0;
  for (const candidate of due) {
    const done = await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: "expired" })
        .where(and(eq(orders.id, candidate.id), eq(orders.status, candidate.status)))
        .returning({ id: orders.id });
      if (!changed) return false;
      await releaseDays(tx, candidate.id);
      const order = (await getOrder(tx, candidate.id))!;
      const { venueEmail, view } = await mailView(tx, order);
      const offer = candidate.status === "offered";
      const url = `${publicUrl}/reservation`;
      // Sent at once by the outbox's own clock, whatever time the job judged the expiry by.
      await outbox.enqueue(requestExpiredMessage(order.bookerEmail, view, offer, url), new Date(), tx);
      await outbox.enqueue(
        requestExpiredMessage(venueEmail, view, offer, `${publicUrl}/forespoergsler`),
        new Date(),
        tx,
      );
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** A user's requests and offers still open, for Mine reservationer. */
export function openRequestsOf(db: Database, userId: string) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      days: daysOfOrder,
      answerBy: rentalBookings.answerBy,
      total: orders.totalOere,
    })
    .from(orders)
    .innerJoin(rentalBookings, eq(rentalBookings.orderId, orders.id))
    .where(and(eq(orders.userId, userId), inArray(orders.status, ["requested", "offered"])))
    .orderBy(asc(rentalBookings.answerBy));
}
