import { afterEach, describe, expect, it } from "vitest";
import {
  copenhagenDateKey,
  copenhagenDateTime,
  copenhagenInstant,
  formatEventTime,
  formatBytes,
  dayBounds,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatMoney,
  formatPrice,
  formatTime,
  kronerForInput,
  LOCALE,
  parseKroner,
  TIME_ZONE,
  weekdayIndex,
} from "./format";
import type * as FormatModule from "./format";

const hours = ({ start, end }: { start: Date; end: Date }) => (end.getTime() - start.getTime()) / 3_600_000;

it("names the site's locale and time zone", () => {
  expect(LOCALE).toBe("da-DK");
  expect(TIME_ZONE).toBe("Europe/Copenhagen");
});

describe("formatDate and formatTime", () => {
  it("formats two-digit day, month and year with dots", () => {
    expect(formatDate(new Date("2026-03-05T12:00:00Z"))).toBe("05.03.26");
    expect(formatDate(new Date("2026-11-23T12:00:00Z"))).toBe("23.11.26");
  });

  it("formats a 24-hour time with a dot", () => {
    expect(formatTime(new Date("2026-03-05T13:30:00Z"))).toBe("14.30");
    expect(formatTime(new Date("2026-03-05T08:05:00Z"))).toBe("09.05");
  });

  it("writes Copenhagen midnight as 00.00, not 24.00", () => {
    expect(formatTime(new Date("2026-01-14T23:00:00Z"))).toBe("00.00");
  });

  it("uses the Copenhagen day, not UTC's: 23:30 UTC is already tomorrow", () => {
    const instant = new Date("2026-01-31T23:30:00Z");
    expect(copenhagenDateKey(instant)).toBe("2026-02-01");
    expect(formatDate(instant)).toBe("01.02.26");
    expect(formatTime(instant)).toBe("00.30");
    expect(formatDateTime(instant)).toBe("01.02.26 kl. 00.30");
  });

  it("crosses the year in Copenhagen an hour before UTC does", () => {
    expect(formatDateTime(new Date("2026-12-31T22:59:00Z"))).toBe("31.12.26 kl. 23.59");
    expect(formatDateTime(new Date("2026-12-31T23:00:00Z"))).toBe("01.01.27 kl. 00.00");
  });

  it("follows summer time: two hours ahead of UTC", () => {
    expect(formatTime(new Date("2026-07-14T12:00:00Z"))).toBe("14.00");
    expect(formatDateTime(new Date("2026-07-14T22:30:00Z"))).toBe("15.07.26 kl. 00.30");
  });

  it("skips 02.00–03.00 on the switch to summer time", () => {
    expect(formatTime(new Date("2026-03-29T00:59:00Z"))).toBe("01.59");
    expect(formatTime(new Date("2026-03-29T01:00:00Z"))).toBe("03.00");
  });

  it("repeats 02.00–03.00 on the switch back", () => {
    expect(formatTime(new Date("2026-10-25T00:30:00Z"))).toBe("02.30");
    expect(formatTime(new Date("2026-10-25T01:30:00Z"))).toBe("02.30");
  });
});

describe("formatDateLong", () => {
  it.each([
    ["2026-03-05T12:00:00Z", "torsdag den 5. marts 2026"],
    ["2026-05-01T10:00:00Z", "fredag den 1. maj 2026"],
    ["2026-10-25T12:00:00Z", "søndag den 25. oktober 2026"],
    ["2028-02-29T12:00:00Z", "tirsdag den 29. februar 2028"],
    ["2026-12-31T23:30:00Z", "fredag den 1. januar 2027"],
  ])("writes %s as %j", (iso, text) => {
    expect(formatDateLong(new Date(iso))).toBe(text);
  });
});

describe("whatever the machine's time zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it.each([
    ["UTC", 0],
    ["America/Los_Angeles", 480],
    ["Pacific/Kiritimati", -840],
  ])("formats the same in %s", async (tz, offsetMinutes) => {
    process.env.TZ = tz;
    // A copy of the module of its own, made in this zone. Not vi.resetModules(): the worker's other files share
    // its modules (isolate: false), and would all be imported anew after it.
    const format = (await import(`./format?zone=${tz}`)) as typeof FormatModule;
    // The machine's own zone really changed; only the module under test ignores it.
    expect(new Date("2026-01-15T12:00:00Z").getTimezoneOffset()).toBe(offsetMinutes);

    const nearMidnightUtc = new Date("2026-03-28T23:30:00Z");
    expect(format.formatDateTime(nearMidnightUtc)).toBe("29.03.26 kl. 00.30");
    expect(format.formatDateLong(nearMidnightUtc)).toBe("søndag den 29. marts 2026");
    expect(format.copenhagenDateKey(nearMidnightUtc)).toBe("2026-03-29");
    expect(format.copenhagenDateKey(new Date("2026-03-28T22:59:59Z"))).toBe("2026-03-28");
    expect(format.dayBounds("2026-03-29").start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(format.dayBounds("2026-10-25").end.toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(format.weekdayIndex("2026-03-29")).toBe(6);
  });
});

