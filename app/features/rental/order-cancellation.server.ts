import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { dayClaims, invoices, orderCancellations, orderLines, orderPayments, orders } from "~/db/schema";
import { issueCreditNote } from "~/features/invoices/invoices.server";
import { refundVat } from "~/features/orders/bookkeeping";
import { refundPaidPayments } from "~/features/orders/refunds.server";
import type { Logger } from "pino";
import { bookingCancelledByTiersMessage } from "./messages";
import type { Mailer } from "~/features/email/mailer.server";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { daysSummary, todayInCopenhagen } from "~/lib/days";
import { getSiteSettings } from "~/features/site/settings.server";
import { cancellationRefusal, type CancelRefusal } from "~/features/rental/rules";
import { getReservationSettings } from "~/features/rental/settings.server";
import { cancellationSettlement } from "./cancellation-tiers";
import { cancellationWords, type CancellationQuote } from "./cancellation-words";
import { isOverdue, securityDepositCarrier } from "./payment-plan";
import { selectRentalOrders, type RentalOrder } from "./rental-order.server";

type Payment = typeof orderPayments.$inferSelect;

export type CancellationRefusal = CancelRefusal | "not-found" | "balance-due" | "charge-unpaid";

/** The quote of a booked order, from its lines, payments and invoice, by the admin's tiers as they are now. */
async function quoteOf(db: Database, order: RentalOrder, now: Date) {
  const [settings, lines, payments, [invoice]] = await Promise.all([
    getReservationSettings(db),
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(asc(orderPayments.dueDay)),
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice"))),
  ]);
  const depositOere = lines
    .filter((line) => line.kind === "security-deposit")
    .reduce((sum, line) => sum + line.totalOere, 0);
  const paidOere = payments.filter((payment) => payment.paidAt).reduce((sum, p) => sum + p.amountOere, 0);
  const depositPaid = depositOere > 0 && securityDepositCarrier(payments)?.paidAt != null;
  const firstDay = order.days[0]!;
  const settlement = cancellationSettlement(
    {
      rentOere: order.totalOere - depositOere,
      depositumOere: payments.find((payment) => payment.kind === "depositum")?.amountOere ?? 0,
      rentPaidOere: paidOere - (depositPaid ? depositOere : 0),
      securityDepositPaidOere: depositPaid ? depositOere : 0,
      firstDay,
    },
    settings.cancellationTiers,
    todayInCopenhagen(now),
  );
  const quote: CancellationQuote = {
    ...settlement,
    securityDepositOere: depositPaid ? depositOere : 0,
    creditOere: invoice ? invoice.totalOere - settlement.chargeOere : null,
  };
  return {
    quote,
    firstDay,
    payments,
    invoice: invoice ?? null,
    cancellationDays: settings.cancellationDays,
    depositOere,
  };
}

/** Why the booker (or, `byAdmin`, the admin) may not cancel this booking now, or null. */
function refusalOf(
  facts: Awaited<ReturnType<typeof quoteOf>>,
  byAdmin: boolean,
  today: string,
): CancellationRefusal | null {
  const refusal = cancellationRefusal(facts.firstDay, {
    today,
    cancellationDays: facts.cancellationDays,
    byAdmin,
  });
  if (refusal) return refusal;
  // A charge beyond what is paid is the venue's to collect (on invoice, it is invoiced): a booker with an overdue
  // payment pays it first, and one whose tier already costs more than they have paid asks the venue.
  if (!byAdmin && facts.invoice === null && facts.quote.owedOere > 0) {
    const overdue = facts.payments.some((payment) => payment.paidAt === null && isOverdue(payment, today));
    return overdue ? "balance-due" : "charge-unpaid";
  }
  return null;
}

const isBooked = (order: RentalOrder | undefined) => order && (order.status === "paid" || order.status === "invoiced");

/** The quote of a user's own booked order, and whether they may cancel it now; null for anything else. */
export async function quoteCancellation(db: Database, userId: string | null, orderId: string, now = new Date()) {
  const [order] = await selectRentalOrders(db).where(eq(orders.id, orderId));
  if (!isBooked(order) || (userId !== null && order!.userId !== userId)) return null;
  const facts = await quoteOf(db, order!, now);
  return {
    days: order!.days,
    quote: facts.quote,
    refusal: refusalOf(facts, userId === null, todayInCopenhagen(now)),
    cancellationDays: facts.cancellationDays,
  };
}

export type CancellationResult =
  | { ok: true; quote: CancellationQuote; order: RentalOrder; creditNoteNumber: number | null }
  | { ok: false; reason: CancellationRefusal };

/**
 * Cancels a booked order by the tiers, in one transaction: the cancellation is recorded (one per order), the order
 * is cancelled and its days freed at once, what was not yet due is dropped, and the money is settled: paid back
 * through the provider, latest payment first (each refund with its own idempotency key, so a retry refunds once),
 * or, for an order on invoice, a credit note for the rent not charged, the invoice's open payment becoming the
 * charge. A refund the provider refuses undoes it all. `by.userId` is the booker, or the admin with `byAdmin`.
 */
