import { describe, expect, it } from "vitest";
import { dayBounds } from "~/lib/format";
import {
  addDays,
  danishHolidays,
  dayState,
  easterSunday,
  formatMonth,
  holidayOf,
  monthGrid,
  priceOfDay,
  shiftMonth,
  vatIncluded,
  type Prices,
} from "./days";

const prices: Prices = { weekdayOere: 450_000, weekendOere: 650_000, holidaysAtWeekendPrice: true };

describe("Danish holidays", () => {
  it.each([
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
  ])("Easter Sunday %i is %s", (year, easter) => {
    expect(easterSunday(year)).toBe(easter);
  });

  it("lists the public holidays of 2026 and marks the three other days", () => {
    const holidays = danishHolidays(2026);
    expect(
      holidays.filter((holiday) => holiday.publicHoliday).map((holiday) => `${holiday.date} ${holiday.name}`),
    ).toEqual([
      "2026-01-01 Nytårsdag",
      "2026-04-02 Skærtorsdag",
      "2026-04-03 Langfredag",
      "2026-04-05 Påskedag",
      "2026-04-06 2. påskedag",
      "2026-05-14 Kristi himmelfartsdag",
      "2026-05-24 Pinsedag",
      "2026-05-25 2. pinsedag",
      "2026-12-25 Juledag",
      "2026-12-26 2. juledag",
    ]);
    expect(holidays.filter((holiday) => !holiday.publicHoliday).map((holiday) => holiday.name)).toEqual([
      "Grundlovsdag",
      "Juleaftensdag",
      "Nytårsaftensdag",
    ]);
  });

  it("finds a holiday by its date and nothing on an ordinary day", () => {
    expect(holidayOf("2027-05-06")?.name).toBe("Kristi himmelfartsdag");
    expect(holidayOf("2026-11-24")).toBeUndefined();
  });
});

describe("prices", () => {
  it("charges the weekday price Monday to Thursday and Sunday, the weekend price Friday and Saturday", () => {
    // 2026-11-23 is a Monday.
    const week = Array.from({ length: 7 }, (_, index) => priceOfDay(addDays("2026-11-23", index), prices));
    expect(week).toEqual([450_000, 450_000, 450_000, 450_000, 650_000, 650_000, 450_000]);
  });

  it("charges the weekend price on a public holiday, unless the admin says otherwise", () => {
    expect(priceOfDay("2026-04-06", prices)).toBe(650_000); // 2. påskedag, a Monday
    expect(priceOfDay("2026-04-06", { ...prices, holidaysAtWeekendPrice: false })).toBe(450_000);
    expect(priceOfDay("2026-06-05", prices)).toBe(650_000); // grundlovsdag 2026 is a Friday anyway
    expect(priceOfDay("2025-06-05", prices)).toBe(450_000); // a Thursday: grundlovsdag is only marked
  });

  it("finds the 25 % VAT inside a price, in whole øre", () => {
    expect(vatIncluded(450_000)).toBe(90_000);
    expect(vatIncluded(1_100_000)).toBe(220_000);
    expect(vatIncluded(12_345)).toBe(2469);
  });
});

describe("day states", () => {
  const today = "2026-11-23";
  const facts = { today, horizonDays: 365 };

  it("makes today and earlier days past, whatever else is true of them", () => {
    expect(dayState(today, facts)).toBe("past");
    expect(dayState("2026-11-01", { ...facts, claim: { kind: "booking", mine: true } })).toBe("past");
  });

  it("tells the basket, my bookings and others' claims apart", () => {
    expect(dayState("2026-12-01", { ...facts, claim: { kind: "hold", mine: true } })).toBe("in-basket");
    expect(dayState("2026-12-01", { ...facts, claim: { kind: "booking", mine: true } })).toBe("mine");
    expect(dayState("2026-12-01", { ...facts, claim: { kind: "booking", mine: false } })).toBe("others");
  });

  it("keeps a day in someone else's basket apart from a day they have reserved", () => {
    expect(dayState("2026-12-01", { ...facts, claim: { kind: "hold", mine: false } })).toBe("held-by-others");
  });

  it("blocks a blocked day, and nothing beyond the horizon is free", () => {
    expect(dayState("2026-12-24", { ...facts, blockedTitle: "Julefrokost" })).toBe("blocked");
    expect(dayState(addDays(today, 365), facts)).toBe("free");
    expect(dayState(addDays(today, 366), facts)).toBe("beyond-horizon");
    expect(dayState("2026-11-24", facts)).toBe("free");
  });
});

describe("day boundaries in Copenhagen", () => {
  it("makes the spring-forward day 23 hours long and the fall-back day 25", () => {
    const spring = dayBounds("2026-03-29");
    expect(spring.start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);

    const autumn = dayBounds("2026-10-25");
    expect(autumn.start.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(autumn.end.toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);

    const ordinary = dayBounds("2026-11-24");
    expect(ordinary.end.getTime() - ordinary.start.getTime()).toBe(24 * 3_600_000);
  });

  it("lets each day end where the next begins, across a whole year", () => {
    let day = "2026-01-01";
    for (let index = 0; index < 365; index++) {
      const next = addDays(day, 1);
      expect(dayBounds(day).end).toEqual(dayBounds(next).start);
      day = next;
    }
  });
});

describe("month grid", () => {
  it("shows whole weeks from Monday to Sunday around the month", () => {
    const { weeks, from, to } = monthGrid("2026-12");
    expect(from).toBe("2026-11-30");
    expect(to).toBe("2027-01-03");
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("needs no days of other months when the month starts on a Monday and ends on a Sunday", () => {
    expect(monthGrid("2027-02")).toMatchObject({ from: "2027-02-01", to: "2027-02-28" });
  });

  it("steps months across years and names them in Danish", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(formatMonth("2026-12")).toBe("december 2026");
  });
});