describe("copenhagenDateKey", () => {
  it.each([
    ["2026-01-15T22:59:59Z", "2026-01-15"],
    ["2026-01-15T23:00:00Z", "2026-01-16"],
    ["2026-01-31T23:30:00Z", "2026-02-01"],
    ["2026-07-14T21:59:59Z", "2026-07-14"],
    ["2026-07-14T22:00:00Z", "2026-07-15"],
    ["2026-12-31T23:30:00Z", "2027-01-01"],
  ])("puts %s on %s", (iso, key) => {
    expect(copenhagenDateKey(new Date(iso))).toBe(key);
  });
});

describe("dayBounds", () => {
  it("gives an ordinary winter day 24 hours from Copenhagen midnight", () => {
    const bounds = dayBounds("2026-01-15");
    expect(bounds.start.toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(bounds.end.toISOString()).toBe("2026-01-15T23:00:00.000Z");
  });

  it("starts a summer day two hours before UTC midnight", () => {
    const bounds = dayBounds("2026-07-14");
    expect(bounds.start.toISOString()).toBe("2026-07-13T22:00:00.000Z");
    expect(bounds.end.toISOString()).toBe("2026-07-14T22:00:00.000Z");
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

  it("gives every other day of the year 24 hours, each starting where the last ended", () => {
    const lengths = new Map<string, number>();
    let previousEnd: Date | undefined;
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
      const key = new Date(day).toISOString().slice(0, 10);
      const bounds = dayBounds(key);
      if (previousEnd) expect(bounds.start).toEqual(previousEnd);
      previousEnd = bounds.end;
      if (hours(bounds) !== 24) lengths.set(key, hours(bounds));
    }
    expect(Object.fromEntries(lengths)).toEqual({ "2026-03-29": 23, "2026-10-25": 25 });
  });

  it("maps the first and last instant of a day back to that day", () => {
    for (const key of ["2026-03-29", "2026-10-25", "2026-12-31", "2028-02-29"]) {
      const { start, end } = dayBounds(key);
      expect(copenhagenDateKey(start)).toBe(key);
      expect(copenhagenDateKey(new Date(end.getTime() - 1))).toBe(key);
      expect(copenhagenDateKey(end)).not.toBe(key);
    }
  });

  it.each([
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-01-32",
    "26-01-01",
    "2026-1-5",
    "2026/01/01",
    " 2026-01-01",
    "2026-01-01T00:00:00Z",
    "x",
    "",
  ])("refuses %j", (key) => {
    expect(() => dayBounds(key)).toThrow(RangeError);
    expect(() => weekdayIndex(key)).toThrow(RangeError);
  });
});

describe("weeks start on Monday", () => {
  it("numbers Monday 0 through Sunday 6", () => {
    const week = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"];
    expect(week.map(weekdayIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe("formatEventTime", () => {
  it.each([
    ["2026-12-04T19:00:00Z", "fre. 4. dec. kl. 20.00"],
    ["2026-05-01T18:30:00Z", "fre. 1. maj kl. 20.30"],
    ["2026-12-31T23:30:00Z", "fre. 1. jan. kl. 00.30"],
  ])("%s → %s", (instant, text) => {
    expect(formatEventTime(new Date(instant))).toBe(text);
  });
});

describe("copenhagenInstant and copenhagenDateTime", () => {
  it.each([
    ["2026-12-04", "20:00", "2026-12-04T19:00:00.000Z"],
    ["2026-07-04", "20:00", "2026-07-04T18:00:00.000Z"],
    ["2026-03-29", "01:59", "2026-03-29T00:59:00.000Z"],
    ["2026-03-29", "03:00", "2026-03-29T01:00:00.000Z"],
    ["2026-10-25", "03:00", "2026-10-25T02:00:00.000Z"],
    ["2026-12-31", "23:59", "2026-12-31T22:59:00.000Z"],
    ["2027-01-01", "00:00", "2026-12-31T23:00:00.000Z"],
  ])("%s %s in Copenhagen is %s, and back", (day, time, iso) => {
    expect(copenhagenInstant(day, time).toISOString()).toBe(iso);
    expect(copenhagenDateTime(new Date(iso))).toEqual({ date: day, time });
  });

  it.each([
    ["2026-02-30", "20:00"],
    ["2026-12-04", "24:00"],
    ["2026-12-04", "8:00"],
  ])("refuses %s %s", (day, time) => {
    expect(() => copenhagenInstant(day, time)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it.each([
    [123450, "1.234,50 kr."],
    [0, "0,00 kr."],
    [-0, "0,00 kr."],
    [1, "0,01 kr."],
    [5, "0,05 kr."],
    [99, "0,99 kr."],
    [100, "1,00 kr."],
    [1234567, "12.345,67 kr."],
    [100_000_000, "1.000.000,00 kr."],
    [-1, "-0,01 kr."],
    [-123450, "-1.234,50 kr."],
    [Number.MAX_SAFE_INTEGER, "90.071.992.547.409,91 kr."],
  ])("formats %i øre as %j", (oere, text) => {
    expect(formatMoney(oere)).toBe(text);
  });

  it("uses only an ASCII hyphen-minus and plain spaces", () => {
    expect(formatMoney(-123450)).toMatch(/^-[\d.]+,\d\d kr\.$/);
  });

  it.each([10.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    "refuses %d, which is not a whole number of øre",
    (oere) => {
      expect(() => formatMoney(oere)).toThrow(RangeError);
    },
  );
});

describe("formatPrice", () => {
  it.each([
    [20500, "205 kr."],
    [20550, "205,50 kr."],
    [125000, "1.250 kr."],
    [5, "0,05 kr."],
    [0, "0 kr."],
  ])("prints %i øre as the programme does, %j", (oere, text) => {
    expect(formatPrice(oere)).toBe(text);
  });
});

describe("parseKroner", () => {
  it.each([
    ["1250", 125_000],
    ["1.250", 125_000],
    ["1 250", 125_000],
    ["1\u00a0250", 125_000],
    ["1250,50", 125_050],
    ["1250,5", 125_050],
    ["1 250,50", 125_050],
    ["1.250,50", 125_050],
    ["1.250,50 kr.", 125_050],
    ["1.250,50 kr", 125_050],
    ["kr. 1.250", 125_000],
    ["1.250,-", 125_000],
    ["450 DKK", 45_000],
    ["1.000.000", 100_000_000],
    ["  0 ", 0],
    ["0,01", 1],
    // A decimal point after plain digits, as the settings form has always read it.
    ["1250.50", 125_050],
    ["12.5", 1_250],
    ["-100", -10_000],
    ["\u2212100,50", -10_050],
  ])("reads %j as %i øre", (typed, oere) => {
    expect(parseKroner(typed)).toBe(oere);
  });

  it.each([
    "",
    "kr.",
    "mange",
    "1,250",
    "12,345",
    "0,005",
    "1.2500",
    "1.250.50",
    "1.250 000",
    "12,",
    ",50",
    "1e3",
    "0x10",
    "Infinity",
    "1 2 3",
    "99999999999999999999",
  ])("refuses %j", (typed) => {
    expect(parseKroner(typed)).toBeNull();
  });

  it.each([
    [125_050, "1250,50"],
    [125_000, "1250"],
    [125_005, "1250,05"],
    [1, "0,01"],
    [0, "0"],
    [-10_050, "-100,50"],
    [100_000_000, "1000000"],
  ])("writes %i øre in a field as %j, and reads it back", (oere, typed) => {
    expect(kronerForInput(oere)).toBe(typed);
    expect(parseKroner(typed)).toBe(oere);
  });

  it("refuses to write an amount that is not whole øre", () => {
    expect(() => kronerForInput(10.5)).toThrow(RangeError);
  });
});

describe("formatBytes", () => {
  it("writes sizes the Danish way in powers of 1000", () => {
    expect([0, 999, 1_000, 1_234_567, 52_300_000_000].map(formatBytes)).toEqual([
      "0 B",
      "999 B",
      "1 kB",
      "1,2 MB",
      "52,3 GB",
    ]);
  });
});

describe("the Copenhagen wall clock, kept per hour", () => {
  // An oracle apart from format.ts's own formatter: Swedish writes "2026-03-29 01:59:00".
  const askIntl = (instant: number) => {
    const [date, time] = new Date(instant)
      .toLocaleString("sv-SE", { timeZone: "Europe/Copenhagen", hourCycle: "h23" })
      .split(" ");
    return { date, time: time!.slice(0, 5) };
  };

  it.each([
    ["the switch to summer time", "2026-03-29T00:00:00Z"],
    ["the switch back to winter time", "2026-10-25T00:00:00Z"],
    ["New Year", "2026-12-31T21:00:00Z"],
    [
      "the end of local mean time, in the middle of an hour (1893, as this Intl knows the zone)",
      "1893-03-31T22:00:00Z",
    ],
  ])("agrees with Intl every 59 s through four hours around %s, asked twice", (_name, from) => {
    const start = Date.parse(from);
    for (let round = 0; round < 2; round++) {
      for (let instant = start; instant < start + 4 * 3_600_000; instant += 59_000) {
        expect(copenhagenDateTime(new Date(instant))).toEqual(askIntl(instant));
      }
    }
  });
});
