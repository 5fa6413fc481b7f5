import { and, asc, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import {
  dayClaims,
  invoices,
  orderLines,
  orderPayments,
  orders,
  rentalBookings,
  reservationSettings,
} from "~/db/schema";
import { markPaid, takeReceiptNumber } from "~/features/orders/payments.server";
import { daysSummary, formatDay, todayInCopenhagen } from "~/lib/days";
import { daysOfOrder, firstDayOfOrder, selectRentalOrders } from "~/features/rental/rental-order.server";
import type { ReservationSettings } from "~/features/rental/settings.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { creditNoteLines, invoiceDueDay } from "./invoices";
import type { InvoiceDocument } from "./oioubl";

export type Invoice = typeof invoices.$inferSelect;

/** The next invoice number of its own series, taken in the invoice's transaction (no gaps, never reused). */
async function takeInvoiceNumber(db: Database) {
  const [counter] = await db
    .update(reservationSettings)
    .set({ lastInvoiceNumber: sql`${reservationSettings.lastInvoiceNumber} + 1` })
    .where(eq(reservationSettings.id, 1))
    .returning({ number: reservationSettings.lastInvoiceNumber });
  return counter!.number;
}

/**
 * Books an order paid on invoice, in the transaction that made it: its holds become bookings, it is `invoiced`
 * (booked, awaiting payment), its one payment falls due with the invoice, and the invoice is issued with the next
 * number. Answers the invoice.
 */
export async function bookOnInvoice(db: Database, orderId: string, settings: ReservationSettings, now: Date) {
  const [order] = await db
    .update(orders)
    .set({ status: "invoiced" })
    .where(eq(orders.id, orderId))
    .returning({ totalOere: orders.totalOere, vatOere: orders.vatOere, firstDay: firstDayOfOrder });
  const today = todayInCopenhagen(now);
  const dueOn = invoiceDueDay(today, order!.firstDay, settings.invoiceDays);
  await db
    .update(dayClaims)
    .set({ kind: "booking", expiresAt: null })
    .where(and(eq(dayClaims.orderId, orderId), eq(dayClaims.kind, "hold"), isNull(dayClaims.releasedAt)));
  await db.insert(orderPayments).values({ orderId, kind: "everything", amountOere: order!.totalOere, dueDay: dueOn });
  const [invoice] = await db
    .insert(invoices)
    .values({
      orderId,
      number: await takeInvoiceNumber(db),
      issuedOn: today,
      dueOn,
      totalOere: order!.totalOere,
      vatOere: order!.vatOere,
    })
    .returning();
  return invoice!;
}

/** The lines an invoice was issued with, as the moms sees them. */
const invoicedLines = (db: Database, orderId: string) =>
  db
    .select({
      vatCategory: orderLines.vatCategory,
      vatRatePercent: orderLines.vatRatePercent,
      totalOere: orderLines.totalOere,
      vatOere: orderLines.vatOere,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));

const creditDescription = (invoiceNumber: number) => `Kreditering af faktura nr. ${invoiceNumber} ved afbestilling`;

/**
 * A credit note of `creditOere` (moms included) against an invoice, in the cancellation's transaction: the next
 * number of the invoices' series, issued today, its moms the invoice's share at each of its rates
 * (`creditNoteLines`). None for nothing to credit.
 */
export async function issueCreditNote(db: Database, invoice: Invoice, creditOere: number, now: Date) {
  if (creditOere <= 0) return null;
  const today = todayInCopenhagen(now);
  const credited = creditNoteLines(await invoicedLines(db, invoice.orderId), creditOere, "");
  const [creditNote] = await db
    .insert(invoices)
    .values({
      orderId: invoice.orderId,
      kind: "credit-note",
      number: await takeInvoiceNumber(db),
      issuedOn: today,
      dueOn: today,
      totalOere: creditOere,
      vatOere: credited.reduce((sum, line) => sum + line.vatOere, 0),
    })
    .returning();
  return creditNote!;
}

export async function getInvoice(db: Database, invoiceId: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return invoice ?? null;
}

export async function invoiceOfOrder(db: Database, orderId: string) {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  return invoice ?? null;
}

/** What an invoice says, for its PDF and its OIOUBL: the order's lines and booker, the seller, the bank account. */
export async function invoiceDocument(db: Database, invoice: Invoice): Promise<InvoiceDocument> {
  const [[order], lines, site, [bank]] = await Promise.all([
    selectRentalOrders(db).where(eq(orders.id, invoice.orderId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, invoice.orderId)).orderBy(asc(orderLines.position)),
    getSiteSettings(db),
    db
      .select({ regNumber: reservationSettings.bankRegNumber, accountNumber: reservationSettings.bankAccountNumber })
      .from(reservationSettings)
      .where(eq(reservationSettings.id, 1)),
  ]);
  const credited = invoice.kind === "credit-note" ? await invoiceOfOrder(db, invoice.orderId) : null;
  return {
    id: invoice.id,
    kind: invoice.kind,
    credits: credited?.number ?? null,
    number: invoice.number,
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    seller: {
      name: site.businessName,
      street: site.streetAddress,
      postalCode: site.postalCode,
      city: site.city,
      cvr: site.cvr,
      email: site.email,
    },
    buyer: {
      name: order!.bookerOrganisation ?? order!.bookerName,
      contact: order!.bookerName,
      email: order!.bookerEmail,
      address: order!.bookerAddress,
      cvr: order!.bookerCvr,
      ean: order!.bookerEan,
      reference: order!.bookerReference,
    },
    lines: credited
      ? creditNoteLines(lines, invoice.totalOere, creditDescription(credited.number), invoice.vatOere)
      : lines.map((line) => ({
          ...line,
          description: line.day ? `${line.description}, ${formatDay(line.day)}` : line.description,
        })),
    payment: bank!,
  };
}

export type MarkPaidResult = { ok: true; receiptNumber: number } | { ok: false; reason: "not-found" | "already-paid" };

/**
 * Marks an invoice paid (the admin saw the money arrive): the invoice, its order's payment (with the next receipt
 * number) and the order (paid), in one transaction; twice is once.
 */
export async function markInvoicePaid(db: Database, invoiceId: string, now = new Date()): Promise<MarkPaidResult> {
  return db.transaction(async (tx): Promise<MarkPaidResult> => {
    const [invoice] = await tx
      .update(invoices)
      .set({ paidAt: now })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.kind, "invoice"), isNull(invoices.paidAt)))
      .returning();
    if (!invoice) return { ok: false, reason: (await getInvoice(tx, invoiceId)) ? "already-paid" : "not-found" };
    const receiptNumber = await takeReceiptNumber(tx);
    const [payment] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, invoice.orderId), isNull(orderPayments.paidAt)));
    if (payment) await markPaid(tx, payment.id, receiptNumber, now);
    await tx
      .update(orders)
      .set({ status: "paid", paidAt: now, receiptNumber })
      .where(and(eq(orders.id, invoice.orderId), eq(orders.status, "invoiced")));
    return { ok: true, receiptNumber };
  });
}

