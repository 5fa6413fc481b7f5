import { z } from "zod";
import { REQUIRED } from "~/features/accounts/schemas";
import { moneyRule, numberRule } from "~/features/content/schemas";
import { addDays } from "./days";
import type { ReservationRules } from "./rules";

/** Kroner as typed by the admin ("4500", "4.500", "4.500,50 kr.") → øre. */
const kroner = moneyRule();
const whole = (min: number, max: number) => numberRule({ min, max, whole: true });

export const settingsSchema = z.object({
  weekdayPrice: kroner,
  weekendPrice: kroner,
  holidaysAtWeekendPrice: z.enum(["on"]).optional(),
  holdMinutes: whole(1, 1440),
  horizonDays: whole(1, 1095),
  maxDaysPerOrder: whole(1, 366),
  cancellationDays: whole(0, 365),
});

/** The form's answer as the settings row takes it: the hold time in seconds. */
export function settingsOf({
  weekdayPrice,
  weekendPrice,
  holdMinutes,
  ...parsed
}: z.output<typeof settingsSchema>): ReservationRules {
  return {
    ...parsed,
    weekdayPriceOere: weekdayPrice,
    weekendPriceOere: weekendPrice,
    holidaysAtWeekendPrice: parsed.holidaysAtWeekendPrice === "on",
    holdSeconds: holdMinutes * 60,
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