export async function cancelOrder(
  { db, provider }: { db: Database; provider: Pick<PaymentProvider, "refund"> },
  orderId: string,
  by: { userId: string; byAdmin: boolean; reason: string },
  now = new Date(),
): Promise<CancellationResult> {
  return db.transaction(async (tx): Promise<CancellationResult> => {
    const [order] = await selectRentalOrders(tx).where(eq(orders.id, orderId)).for("update", { of: orders });
    if (!isBooked(order) || (!by.byAdmin && order!.userId !== by.userId)) return { ok: false, reason: "not-found" };
    const facts = await quoteOf(tx, order!, now);
    const refusal = refusalOf(facts, by.byAdmin, todayInCopenhagen(now));
    if (refusal) return { ok: false, reason: refusal };
    const { quote } = facts;
    await tx.insert(orderCancellations).values({
      orderId,
      cancelledAt: now,
      cancelledBy: by.userId,
      byAdmin: by.byAdmin,
      reason: by.reason,
      daysBefore: quote.daysBefore,
      chargePercent: quote.chargePercent,
      chargeOere: quote.chargeOere,
      refundOere: quote.refundOere,
      securityDepositOere: quote.securityDepositOere,
      owedOere: quote.owedOere,
    });
    await tx.update(orders).set({ status: "cancelled", failureReason: by.reason }).where(eq(orders.id, orderId));
    await tx
      .update(dayClaims)
      .set({ releasedAt: now, releaseReason: by.reason })
      .where(and(eq(dayClaims.orderId, orderId), eq(dayClaims.kind, "booking"), isNull(dayClaims.releasedAt)));

    if (facts.invoice) {
      const creditNote = await issueCreditNote(tx, facts.invoice, quote.creditOere!, now);
      if (creditNote) {
        await tx
          .update(orderCancellations)
          .set({ creditNoteId: creditNote.id })
          .where(eq(orderCancellations.orderId, orderId));
      }
      await settleInvoicePayment(tx, facts.payments, quote.chargeOere);
      return { ok: true, quote, order: order!, creditNoteNumber: creditNote?.number ?? null };
    }
    await tx.delete(orderPayments).where(and(eq(orderPayments.orderId, orderId), isNull(orderPayments.paidAt)));
    await refundPaidPayments(tx, provider, orderId, {
      kind: "cancellation",
      reason: by.reason,
      amountOere: quote.refundOere,
      vatOere: refundVat(order!, quote, facts.depositOere),
      now,
    });
    return { ok: true, quote, order: order!, creditNoteNumber: null };
  });
}

/** The invoice's open payment becomes the charge that is left to pay; with nothing left, it goes. */
async function settleInvoicePayment(db: Database, payments: Payment[], chargeOere: number) {
  const open = payments.find((payment) => payment.paidAt === null);
  if (!open) return;
  if (chargeOere === 0) await db.delete(orderPayments).where(eq(orderPayments.id, open.id));
  else await db.update(orderPayments).set({ amountOere: chargeOere }).where(eq(orderPayments.id, open.id));
}

/**
 * Cancels by the tiers (`cancelOrder`) and tells the booker what it came to. A mail that cannot be queued does not
 * undo the cancellation.
 */
export async function cancelOrderAndNotify(
  deps: { db: Database; provider: Pick<PaymentProvider, "refund">; mailer: Mailer; logger: Logger; publicUrl: string },
  orderId: string,
  by: { userId: string; byAdmin: boolean; reason: string },
  now = new Date(),
) {
  const result = await cancelOrder(deps, orderId, by, now);
  if (!result.ok) return result;
  try {
    const { siteName } = await getSiteSettings(deps.db);
    const view = {
      siteName,
      name: result.order.bookerName,
      days: daysSummary(result.order.days),
      reason: by.reason,
      byAdmin: by.byAdmin,
      words: [
        ...cancellationWords(result.quote),
        ...(result.creditNoteNumber ? [`Kreditnotaen har nr. ${result.creditNoteNumber}.`] : []),
      ],
    };
    const url = `${deps.publicUrl}/alle-reservationer`;
    await deps.mailer.send(bookingCancelledByTiersMessage(result.order.bookerEmail, view, url));
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "the cancellation e-mail could not be sent");
  }
  return result;
}

/** The Danish words for why a booking cannot be cancelled now. */
export function cancellationRefusalMessage(reason: CancellationRefusal, cancellationDays: number) {
  switch (reason) {
    case "past":
      return "Bookingen er begyndt og kan ikke afbestilles";
    case "too-late":
      return `En booking kan afbestilles her indtil ${cancellationDays} dage før den første dag. Kontakt os.`;
    case "balance-due":
      return "Betal først det forfaldne restbeløb, eller kontakt os for at afbestille";
    case "charge-unpaid":
      return "Afbestilling koster nu mere, end du har betalt. Kontakt os for at afbestille.";
    case "not-found":
      return "Bookingen kunne ikke afbestilles";
  }
}
