import { eq, inArray, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  authAccounts,
  baskets,
  calendarFeeds,
  dayClaims,
  events,
  mediaImages,
  newsletterLetters,
  orderLines,
  orderPayments,
  invoices,
  contractAcceptances,
  depositSettlements,
  orderCancellations,
  orderRefunds,
  orders,
  sessions,
  tickets,
  twoFactors,
  userFiles,
  users,
} from "~/db/schema";
import { profileJson } from "./profile-api.server";
import { getProfile } from "./profile.server";
import { publicFileUrl } from "~/features/storage/storage";
import { exportedParts, type AccountPart } from "./account-parts.server";

/**
 * Where each table that refers to a user lands in the export. A table whose foreign keys lead to `users` and
 * that is missing here fails tests/integration/data-export.test.ts: the export must stay "everything we hold".
 */
export const exportedTables = {
  users: "account",
  profiles: "profile",
  sessions: "sessions",
  auth_accounts: "signInMethods",
  two_factors: "twoFactor",
  orders: "orders",
  // Each order carries its lines.
  order_lines: "orders",
  // … and its payments: what was due when, and what was paid with which receipt.
  order_payments: "orders",
  // … and its invoices, kept five years by the bookkeeping law, even after the account is deleted.
  invoices: "orders",
  // … and how its security deposit was settled: what was kept, why, and what was paid back.
  deposit_settlements: "orders",
  // What only a hall order has (decision 060): the booker's address and customer type with what it adds, a
  // request's words and the answer, and its days (the hall's part of the export).
  rental_bookings: "rentalBookings",
  // … and, if it was cancelled, by whom, how many days before, and what was charged and paid back.
  order_cancellations: "orders",
  // … and each refund of its payments: how much, the moms in it, why and when (decision 056).
  order_refunds: "orders",
  // The lejekontrakter the user accepted: the exact text, when, and its fingerprint.
  contract_acceptances: "contracts",
  // The tickets of the user's ticket orders, and the tickets a door staff member checked in (issue 36).
  tickets: "tickets",
  // The user's places on sold-out concerts' waitlists, by the account's address (a place is kept by address).
  ticket_waitlist: "waitlists",
  day_claims: "days",
  // How many days the user has put in a basket: what lets two holds at once take turns (decision 030); and the
  // add-ons last sent to checkout, ticked again after a detour on the way to payment (issue 54).
  baskets: "basket",
  calendar_feeds: "calendarFeed",
  user_files: "files",
  // The library images the user uploaded (decision 020); the content rows showing them say nothing of the user.
  media_images: "uploadedImages",
  // The newsletters the user wrote as admin; who got them is the recipients' own, not the writer's.
  newsletter_letters: "newsletterLetters",
} as const;

/** The rows read for many orders that are one order's, without the order's id. */
export const ofOrder = <Row extends { orderId: string | null }>(rows: Row[], orderId: string) =>
  rows.filter((row) => row.orderId === orderId).map(({ orderId: _orderId, ...row }) => row);

/**
 * GDPR art. 15 and 20: everything we hold about a user. Secrets that would let someone act as the user
 * (password hash, session tokens, the two-factor secret and backup codes) are named, not shown.
 */
