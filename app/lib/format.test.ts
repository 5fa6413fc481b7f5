import { describe, expect, it } from "vitest";
import {
  copenhagenDateKey,
  dayBounds,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatMoney,
  formatTime,
  startOfWeek,
  weekdayIndex,
} from "./format";

const hours = ({ start, end }: { start: Date; end: Date }) => (end.getTime() - start.getTime()) / 3_600_000;

describe("dates in Copenhagen", () => {
  it("formats two-digit day, month and year", () => {
    expect(formatDate(new Date("2026-03-05T12:00:00Z"))).toBe("05.03.26");
  });

  it("uses the Copenhagen day, not UTC's: 23:30 UTC is already tomorrow", () => {
    const instant = new Date("2026-01-31T23:30:00Z");
    expect(copenhagenDateKey(instant)).toBe("2026-02-01");
    expect(formatDate(instant)).toBe("01.02.26");
    expect(formatTime(instant)).toBe("00.30");
    expect(formatDateTime(instant)).toBe("01.02.26 kl. 00.30");
  });

  it("follows summer time: 22:30 UTC in July is 00:30 the next day", () => {
    expect(copenhagenDateKey(new Date("2026-07-14T22:30:00Z"))).toBe("2026-07-15");
    expect(formatTime(new Date("2026-07-14T12:00:00Z"))).toBe("14.00");
  });

  it("writes the full Danish date", () => {
    expect(formatDateLong(new Date("2026-03-05T12:00:00Z"))).toBe("torsdag den 5. marts 2026");
    expect(formatDateLong(new Date("2026-12-31T23:30:00Z"))).toBe("fredag den 1. januar 2027");
  });
});

describe("dayBounds", () => {
  it("gives an ordinary winter day 24 hours from Copenhagen midnight", () => {
    const bounds = dayBounds("2026-01-15");
    expect(bounds.start.toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(hours(bounds)).toBe(24);
  });

  it("gives the day of the switch to summer time 23 hours", () => {
    const bounds = dayBounds("2026-03-29");
    expect(bounds.start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(bounds.end.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(hours(bounds)).toBe(23);
  });

  it("gives the day of the switch back to winter time 25 hours", () => {
    const bounds = dayBounds("2026-10-25");
    expect(bounds.start.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(bounds.end.toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(hours(bounds)).toBe(25);
  });

  it("maps every instant of a day back to that day", () => {
    for (const key of ["2026-03-29", "2026-10-25", "2026-12-31"]) {
      const { start, end } = dayBounds(key);
      expect(copenhagenDateKey(start)).toBe(key);
      expect(copenhagenDateKey(new Date(end.getTime() - 1))).toBe(key);
    }
  });

  it.each(["2026-02-30", "2026-13-01", "26-01-01", "x", ""])("refuses %j", (key) => {
    expect(() => dayBounds(key)).toThrow(RangeError);
  });
});

describe("weeks start on Monday", () => {
  it("numbers Monday 0 and Sunday 6", () => {
    expect(weekdayIndex("2026-11-23")).toBe(0);
    expect(weekdayIndex("2026-11-29")).toBe(6);
  });

  it("finds the Monday across a month and a year boundary", () => {
    expect(startOfWeek("2026-11-29")).toBe("2026-11-23");
    expect(startOfWeek("2026-03-01")).toBe("2026-02-23");
    expect(startOfWeek("2027-01-01")).toBe("2026-12-28");
    expect(startOfWeek("2026-11-23")).toBe("2026-11-23");
  });
});

describe("formatMoney", () => {
  it.each([
    [123450, "1.234,50 kr."],
    [0, "0,00 kr."],
    [100, "1,00 kr."],
    [99, "0,99 kr."],
    [100_000_000, "1.000.000,00 kr."],
    [-123450, "-1.234,50 kr."],
  ])("formats %i øre as %s", (oere, text) => {
    expect(formatMoney(oere)).toBe(text);
  });

  it("refuses fractions of an øre", () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
  });
});
