import { z } from "zod";
import { REQUIRED } from "~/features/accounts/schemas";
import { moneyRule, numberRule } from "~/features/content/schemas";
import { cancellationTiersSchema } from "~/features/rental/cancellation-tiers";
import { CUSTOMER_TYPES, BOOKING_MODES, type CustomerType } from "~/features/rental/customer-types";
import { addDays } from "~/lib/days";
import type { ReservationRules } from "./rules";
import type { CustomerTerms } from "./settings.server";

/** Kroner as typed by the admin ("4500", "4.500", "4.500,50 kr.") → øre. */
const kroner = moneyRule();
const whole = (min: number, max: number) => numberRule({ min, max, whole: true });

/** The form's fields of a customer type's terms: its two day prices and how it may book. */
export const termsFieldNames = (type: CustomerType) =>
  ({ weekday: `weekdayPrice_${type}`, weekend: `weekendPrice_${type}`, mode: `bookingMode_${type}` }) as const;

const bookingModeRule = z.enum(BOOKING_MODES, { error: "Vælg, hvordan kundetypen kan booke" });
type TermsShape = Record<`${"weekdayPrice" | "weekendPrice"}_${CustomerType}`, typeof kroner> &
  Record<`bookingMode_${CustomerType}`, typeof bookingModeRule>;
const termsShape = Object.fromEntries(
  CUSTOMER_TYPES.flatMap((type) => {
    const names = termsFieldNames(type);
    return [
      [names.weekday, kroner],
      [names.weekend, kroner],
      [names.mode, bookingModeRule],
    ];
  }),
) as TermsShape;

/** The form's rows of cancellation tiers: days before the first day and the share charged; empty rows are none. */
export const TIER_ROWS = 5;
export const tierFieldNames = (row: number) => ({ days: `tierDays_${row}`, percent: `tierPercent_${row}` }) as const;
const tierCell = z.string().trim().max(10).default("");
const tierShape = Object.fromEntries(
  Array.from({ length: TIER_ROWS }, (_, row) => [
    [tierFieldNames(row).days, tierCell],
    [tierFieldNames(row).percent, tierCell],
  ]).flat(),
) as Record<`tier${"Days" | "Percent"}_${number}`, typeof tierCell>;

/** The tiers the rows give, or the Danish problems keyed by the rows' fields. */
function tiersOf(form: Partial<Record<string, unknown>>, context: z.RefinementCtx) {
  const rows = Array.from({ length: TIER_ROWS }, (_, row) => tierFieldNames(row))
    .map((names) => ({ names, days: String(form[names.days] ?? ""), percent: String(form[names.percent] ?? "") }))
    .filter((row) => row.days !== "" || row.percent !== "");
  const parsed = cancellationTiersSchema.safeParse(
    rows.map((row) => ({ minDaysBefore: row.days || undefined, chargePercent: row.percent || undefined })),
  );
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [row, field] = issue.path as [number | undefined, string | undefined];
    const names = rows[row ?? 0]?.names ?? tierFieldNames(0);
    context.addIssue({
      code: "custom",
      path: [field === "chargePercent" ? names.percent : names.days],
      message: issue.message,
    });
  }
  return null;
}

/** How the depositum is given: none (everything at booking), a percentage of the rent, or a fixed amount. */
export const DEPOSITUM_KINDS = ["none", "percent", "fixed"] as const;

