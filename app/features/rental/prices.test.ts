import { describe, expect, it } from "vitest";
import { bufferDays, dayPriceFor } from "./prices";

const prices = {
  privat: { weekdayPriceOere: 450_000, weekendPriceOere: 650_000, holidaysAtWeekendPrice: true },
  forening: { weekdayPriceOere: 200_000, weekendPriceOere: 300_000, holidaysAtWeekendPrice: false },
  erhverv: { weekdayPriceOere: 800_000, weekendPriceOere: 1_000_000, holidaysAtWeekendPrice: true },
  offentlig: { weekdayPriceOere: 600_000, weekendPriceOere: 800_000, holidaysAtWeekendPrice: true },
};

describe("a day's rent by customer type", () => {
  it.each([
    ["2026-11-23", "privat", 450_000], // a Monday
    ["2026-11-27", "privat", 650_000], // a Friday
    ["2026-11-27", "forening", 300_000],
    ["2026-11-28", "erhverv", 1_000_000], // a Saturday
    ["2026-12-25", "offentlig", 800_000], // Christmas Day, a Friday
    ["2027-05-06", "forening", 200_000], // Kristi himmelfartsdag, a Thursday: this type pays the weekday price
    ["2027-05-06", "privat", 650_000], // … and this one the weekend price on holidays
  ] as const)("%s for %s: %i øre", (day, customerType, expected) => {
    expect(dayPriceFor(day, customerType, prices)).toBe(expected);
  });
});

describe("the days kept free around bookings", () => {
  it.each([
    ["none", ["2027-06-12"], 0, []],
    ["one day each side", ["2027-06-12"], 1, ["2027-06-11", "2027-06-13"]],
    ["around a run of days, not inside it", ["2027-06-12", "2027-06-13"], 1, ["2027-06-11", "2027-06-14"]],
    [
      "two bookings whose buffers meet",
      ["2027-06-10", "2027-06-13"],
      1,
      ["2027-06-09", "2027-06-11", "2027-06-12", "2027-06-14"],
    ],
    ["across a month's end", ["2027-06-30"], 2, ["2027-06-28", "2027-06-29", "2027-07-01", "2027-07-02"]],
  ])("%s", (_name, booked, buffer, expected) => {
    expect(bufferDays(booked, buffer)).toEqual(expected);
  });
});
