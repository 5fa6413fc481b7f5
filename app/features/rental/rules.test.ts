import { describe, expect, it } from "vitest";
import { addDays, todayInCopenhagen } from "~/lib/days";
import {
  cancellationRefusal,
  daysNearOthers,
  dayPriceFor,
  dayState,
  hasBegun,
  holdRefusal,
  lastBookableDay,
  liveDayState,
  priceOfDay,
  type BasketFacts,
  type DayFacts,
  type Prices,
} from "./rules";

// 2026 in Copenhagen: summer time starts Sunday 29 March at 02:00 (01:00 UTC), ends Sunday 25 October at 03:00
// (01:00 UTC). 2026-11-23 is a Monday.
const SPRING_FORWARD = "2026-03-29";
const FALL_BACK = "2026-10-25";

const prices: Prices = { weekdayPriceOere: 450_000, weekendPriceOere: 650_000, holidaysAtWeekendPrice: true };

describe("the price of a day", () => {
  it.each([
    ["2026-11-23", "a Monday", 450_000],
    ["2026-11-26", "a Thursday", 450_000],
    ["2026-11-27", "a Friday", 650_000],
    ["2026-11-28", "a Saturday", 650_000],
    ["2026-11-29", "a Sunday", 450_000],
    [SPRING_FORWARD, "the spring-forward Sunday (23 hours)", 450_000],
    [FALL_BACK, "the fall-back Sunday (25 hours)", 450_000],
    ["2026-12-31", "nytårsaftensdag, a Thursday and only marked", 450_000],
    ["2027-01-01", "nytårsdag, a public holiday on a Friday", 650_000],
    ["2026-01-01", "nytårsdag, a public holiday on a Thursday", 650_000],
    ["2026-04-06", "2. påskedag, a public holiday on a Monday", 650_000],
    ["2026-06-05", "grundlovsdag, a Friday anyway", 650_000],
    ["2025-06-05", "grundlovsdag on a Thursday: only marked", 450_000],
    ["2026-12-24", "juleaftensdag on a Thursday: only marked", 450_000],
  ])("%s (%s) costs %i øre", (day, _what, oere) => {
    expect(priceOfDay(day, prices)).toBe(oere);
  });

  it.each([
    ["2026-04-06", "2. påskedag", 450_000],
    ["2026-01-01", "nytårsdag on a Thursday", 450_000],
    ["2027-01-01", "nytårsdag on a Friday", 650_000],
  ])("%s (%s) costs %i øre when holidays are not at the weekend price", (day, _what, oere) => {
    expect(priceOfDay(day, { ...prices, holidaysAtWeekendPrice: false })).toBe(oere);
  });
});

describe("whether a day has begun", () => {
  it.each([
    ["2026-11-22", "2026-11-23", true],
    ["2026-11-23", "2026-11-23", true],
    ["2026-11-24", "2026-11-23", false],
    [SPRING_FORWARD, SPRING_FORWARD, true],
    [FALL_BACK, "2026-10-24", false],
    ["2026-12-31", "2027-01-01", true],
    ["2027-01-01", "2026-12-31", false],
  ])("%s, seen on %s: %s", (day, today, begun) => {
    expect(hasBegun(day, today)).toBe(begun);
  });
});