export const settingsSchema = z
  .object({
    ...termsShape,
    ...tierShape,
    holidaysAtWeekendPrice: z.enum(["on"]).optional(),
    holdMinutes: whole(1, 1440),
    horizonDays: whole(1, 1095),
    maxDaysPerOrder: whole(1, 366),
    cancellationDays: whole(0, 365),
    bufferDays: whole(0, 14),
    depositumKind: z.enum(DEPOSITUM_KINDS, { error: "Vælg, hvordan depositum beregnes" }),
    depositumValue: z.string().trim().max(20).default(""),
    balanceDaysBefore: whole(0, 365),
    securityDeposit: z
      .string()
      .trim()
      .max(20)
      .default("")
      .transform((value) => value || "0")
      .pipe(kroner),
    requestDays: whole(1, 60),
    offerDays: whole(1, 60),
    invoiceAllowed: z.enum(["on"]).optional(),
    rentVoluntarilyRegistered: z.enum(["on"]).optional(),
    invoiceDays: whole(0, 90),
    bankRegNumber: z
      .string()
      .transform((value) => value.replace(/\s/g, ""))
      .refine((value) => value === "" || /^\d{4}$/.test(value), "Et registreringsnummer har 4 cifre")
      .default(""),
    bankAccountNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ""))
      .refine((value) => value === "" || /^\d{1,10}$/.test(value), "Et kontonummer har højst 10 cifre")
      .default(""),
  })
  .superRefine((parsed, context) => {
    if (parsed.invoiceAllowed === "on" && (!parsed.bankRegNumber || !parsed.bankAccountNumber)) {
      const message = "Skriv reg.- og kontonummer, før I tillader betaling på faktura";
      context.addIssue({
        code: "custom",
        path: [parsed.bankRegNumber ? "bankAccountNumber" : "bankRegNumber"],
        message,
      });
    }
  })
  .transform((parsed, context) => {
    const cancellationTiers = tiersOf(parsed, context);
    if (!cancellationTiers) return z.NEVER;
    const { depositumKind, depositumValue, invoiceAllowed, rentVoluntarilyRegistered, ...form } = parsed;
    const rest = Object.fromEntries(Object.entries(form).filter(([name]) => !name.startsWith("tier"))) as Omit<
      typeof form,
      keyof typeof tierShape
    >;
    const rule = depositumKind === "percent" ? whole(1, 100) : depositumKind === "fixed" ? kroner : null;
    const value = rule?.safeParse(depositumValue);
    if (value && !value.success) {
      context.addIssue({ code: "custom", path: ["depositumValue"], message: value.error.issues[0]!.message });
      return z.NEVER;
    }
    const amount = value?.data ?? null;
    return {
      ...rest,
      cancellationTiers,
      invoiceAllowed: invoiceAllowed === "on",
      rentVoluntarilyRegistered: rentVoluntarilyRegistered === "on",
      depositumPercent: depositumKind === "percent" ? amount : null,
      depositumFixedOere: depositumKind === "fixed" ? amount : null,
    };
  });

/** The form's answer as the tables take it: the settings row (the hold time in seconds) and each type's terms. */
export function settingsOf(parsed: z.output<typeof settingsSchema>): {
  rules: ReservationRules;
  terms: CustomerTerms[];
} {
  const { holdMinutes, horizonDays, maxDaysPerOrder, cancellationDays, cancellationTiers, bufferDays } = parsed;
  const { depositumPercent, depositumFixedOere, balanceDaysBefore, securityDeposit, requestDays, offerDays } = parsed;
  const { invoiceAllowed, invoiceDays, bankRegNumber, bankAccountNumber, rentVoluntarilyRegistered } = parsed;
  return {
    rules: {
      holidaysAtWeekendPrice: parsed.holidaysAtWeekendPrice === "on",
      holdSeconds: holdMinutes * 60,
      horizonDays,
      maxDaysPerOrder,
      cancellationDays,
      cancellationTiers,
      bufferDays,
      depositumPercent,
      depositumFixedOere,
      balanceDaysBefore,
      securityDepositOere: securityDeposit,
      requestDays,
      offerDays,
      invoiceAllowed,
      invoiceDays,
      bankRegNumber,
      bankAccountNumber,
      rentVoluntarilyRegistered,
    },
    terms: CUSTOMER_TYPES.map((customerType) => ({
      customerType,
      weekdayPriceOere: parsed[termsFieldNames(customerType).weekday],
      weekendPriceOere: parsed[termsFieldNames(customerType).weekend],
      bookingMode: parsed[termsFieldNames(customerType).mode],
    })),
  };
}

export const blockSchema = z
  .object({
    from: z.iso.date({ error: "Vælg en dato" }),
    to: z.union([z.iso.date({ error: "Vælg en dato" }), z.literal("")]).optional(),
    title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(120, "Højst 120 tegn"),
  })
  .refine((value) => !value.to || value.to >= value.from, {
    path: ["to"],
    message: "Slutdatoen skal ligge efter startdatoen",
  })
  .refine((value) => !value.to || value.to <= addDays(value.from, 366), {
    path: ["to"],
    message: "Højst et år ad gangen",
  });

export const cancelSchema = z.object({
  claimId: z.uuid(),
  reason: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(500, "Højst 500 tegn"),
});