/** What credit notes of the same order took off an invoice (a cancellation's). */
const creditedOere = sql<number>`coalesce((select sum(credit.total_oere) from ${invoices} as credit
  where credit.order_id = ${invoices.orderId} and credit.kind = 'credit-note'), 0)::int`;

/** Who an invoice is to: the booker's organisation, else the booker. */
const buyerName = sql<string>`coalesce(${rentalBookings.bookerOrganisation}, ${orders.bookerName})`;

/**
 * Invoices not yet paid, the soonest due first, with their buyers and what is left to pay after credit notes: the
 * admin's "Fakturaer". One credited in full is settled.
 */
export async function openInvoices(db: Database) {
  const open = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      dueOn: invoices.dueOn,
      totalOere: sql<number>`${invoices.totalOere} - ${creditedOere}`,
      buyer: buyerName,
      ean: rentalBookings.bookerEan,
      days: daysOfOrder,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(rentalBookings, eq(rentalBookings.orderId, invoices.orderId))
    .where(and(eq(invoices.kind, "invoice"), isNull(invoices.paidAt)))
    .orderBy(asc(invoices.dueOn));
  return open
    .filter((invoice) => invoice.totalOere > 0)
    .map((invoice) => ({ ...invoice, days: daysSummary(invoice.days) }));
}

/**
 * The credit notes of the last `days` days, newest first, with the invoice each credits and whether that was paid
 * (then the venue pays the credited amount back by bank transfer): the admin's "Kreditnotaer".
 */
export async function recentCreditNotes(db: Database, since: string) {
  const credited = alias(invoices, "credited");
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      totalOere: invoices.totalOere,
      credits: credited.number,
      creditedPaid: sql<boolean>`${credited.paidAt} is not null`,
      buyer: buyerName,
      ean: rentalBookings.bookerEan,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(rentalBookings, eq(rentalBookings.orderId, invoices.orderId))
    .innerJoin(credited, and(eq(credited.orderId, invoices.orderId), eq(credited.kind, "invoice")))
    .where(and(eq(invoices.kind, "credit-note"), gte(invoices.issuedOn, since)))
    .orderBy(desc(invoices.number));
}