describe("a day after news of it (the live calendar)", () => {
  it.each([
    ["free", "held-by-others", "held-by-others", "someone put it in a basket"],
    ["free", "others", "others", "someone booked it"],
    ["held-by-others", "free", "free", "a hold was released or ran out"],
    ["others", "free", "free", "a booking was cancelled"],
    ["free", "blocked", "blocked", "the admin blocked it"],
    ["blocked", "free", "free", "the admin opened it again"],
    ["in-basket", "held-by-others", "in-basket", "the viewer's own hold, still there"],
    ["mine", "others", "mine", "the viewer's own booking, still there"],
    ["requested", "held-by-others", "requested", "the viewer's own request, still there"],
    ["in-basket", "others", "in-basket", "the viewer's hold became a booking (paid in another tab)"],
    ["in-basket", "free", "free", "the viewer's hold ran out"],
    ["in-basket", "blocked", "blocked", "the admin blocked the viewer's held day"],
    ["mine", "free", "free", "the viewer's booking was cancelled"],
    ["free", "buffer", "buffer", "someone claimed a day nearby"],
    ["buffer", "free", "free", "the claim nearby was released"],
  ] as const)("%s + news %s → %s: %s", (known, news, shown, _why) => {
    expect(liveDayState(known, news)).toBe(shown);
  });

  it.each([
    ["free", "buffer", true, "free", "the claim nearby may be the viewer's own: the page's own view stands"],
    ["free", "buffer", false, "buffer", "no claim of the viewer's nearby: someone else's"],
    ["in-basket", "buffer", true, "buffer", "the viewer's hold gave way to news of the day as kept free"],
  ] as const)("%s + news %s, own claim nearby %s → %s: %s", (known, news, ownNearby, shown, _why) => {
    expect(liveDayState(known, news, ownNearby)).toBe(shown);
  });
});

