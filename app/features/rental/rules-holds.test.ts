import { describe, expect, it } from "vitest";
import {
  holdExpiresAt,
  holdGivesWay,
  holdKeepsDay,
  holdMinutes,
  holdStatus,
  orderHoldExpiresAt,
  paymentOutcome,
  type HoldFacts,
  type HoldStatus,
} from "./rules";

describe("the hold time as told to users", () => {
  it.each([
    [900, 15],
    [930, 16],
    [60, 1],
    [3, 1],
    [86_400, 1440],
  ])("%i seconds are %i minutes", (holdSeconds, minutes) => {
    expect(holdMinutes({ holdSeconds })).toBe(minutes);
  });
});

describe("how long a hold lasts", () => {
  it.each([
    ["2026-11-23T10:00:00Z", 900, "2026-11-23T10:15:00Z"],
    // 01:55 winter time + 15 minutes is 03:10 summer time: a quarter of an hour, as the clock jumps.
    ["2026-03-29T00:55:00Z", 900, "2026-03-29T01:10:00Z"],
    // 02:55 summer time + 15 minutes is 02:10 winter time, the second time the clock shows it.
    ["2026-10-25T00:55:00Z", 900, "2026-10-25T01:10:00Z"],
    ["2026-12-31T22:50:00Z", 900, "2026-12-31T23:05:00Z"],
  ])("a hold made at %s with a hold time of %i s runs out at %s", (now, holdSeconds, expiresAt) => {
    expect(holdExpiresAt(new Date(now), { holdSeconds }).toISOString()).toBe(new Date(expiresAt).toISOString());
  });

  it.each([
    ["the demo page (no limit of its own)", 900, 0, "2026-11-23T10:15:00Z"],
    ["Stripe's 32-minute checkout", 900, 32 * 60, "2026-11-23T10:32:00Z"],
    ["Stripe, when the hold time is longer", 3600, 32 * 60, "2026-11-23T11:00:00Z"],
  ])("going to payment with %s keeps the days until %s", (_provider, holdSeconds, sessionSeconds, expiresAt) => {
    const now = new Date("2026-11-23T10:00:00Z");
    expect(orderHoldExpiresAt(now, { holdSeconds }, sessionSeconds).toISOString()).toBe(
      new Date(expiresAt).toISOString(),
    );
  });
});

describe("what a hold is now", () => {
  const expiresAt = new Date("2026-10-25T01:10:00Z"); // during the fall-back hour
  const before = new Date(expiresAt.getTime() - 1000);
  const after = new Date(expiresAt.getTime() + 1000);

  it.each<[string, Date, Omit<HoldFacts, "expiresAt">, HoldStatus]>([
    ["a hold in a basket, before it runs out", before, { orderStatus: null }, "running"],
    ["a hold in a basket, the instant it runs out", expiresAt, { orderStatus: null }, "expired"],
    ["a hold in a basket, after it ran out", after, { orderStatus: null }, "expired"],
    ["a hold on an order waiting for payment, before", before, { orderStatus: "pending" }, "running"],
    ["a hold on an order waiting for payment, after", after, { orderStatus: "pending" }, "lapsed"],
    ["a hold on an order replaced by a newer one, after", after, { orderStatus: "cancelled" }, "expired"],
    ["a hold on a failed order, after", after, { orderStatus: "failed" }, "expired"],
    ["a day of a request, before its answer is due", before, { orderStatus: "requested" }, "requested"],
    ["a day of an offer, before it runs out", before, { orderStatus: "offered" }, "requested"],
    ["a day of a request, after", after, { orderStatus: "requested" }, "expired"],
    ["a day of an offer, after", after, { orderStatus: "offered" }, "expired"],
    ["a hold whose day was blocked since", before, { orderStatus: null, blockedTitle: "Lukket" }, "closed"],
    ["a hold on an order whose day was blocked", before, { orderStatus: "pending", blockedTitle: "Lukket" }, "closed"],
    ["a hold whose day was blocked, after", after, { orderStatus: null, blockedTitle: "Lukket" }, "expired"],
    ["a lapsed hold whose day was blocked", after, { orderStatus: "pending", blockedTitle: "Lukket" }, "lapsed"],
  ])("%s is %s", (_what, now, facts, status) => {
    expect(holdStatus({ expiresAt, ...facts }, now)).toBe(status);
  });
});

describe("whether a hold keeps others from its day, or gives way to a new claim", () => {
  it.each([
    ["2026-03-29T01:09:59Z", "2026-03-29T01:10:00Z", true],
    ["2026-03-29T01:10:00Z", "2026-03-29T01:10:00Z", false],
    ["2026-10-25T01:30:00Z", "2026-10-25T01:10:00Z", false],
    ["2026-12-31T22:59:59Z", "2026-12-31T23:05:00Z", true],
    ["2027-01-01T00:00:00Z", "2026-12-31T23:05:00Z", false],
  ])("at %s, a hold running out at %s keeps the day: %s", (now, expiresAt, keeps) => {
    expect(holdKeepsDay({ expiresAt: new Date(expiresAt) }, new Date(now))).toBe(keeps);
  });

  it.each<[HoldStatus, boolean]>([
    ["running", false],
    ["requested", false],
    ["closed", false],
    ["lapsed", true],
    ["expired", true],
  ])("a %s hold gives way: %s", (status, givesWay) => {
    expect(holdGivesWay(status)).toBe(givesWay);
  });
});

describe("what a payment gets", () => {
  const days = ["2027-01-01", "2026-12-31"];
  const held = (status: HoldStatus) => days.map((day) => ({ day, status }));
  const noBlocks = new Map<string, string>();

  it.each<[string, { day: string; status: HoldStatus }[], Map<string, string>, ReturnType<typeof paymentOutcome>]>([
    ["every day still held", held("running"), noBlocks, { ok: true }],
    ["every hold lapsed, nobody took the days (a late payment)", held("lapsed"), noBlocks, { ok: true }],
    [
      "one hold lapsed, the other running",
      [
        { day: "2026-12-31", status: "lapsed" },
        { day: "2027-01-01", status: "running" },
      ],
      noBlocks,
      { ok: true },
    ],
    [
      "one day's hold gone (someone else claimed it)",
      [{ day: "2027-01-01", status: "lapsed" }],
      noBlocks,
      { ok: false, reason: "days-gone" },
    ],
    ["no holds left", [], noBlocks, { ok: false, reason: "days-gone" }],
    [
      "a day blocked since the order",
      held("closed"),
      new Map([["2027-01-01", "Nytår"]]),
      { ok: false, reason: "day-closed", day: "2027-01-01", blockedTitle: "Nytår" },
    ],
    [
      "both days blocked: the earlier one is named",
      held("closed"),
      new Map([
        ["2027-01-01", "Nytår"],
        ["2026-12-31", "Nytårsaften"],
      ]),
      { ok: false, reason: "day-closed", day: "2026-12-31", blockedTitle: "Nytårsaften" },
    ],
    [
      "a blocked day whose hold is gone",
      [{ day: "2027-01-01", status: "running" }],
      new Map([["2026-12-31", "Nytårsaften"]]),
      { ok: false, reason: "day-closed", day: "2026-12-31", blockedTitle: "Nytårsaften" },
    ],
  ])("%s: %o", (_what, holds, blocked, outcome) => {
    expect(paymentOutcome(days, holds, blocked)).toEqual(outcome);
  });
});