export async function exportUserData(
  db: Database,
  userId: string,
  publicUrl: string,
  accountParts: readonly AccountPart[],
): Promise<Record<string, unknown>> {
  const ordersOfUser = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  const [account] = await db
    .select({
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      twoFactorEnabled: users.twoFactorEnabled,
      disabled: users.banned,
    })
    .from(users)
    .where(eq(users.id, userId));
  const profile = await getProfile(db, userId);
  const userSessions = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const signInMethods = await db
    .select({ provider: authAccounts.providerId, createdAt: authAccounts.createdAt })
    .from(authAccounts)
    .where(eq(authAccounts.userId, userId));
  const [twoFactor] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  const userOrders = await db
    .select({
      id: orders.id,
      status: orders.status,
      bookerName: orders.bookerName,
      bookerEmail: orders.bookerEmail,
      bookerPhone: orders.bookerPhone,
      totalOere: orders.totalOere,
      vatOere: orders.vatOere,
      provider: orders.provider,
      receiptNumber: orders.receiptNumber,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  const days = await db
    .select({
      day: dayClaims.day,
      kind: dayClaims.kind,
      orderId: dayClaims.orderId,
      address: dayClaims.title,
      priceOere: dayClaims.priceOere,
      expiresAt: dayClaims.expiresAt,
      releasedAt: dayClaims.releasedAt,
      releaseReason: dayClaims.releaseReason,
      createdAt: dayClaims.createdAt,
    })
    .from(dayClaims)
    // A day of the user's order counts too when the claim itself no longer names the user.
    .where(or(eq(dayClaims.userId, userId), inArray(dayClaims.orderId, ordersOfUser)));
  const [basket] = await db
    .select({ daysPutInBasket: baskets.version, addOnsLastSentToCheckout: baskets.addOnChoice })
    .from(baskets)
    .where(eq(baskets.userId, userId));
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      description: orderLines.description,
      day: orderLines.day,
      quantity: orderLines.quantity,
      unitPriceOere: orderLines.unitPriceOere,
      totalOere: orderLines.totalOere,
      vatOere: orderLines.vatOere,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ordersOfUser))
    .orderBy(orderLines.orderId, orderLines.position);
  const payments = await db
    .select({
      orderId: orderPayments.orderId,
      kind: orderPayments.kind,
      amountOere: orderPayments.amountOere,
      dueDay: orderPayments.dueDay,
      paidAt: orderPayments.paidAt,
      receiptNumber: orderPayments.receiptNumber,
      remindedOn: orderPayments.remindedOn,
    })
    .from(orderPayments)
    .where(inArray(orderPayments.orderId, ordersOfUser))
    .orderBy(orderPayments.orderId, orderPayments.dueDay);
  const orderInvoices = await db
    .select({
      orderId: invoices.orderId,
      number: invoices.number,
      kind: invoices.kind,
      issuedOn: invoices.issuedOn,
      dueOn: invoices.dueOn,
      totalOere: invoices.totalOere,
      vatOere: invoices.vatOere,
      paidAt: invoices.paidAt,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, ordersOfUser))
    .orderBy(invoices.number);
  const settlements = await db
    .select({
      orderId: depositSettlements.orderId,
      keptOere: depositSettlements.keptOere,
      reason: depositSettlements.reason,
      refundedOere: depositSettlements.refundedOere,
      settledAt: depositSettlements.settledAt,
    })
    .from(depositSettlements)
    .where(inArray(depositSettlements.orderId, ordersOfUser));
  const cancellations = await db
    .select({
      orderId: orderCancellations.orderId,
      cancelledAt: orderCancellations.cancelledAt,
      byAdmin: orderCancellations.byAdmin,
      reason: orderCancellations.reason,
      daysBefore: orderCancellations.daysBefore,
      chargePercent: orderCancellations.chargePercent,
      chargeOere: orderCancellations.chargeOere,
      refundOere: orderCancellations.refundOere,
      owedOere: orderCancellations.owedOere,
    })
    .from(orderCancellations)
    .where(inArray(orderCancellations.orderId, ordersOfUser));
  const refunds = await db
    .select({
      orderId: orderRefunds.orderId,
      kind: orderRefunds.kind,
      amountOere: orderRefunds.amountOere,
      vatOere: orderRefunds.vatOere,
      reason: orderRefunds.reason,
      refundedAt: orderRefunds.refundedAt,
    })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, ordersOfUser));
  const ordersOfUserIds = new Set(userOrders.map((order) => order.id));
  const userTickets = await db
    .select({
      orderId: tickets.orderId,
      concert: events.title,
      status: tickets.status,
      holderName: tickets.holderName,
      checkedInAt: tickets.checkedInAt,
      checkedInBy: tickets.checkedInBy,
      token: tickets.token,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(or(inArray(tickets.orderId, ordersOfUser), eq(tickets.checkedInBy, userId)));
  const contracts = await db
    .select({
      orderId: contractAcceptances.orderId,
      acceptedAt: contractAcceptances.acceptedAt,
      sha256: contractAcceptances.sha256,
      text: contractAcceptances.text,
    })
    .from(contractAcceptances)
    .where(eq(contractAcceptances.userId, userId));
  const [feed] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  const files = await db
    .select({ key: userFiles.key, createdAt: userFiles.createdAt })
    .from(userFiles)
    .where(eq(userFiles.userId, userId));
  const uploaded = await db
    .select({
      originalName: mediaImages.originalName,
      status: mediaImages.status,
      alt: mediaImages.alt,
      image: mediaImages.image,
      createdAt: mediaImages.createdAt,
    })
    .from(mediaImages)
    .where(eq(mediaImages.createdBy, userId));
  const letters = await db
    .select({
      subject: newsletterLetters.subject,
      status: newsletterLetters.status,
      createdAt: newsletterLetters.createdAt,
      sendAt: newsletterLetters.sendAt,
    })
    .from(newsletterLetters)
    .where(eq(newsletterLetters.createdBy, userId));
  // What each business holds of the account: the hall's bookings, the newsletter and the waitlists (decision 055).
  const businesses: Record<string, unknown> = account
    ? await exportedParts(accountParts, db, { id: userId, email: account.email })
    : {};
  return {
    exportedAt: new Date().toISOString(),
    [exportedTables.users]: account ?? null,
    ...businesses,
    [exportedTables.profiles]: profile ? profileJson(profile) : null,
    [exportedTables.sessions]: userSessions,
    [exportedTables.auth_accounts]: signInMethods.map((method) => ({
      ...method,
      note: method.provider === "credential" ? "Adgangskoden gemmes kun som et hash og udleveres ikke." : undefined,
    })),
    [exportedTables.two_factors]: twoFactor
      ? { ...twoFactor, note: "Nøglen og reservekoderne udleveres ikke; de kan skiftes på din side." }
      : null,
    [exportedTables.orders]: userOrders.map((order) => ({
      ...order,
      lines: ofOrder(lines, order.id),
      payments: ofOrder(payments, order.id),
      invoices: ofOrder(orderInvoices, order.id),
      depositSettlement: ofOrder(settlements, order.id)[0] ?? null,
      refunds: ofOrder(refunds, order.id),
      cancellation: ofOrder(cancellations, order.id)[0] ?? null,
    })),
    ordersNote:
      "Ordrer, betalinger og fakturaer opbevares i fem år efter regnskabsårets udløb, som bogføringsloven kræver, også hvis du sletter din konto.",
    [exportedTables.contract_acceptances]: contracts,
    [exportedTables.tickets]: {
      bought: userTickets
        .filter((ticket) => ticket.orderId && ordersOfUserIds.has(ticket.orderId))
        .map(({ token, checkedInBy: _by, ...ticket }) => ({ ...ticket, url: `${publicUrl}/billet/${token}` })),
      // Checked in at the door by the user (door staff): when and for which concert; the holders are others'.
      checkedIn: userTickets
        .filter((ticket) => ticket.checkedInBy === userId)
        .map((ticket) => ({ concert: ticket.concert, checkedInAt: ticket.checkedInAt })),
    },
    [exportedTables.day_claims]: days,
    [exportedTables.baskets]: basket ?? null,
    [exportedTables.calendar_feeds]: feed ? { url: `${publicUrl}/kalender/${feed.token}.ics` } : null,
    [exportedTables.user_files]: files.map((file) => ({ ...file, url: `${publicUrl}${publicFileUrl(file.key)}` })),
    [exportedTables.newsletter_letters]: letters,
    [exportedTables.media_images]: uploaded.map(({ image, ...upload }) => ({
      ...upload,
      url: image ? `${publicUrl}${publicFileUrl(image.key)}` : null,
    })),
  };
}
