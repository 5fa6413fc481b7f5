import { describe, expect, it } from "vitest";
import { addDays, daysBetween, daysSummary, formatMonth, monthGrid, shiftMonth } from "./days";
import { dayBounds } from "./format";

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

describe("addDays", () => {
  it.each([
    ["2026-11-25", 1, "2026-11-26"],
    ["2026-11-30", 1, "2026-12-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2100-02-28", 1, "2100-03-01"],
    ["2000-02-28", 1, "2000-02-29"],
    ["2026-03-28", 1, "2026-03-29"],
    ["2026-10-25", 1, "2026-10-26"],
    ["2026-11-25", 0, "2026-11-25"],
    ["2026-11-25", 365, "2027-11-25"],
    ["2026-11-25", -400, "2025-10-21"],
    ["0099-12-31", 1, "0100-01-01"],
  ])("%s plus %i days is %s", (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it("refuses what is not a date key", () => {
    expect(() => addDays("x", 1)).toThrow(RangeError);
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

describe("days in words and counts", () => {
  it.each([
    ["2026-12-31", "2027-01-01", 1],
    ["2026-03-28", "2026-03-30", 2],
    ["2026-11-25", "2026-11-25", 0],
    ["2026-11-25", "2026-11-20", -5],
  ])("from %s to %s is %i days", (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it("names one day, or counts several from the first", () => {
    expect(daysSummary([])).toBe("");
    expect(daysSummary(["2027-03-10"])).toBe("onsdag den 10. marts 2027");
    expect(daysSummary(["2027-03-11", "2027-03-10"])).toBe("2 dage fra onsdag den 10. marts 2027");
  });
});
