import { describe, expect, it } from "vitest";
import {
  balanceReminderDays,
  depositumOf,
  isOverdue,
  paymentPlan,
  paymentTermsOf,
  reminderDue,
  securityDepositCarrier,
  type PaymentTerms,
} from "./payment-plan";

const quarter: PaymentTerms = { depositum: { kind: "percent", percent: 25 }, balanceDaysBefore: 30 };
const fixed: PaymentTerms = { depositum: { kind: "fixed", amountOere: 200_000 }, balanceDaysBefore: 30 };

describe("the depositum of a rent", () => {
  it.each([
    ["25 % of 13,000 kr", 1_300_000, quarter, 325_000],
    ["25 % rounds to whole øre", 1_234_567, quarter, 308_642],
    ["a fixed 2,000 kr", 1_300_000, fixed, 200_000],
    ["a fixed amount over the rent is the rent", 150_000, fixed, 150_000],
  ])("%s", (_name, rent, terms, expected) => {
    expect(depositumOf(rent, terms.depositum!)).toBe(expected);
  });
});

describe("the admin's terms from the settings row", () => {
  it.each([
    [
      { depositumPercent: 25, depositumFixedOere: null },
      { kind: "percent", percent: 25 },
    ],
    [
      { depositumPercent: null, depositumFixedOere: 200_000 },
      { kind: "fixed", amountOere: 200_000 },
    ],
    [{ depositumPercent: null, depositumFixedOere: null }, null],
  ])("%j", (row, depositum) => {
    expect(paymentTermsOf({ ...row, balanceDaysBefore: 30 })).toEqual({ depositum, balanceDaysBefore: 30 });
  });
});

describe("the payment plan", () => {
  const booking = { rentOere: 1_300_000, securityDepositOere: 0, firstDay: "2027-06-12" };
  it.each([
    [
      "well ahead: the depositum today, the rest 30 days before the first day",
      booking,
      quarter,
      "2026-12-01",
      [
        { kind: "depositum", amountOere: 325_000, dueDay: "2026-12-01" },
        { kind: "balance", amountOere: 975_000, dueDay: "2027-05-13" },
      ],
    ],
    [
      "the security deposit is paid with the rest",
      { ...booking, securityDepositOere: 300_000 },
      quarter,
      "2026-12-01",
      [
        { kind: "depositum", amountOere: 325_000, dueDay: "2026-12-01" },
        { kind: "balance", amountOere: 1_275_000, dueDay: "2027-05-13" },
      ],
    ],
    [
      "the day before the due day: still two payments",
      booking,
      quarter,
      "2027-05-12",
      [
        { kind: "depositum", amountOere: 325_000, dueDay: "2027-05-12" },
        { kind: "balance", amountOere: 975_000, dueDay: "2027-05-13" },
      ],
    ],
    [
      "on the due day: everything at once",
      booking,
      quarter,
      "2027-05-13",
      [{ kind: "everything", amountOere: 1_300_000, dueDay: "2027-05-13" }],
    ],
    [
      "inside the window, with a security deposit: everything at once",
      { ...booking, securityDepositOere: 300_000 },
      quarter,
      "2027-06-01",
      [{ kind: "everything", amountOere: 1_600_000, dueDay: "2027-06-01" }],
    ],
    [
      "a depositum that is the whole rent leaves no rest",
      { ...booking, rentOere: 150_000 },
      fixed,
      "2026-12-01",
      [{ kind: "depositum", amountOere: 150_000, dueDay: "2026-12-01" }],
    ],
    [
      "without a depositum: everything at booking, however far ahead",
      booking,
      { depositum: null, balanceDaysBefore: 30 },
      "2026-12-01",
      [{ kind: "everything", amountOere: 1_300_000, dueDay: "2026-12-01" }],
    ],
    [
      "the due day across the change to summer time",
      { ...booking, firstDay: "2027-04-10" },
      { ...quarter, balanceDaysBefore: 14 },
      "2027-01-04",
      [
        { kind: "depositum", amountOere: 325_000, dueDay: "2027-01-04" },
        { kind: "balance", amountOere: 975_000, dueDay: "2027-03-27" },
      ],
    ],
  ])("%s", (_name, amounts, terms, today, plan) => {
    expect(paymentPlan(amounts, terms, today)).toEqual(plan);
  });
});

describe("the balance's reminders and when it is overdue", () => {
  it("reminds a week before the due day, and on it", () => {
    expect(balanceReminderDays("2027-05-13")).toEqual(["2027-05-06", "2027-05-13"]);
  });

  it.each([
    ["2027-05-12", false],
    ["2027-05-13", false],
    ["2027-05-14", true],
  ])("due 2027-05-13, on %s overdue: %s", (today, overdue) => {
    expect(isOverdue({ dueDay: "2027-05-13" }, today)).toBe(overdue);
  });

  it.each([
    ["before the week", "2027-05-05", null, null],
    ["a week before", "2027-05-06", null, "week-before"],
    ["a week before, already reminded", "2027-05-06", "2027-05-06", null],
    ["between, reminded a week before", "2027-05-10", "2027-05-06", null],
    ["the job was down that week: the week's reminder late", "2027-05-09", null, "week-before"],
    ["on the due day, reminded a week before", "2027-05-13", "2027-05-06", "due-day"],
    ["on the due day, already reminded", "2027-05-13", "2027-05-13", null],
    ["overdue, never reminded: only the due day's", "2027-05-20", null, "due-day"],
  ])("%s (%s, last %s): %s", (_name, today, remindedOn, expected) => {
    expect(reminderDue({ dueDay: "2027-05-13", remindedOn }, today)).toBe(expected);
  });
});

describe("the payment that carries the security deposit", () => {
  it.each([
    ["everything at once", [{ kind: "everything", dueDay: "2027-03-01" }], "everything"],
    [
      "the balance after the depositum, in any order",
      [
        { kind: "balance", dueDay: "2027-05-01" },
        { kind: "depositum", dueDay: "2027-03-01" },
      ],
      "balance",
    ],
    ["none without payments", [], undefined],
  ])("%s", (_name, payments, kind) => {
    expect(securityDepositCarrier(payments)?.kind).toBe(kind);
  });
});