describe("the state of a day", () => {
  const base: DayFacts = { today: "2026-11-23", horizonDays: 365 };
  const mineHold = { kind: "hold", mine: true } as const;
  const theirHold = { kind: "hold", mine: false } as const;
  const mineBooking = { kind: "booking", mine: true } as const;
  const theirBooking = { kind: "booking", mine: false } as const;

  it.each<[string, string, Partial<DayFacts>, string]>([
    ["2026-11-24", "tomorrow, nothing on it", {}, "free"],
    ["2026-11-23", "today", {}, "past"],
    ["2026-11-01", "an earlier day I booked", { claim: mineBooking }, "past"],
    ["2026-12-01", "in my basket", { claim: mineHold }, "in-basket"],
    ["2026-12-01", "asked for in my request", { claim: { ...mineHold, requested: true } }, "requested"],
    ["2026-12-01", "asked for in another's request", { claim: { ...theirHold, requested: true } }, "held-by-others"],
    ["2026-12-01", "booked by me", { claim: mineBooking }, "mine"],
    ["2026-12-01", "in someone else's basket", { claim: theirHold }, "held-by-others"],
    ["2026-12-01", "booked by someone else", { claim: theirBooking }, "others"],
    ["2026-12-24", "blocked", { blockedTitle: "Julefrokost" }, "blocked"],
    ["2026-12-24", "blocked after I held it", { blockedTitle: "Julefrokost", claim: mineHold }, "blocked"],
    ["2026-12-24", "blocked after someone held it", { blockedTitle: "Julefrokost", claim: theirHold }, "blocked"],
    ["2026-12-24", "blocked after I booked it", { blockedTitle: "Julefrokost", claim: mineBooking }, "mine"],
    ["2026-12-24", "blocked after another booked it", { blockedTitle: "Julefrokost", claim: theirBooking }, "others"],
    ["2027-11-23", "the last day of the horizon", {}, "free"],
    ["2027-11-24", "the day after the horizon", {}, "beyond-horizon"],
    ["2027-11-24", "beyond the horizon and blocked", { blockedTitle: "Ferie" }, "blocked"],
    [SPRING_FORWARD, "the spring-forward Sunday", { today: "2026-03-28" }, "free"],
    [SPRING_FORWARD, "the spring-forward Sunday, on the day", { today: SPRING_FORWARD }, "past"],
    [FALL_BACK, "the fall-back Sunday", { today: "2026-10-24" }, "free"],
    [FALL_BACK, "the fall-back Sunday, on the day", { today: FALL_BACK }, "past"],
    ["2027-01-01", "nytårsdag seen on nytårsaftensdag", { today: "2026-12-31" }, "free"],
    ["2026-12-31", "nytårsaftensdag seen on nytårsdag", { today: "2027-01-01" }, "past"],
    [
      "2027-01-01",
      "the last day of a one-day horizon, across New Year",
      { today: "2026-12-31", horizonDays: 1 },
      "free",
    ],
    ["2027-01-02", "the day after it", { today: "2026-12-31", horizonDays: 1 }, "beyond-horizon"],
    ["2026-12-02", "kept free beside another's booking", { nearOthers: true }, "buffer"],
    ["2026-12-02", "kept free, but in my basket already", { nearOthers: true, claim: mineHold }, "in-basket"],
    ["2026-12-02", "kept free and blocked", { nearOthers: true, blockedTitle: "Maling" }, "blocked"],
    ["2027-11-24", "kept free beyond the horizon", { nearOthers: true }, "beyond-horizon"],
  ])("%s, %s, is %s", (day, _what, facts, state) => {
    expect(dayState(day, { ...base, ...facts })).toBe(state);
  });

  it.each([
    ["2026-03-28T22:59:59Z", "the last second of 28 March (winter time)", "2026-03-28"],
    ["2026-03-28T23:00:00Z", "midnight starting the spring-forward day", SPRING_FORWARD],
    ["2026-03-29T21:59:59Z", "the last second of the 23-hour day", SPRING_FORWARD],
    ["2026-03-29T22:00:00Z", "midnight after it (summer time)", "2026-03-30"],
    ["2026-10-24T21:59:59Z", "the last second of 24 October (summer time)", "2026-10-24"],
    ["2026-10-24T22:00:00Z", "midnight starting the fall-back day", FALL_BACK],
    ["2026-10-25T22:59:59Z", "the last second of the 25-hour day", FALL_BACK],
    ["2026-10-25T23:00:00Z", "midnight after it (winter time)", "2026-10-26"],
    ["2026-12-31T22:59:59Z", "the last second of the year", "2026-12-31"],
    ["2026-12-31T23:00:00Z", "the first second of the new year", "2027-01-01"],
  ])("at %s (%s) today is %s, which is past; the next day is free", (instant, _what, today) => {
    const facts = { today: todayInCopenhagen(new Date(instant)), horizonDays: 365 };
    expect(dayState(today, facts)).toBe("past");
    expect(dayState(addDays(today, 1), facts)).toBe("free");
  });

  it.each([
    ["2026-11-23", 365, "2027-11-23"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-28", 1, SPRING_FORWARD],
    ["2024-02-28", 1, "2024-02-29"],
  ])("from %s with a horizon of %i days, the last bookable day is %s", (today, horizonDays, last) => {
    expect(lastBookableDay(today, horizonDays)).toBe(last);
  });
});

describe("whether a day may go into the basket", () => {
  const base: BasketFacts = { today: "2026-12-30", horizonDays: 365, basketSize: 0, maxDaysPerOrder: 3 };

  it.each<[string, string, Partial<BasketFacts>, ReturnType<typeof holdRefusal>]>([
    ["2027-01-01", "a free day across New Year", {}, null],
    ["2026-12-30", "today", {}, { reason: "past" }],
    ["2026-12-01", "an earlier day, even blocked", { blockedTitle: "Lukket" }, { reason: "past" }],
    ["2027-12-31", "the day after the horizon", {}, { reason: "beyond-horizon" }],
    ["2027-12-30", "the last day of the horizon", {}, null],
    ["2027-01-09", "a day kept free beside another's claim", { nearOthers: true }, { reason: "buffer" }],
    [
      "2027-01-08",
      "a blocked day",
      { blockedTitle: "Vinterlukket" },
      { reason: "blocked", blockedTitle: "Vinterlukket" },
    ],
    [
      "2027-01-08",
      "a blocked day in someone's basket",
      { blockedTitle: "Vinterlukket", claim: { kind: "hold", mine: false } },
      { reason: "blocked", blockedTitle: "Vinterlukket" },
    ],
    [
      "2027-12-31",
      "a blocked day beyond the horizon",
      { blockedTitle: "Nytår" },
      { reason: "blocked", blockedTitle: "Nytår" },
    ],
    [
      "2027-01-08",
      "a day in someone else's basket",
      { claim: { kind: "hold", mine: false } },
      { reason: "held-by-others" },
    ],
    ["2027-01-08", "a day already in my basket", { claim: { kind: "hold", mine: true } }, { reason: "in-basket" }],
    ["2027-01-08", "a day someone booked", { claim: { kind: "booking", mine: false } }, { reason: "others" }],
    ["2027-01-08", "a day I booked", { claim: { kind: "booking", mine: true } }, { reason: "mine" }],
    ["2027-01-08", "a free day with two of three in the basket", { basketSize: 2 }, null],
    ["2027-01-08", "a free day with a full basket", { basketSize: 3 }, { reason: "basket-full", maxDaysPerOrder: 3 }],
    [
      "2027-01-08",
      "a taken day with a full basket",
      { basketSize: 3, claim: { kind: "hold", mine: false } },
      { reason: "held-by-others" },
    ],
    [SPRING_FORWARD, "the spring-forward Sunday", { today: "2026-03-28" }, null],
    [FALL_BACK, "the fall-back Sunday", { today: "2026-10-24" }, null],
    [FALL_BACK, "the fall-back Sunday, on the day", { today: FALL_BACK }, { reason: "past" }],
  ])("%s, %s: %o", (day, _what, facts, refusal) => {
    expect(holdRefusal(day, { ...base, ...facts })).toEqual(refusal);
  });
});

describe("whether a booking may be cancelled", () => {
  it.each<[string, string, number, boolean, ReturnType<typeof cancellationRefusal>]>([
    ["2026-11-23", "2026-12-07", 14, false, null],
    ["2026-11-23", "2026-12-06", 14, false, "too-late"],
    ["2026-11-23", "2026-11-24", 0, false, null],
    ["2026-11-23", "2026-11-23", 0, false, "past"],
    ["2026-11-23", "2026-11-20", 14, false, "past"],
    ["2026-11-23", "2026-11-24", 14, true, null],
    ["2026-11-23", "2026-11-23", 14, true, "past"],
    // Counted in calendar days, so the 23- and 25-hour days count as one each.
    ["2026-03-15", SPRING_FORWARD, 14, false, null],
    ["2026-03-16", SPRING_FORWARD, 14, false, "too-late"],
    ["2026-10-11", FALL_BACK, 14, false, null],
    ["2026-10-12", FALL_BACK, 14, false, "too-late"],
    ["2026-12-18", "2027-01-01", 14, false, null],
    ["2026-12-19", "2027-01-01", 14, false, "too-late"],
    ["2026-12-31", "2027-01-01", 1, false, null],
    ["2026-12-31", "2027-01-01", 2, false, "too-late"],
    ["2027-01-01", "2026-12-31", 0, true, "past"],
  ])(
    "on %s, a booking of %s with a limit of %i days (admin: %s): %s",
    (today, day, cancellationDays, byAdmin, refusal) => {
      expect(cancellationRefusal(day, { today, cancellationDays, byAdmin })).toBe(refusal);
    },
  );
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
    ["my own claims keep nothing from me", [], 1, []],
  ])("%s", (_name, booked, buffer, expected) => {
    const claims = booked.map((day) => ({ day, mine: false }));
    const range = { from: "2027-05-01", to: "2027-07-31" };
    expect([...daysNearOthers(claims, buffer, range)].sort()).toEqual(expected);
  });

  it("keeps nothing free around the looker's own claims, and nothing outside the range", () => {
    const claims = [
      { day: "2027-06-12", mine: true },
      { day: "2027-06-20", mine: false },
    ];
    expect([...daysNearOthers(claims, 2, { from: "2027-06-01", to: "2027-06-20" })].sort()).toEqual([
      "2027-06-18",
      "2027-06-19",
    ]);
  });
});

const termsByType = {
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
    expect(dayPriceFor(day, customerType, termsByType)).toBe(expected);
  });

  it.each([
    ["forening", 200_000],
    ["privat", 450_000],
  ] as const)("a holiday at the weekday price when the settings say so: %s %i øre", (customerType, expected) => {
    expect(dayPriceFor("2027-05-06", customerType, { ...termsByType, holidaysAtWeekendPrice: false })).toBe(expected);
  });
});
