import type { PlannedPayment } from "~/features/orders/payments.server";
import { addDays, daysBetween } from "~/lib/days";
import { percentOf } from "~/features/orders/money";

/**
 * How a hall booking is paid, as Danish halls ask it: a depositum at booking secures the days, the rest is due a
 * number of days before the first one, and a refundable security deposit is paid with that rest. Booked inside
 * that window, everything is due at once. Days are "YYYY-MM-DD" keys in Copenhagen.
 */

/** The admin's depositum: a fixed amount, or a percentage of the rent. */
export type Depositum = { kind: "fixed"; amountOere: number } | { kind: "percent"; percent: number };

export interface PaymentTerms {
  /** None: everything is paid at booking. */
  depositum: Depositum | null;
  /** How many days before the first day the rest is due (default 30). */
  balanceDaysBefore: number;
}

export type Installment = PlannedPayment;

export interface BookingAmounts {
  /** Everything sold, moms included: the days and the add-ons. */
  rentOere: number;
  /** The refundable security deposit, if the admin asks for one; no moms, paid back after the event. */
  securityDepositOere: number;
  firstDay: string;
}

/** The admin's terms as the settings row holds them: a percentage or a fixed amount, or neither. */
export function paymentTermsOf(settings: {
  depositumPercent: number | null;
  depositumFixedOere: number | null;
  balanceDaysBefore: number;
}): PaymentTerms {
  const { depositumPercent: percent, depositumFixedOere: amountOere, balanceDaysBefore } = settings;
  const depositum: Depositum | null =
    percent !== null ? { kind: "percent", percent } : amountOere !== null ? { kind: "fixed", amountOere } : null;
  return { depositum, balanceDaysBefore };
}

/** The depositum of a rent: the fixed amount or the percentage, never more than the rent. */
export function depositumOf(rentOere: number, depositum: Depositum): number {
  const amount = depositum.kind === "fixed" ? depositum.amountOere : percentOf(rentOere, depositum.percent);
  return Math.min(rentOere, amount);
}

/** The day the rest is due. */
export function balanceDueDay(firstDay: string, terms: Pick<PaymentTerms, "balanceDaysBefore">) {
  return addDays(firstDay, -terms.balanceDaysBefore);
}

/**
 * What is due, and when, for a booking made `today`: the depositum today and the rest (with the security deposit)
 * on the due day; or, on or after the due day or without a depositum, everything today. A rest of nothing is no
 * installment.
 */
export function paymentPlan(amounts: BookingAmounts, terms: PaymentTerms, today: string): Installment[] {
  const everything = amounts.rentOere + amounts.securityDepositOere;
  const dueDay = balanceDueDay(amounts.firstDay, terms);
  if (!terms.depositum || today >= dueDay) return [{ kind: "everything", amountOere: everything, dueDay: today }];
  const depositum = depositumOf(amounts.rentOere, terms.depositum);
  const plan: Installment[] = [{ kind: "depositum", amountOere: depositum, dueDay: today }];
  if (everything > depositum) plan.push({ kind: "balance", amountOere: everything - depositum, dueDay });
  return plan;
}

/** The days a reminder of an unpaid balance goes out: a week before the due day, and on it. */
export function balanceReminderDays(dueDay: string): [string, string] {
  return [addDays(dueDay, -7), dueDay];
}

/**
 * The reminder an unpaid balance is owed `today`, if any: the latest reminder day that has come and that no
 * reminder went out on or after (`remindedOn`). A job that did not run for a while sends only the latest.
 */
export function reminderDue(payment: { dueDay: string; remindedOn: string | null }, today: string) {
  const [weekBefore, dueDay] = balanceReminderDays(payment.dueDay);
  const latest = today >= dueDay ? dueDay : today >= weekBefore ? weekBefore : null;
  if (!latest || (payment.remindedOn !== null && payment.remindedOn >= latest)) return null;
  return latest === dueDay ? ("due-day" as const) : ("week-before" as const);
}

/** Whether an unpaid installment is overdue: its due day has passed. */
export function isOverdue(installment: Pick<Installment, "dueDay">, today: string) {
  return daysBetween(installment.dueDay, today) > 0;
}

/** The payment that carries an order's security deposit: the plan's last, the balance or everything at once. */
export function securityDepositCarrier<Payment extends { dueDay: string }>(payments: Payment[]): Payment | undefined {
  return [...payments].sort((a, b) => a.dueDay.localeCompare(b.dueDay)).at(-1);
}
