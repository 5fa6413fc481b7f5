import { describe, expect, it } from "vitest";
import { dayPriceFor } from "./prices";

const prices = {
  holidaysAtWeekendPrice: true,
  customerTerms: {
    privat: { weekdayPriceOere: 450_000, weekendPriceOere: 650_000 },
    forening: { weekdayPriceOere: 200_000, weekendPriceOere: 300_000 },
    erhverv: { weekdayPriceOere: 800_000, weekendPriceOere: 1_000_000 },
    offentlig: { weekdayPriceOere: 600_000, weekendPriceOere: 800_000 },
  },
};

describe("a day's rent by customer type", () => {
  it.each([
    ["2026-11-23", "privat", 450_000], // a Monday
    ["2026-11-27", "privat", 650_000], // a Friday
    ["2026-11-27", "forening", 300_000],
    ["2026-11-28", "erhverv", 1_000_000], // a Saturday
    ["2026-12-25", "offentlig", 800_000], // Christmas Day, a Friday
    ["2027-05-06", "forening", 300_000], // Kristi himmelfartsdag, a Thursday: the weekend price on holidays
    ["2027-05-06", "privat", 650_000],
  ] as const)("%s for %s: %i øre", (day, customerType, expected) => {
    expect(dayPriceFor(day, customerType, prices)).toBe(expected);
  });

  it.each([
    ["forening", 200_000],
    ["privat", 450_000],
  ] as const)("a holiday at the weekday price when the settings say so: %s %i øre", (customerType, expected) => {
    expect(dayPriceFor("2027-05-06", customerType, { ...prices, holidaysAtWeekendPrice: false })).toBe(expected);
  });
});
