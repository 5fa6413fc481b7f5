import { and, eq, isNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderPayments, orders } from "~/db/schema";
import { balanceReminderMessage } from "~/features/rental/messages";
import type { MailOutbox } from "~/features/email/outbox.server";
import { reminderDue } from "./payment-plan";
import { daysOfOrder } from "./rental-order.server";
import { addDays, daysSummary, formatDay, todayInCopenhagen } from "~/lib/days";
import { getSiteSettings } from "~/features/site/settings.server";
import { formatMoney } from "~/lib/format";

/**
 * Reminds bookers of their balances (background job): a week before the due day, and on it (`reminderDue`).
 * Each reminder is claimed by writing its day on the payment in the transaction that puts the mail in the outbox,
 * so two instances, or a run that stopped half-way, send each reminder once.
 */
export async function sendBalanceReminders(
  { db, outbox, publicUrl }: { db: Database; outbox: MailOutbox; publicUrl: string },
  now = new Date(),
) {
  const today = todayInCopenhagen(now);
  const unpaid = await db
    .select({
      id: orderPayments.id,
      amountOere: orderPayments.amountOere,
      dueDay: orderPayments.dueDay,
      remindedOn: orderPayments.remindedOn,
      name: orders.bookerName,
      email: orders.bookerEmail,
      days: daysOfOrder,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orders.status, "paid"), isNull(orderPayments.paidAt), lte(orderPayments.dueDay, addDays(today, 7))));
  const { siteName } = await getSiteSettings(db);
  let sent = 0;
  for (const payment of unpaid) {
    const reminder = reminderDue(payment, today);
    if (!reminder) continue;
    const claimed = await db.transaction(async (tx) => {
      const [claim] = await tx
        .update(orderPayments)
        .set({ remindedOn: today })
        .where(
          and(
            eq(orderPayments.id, payment.id),
            isNull(orderPayments.paidAt),
            payment.remindedOn === null
              ? isNull(orderPayments.remindedOn)
              : eq(orderPayments.remindedOn, payment.remindedOn),
          ),
        )
        .returning({ id: orderPayments.id });
      if (!claim) return false;
      const view = {
        name: payment.name,
        amount: formatMoney(payment.amountOere),
        due: formatDay(payment.dueDay),
        days: daysSummary(payment.days),
        onDueDay: reminder === "due-day",
      };
      // Sent at once by the outbox's own clock, whatever time the job judged the reminder by.
      const mail = balanceReminderMessage(siteName, payment.email, view, `${publicUrl}/alle-reservationer`);
      await outbox.enqueue(mail, new Date(), tx);
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}
