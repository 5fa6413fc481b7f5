import { describe, expect, it } from "vitest";
import {
  cancellationSettlement,
  cancellationTiersSchema,
  chargePercentAt,
  tierDescriptions,
} from "./cancellation-tiers";

// The example of issue 35: 30 days or more free but for the depositum; 14–29 days half; under 14 days all.
const tiers = [
  { minDaysBefore: 30, chargePercent: 0 },
  { minDaysBefore: 14, chargePercent: 50 },
  { minDaysBefore: 0, chargePercent: 100 },
];

describe("the tier that applies", () => {
  it.each([
    [60, 0],
    [30, 0],
    [29, 50],
    [14, 50],
    [13, 100],
    [0, 100],
  ])("%i days before: %i %%", (daysBefore, percent) => {
    expect(chargePercentAt(tiers, daysBefore)).toBe(percent);
  });

  it("charges everything before the first tier, and reads tiers in any order", () => {
    const unordered = [tiers[2]!, tiers[0]!].map((tier) => ({ ...tier, minDaysBefore: tier.minDaysBefore + 7 }));
    expect(chargePercentAt(unordered, 3)).toBe(100);
    expect(chargePercentAt(unordered, 40)).toBe(0);
    expect(chargePercentAt([], 400)).toBe(100);
  });
});

describe("what a cancellation comes to", () => {
  // 13,000 kr of rent, 3,250 kr depositum, first day 2027-06-12.
  const booking = { rentOere: 1_300_000, depositumOere: 325_000, securityDepositPaidOere: 0, firstDay: "2027-06-12" };
  it.each([
    [
      "well ahead, depositum paid: it is kept, nothing else owed",
      { ...booking, rentPaidOere: 325_000 },
      "2027-04-01",
      { chargePercent: 0, chargeOere: 325_000, refundOere: 0, owedOere: 0 },
    ],
    [
      "well ahead, everything paid: all but the depositum back",
      { ...booking, rentPaidOere: 1_300_000, securityDepositPaidOere: 300_000 },
      "2027-04-01",
      { chargePercent: 0, chargeOere: 325_000, refundOere: 1_275_000, owedOere: 0 },
    ],
    [
      "20 days before, depositum paid: half the rent, the rest of it owed",
      { ...booking, rentPaidOere: 325_000 },
      "2027-05-23",
      { chargePercent: 50, chargeOere: 650_000, refundOere: 0, owedOere: 325_000 },
    ],
    [
      "20 days before, everything paid: half back, and the security deposit",
      { ...booking, rentPaidOere: 1_300_000, securityDepositPaidOere: 300_000 },
      "2027-05-23",
      { chargePercent: 50, chargeOere: 650_000, refundOere: 950_000, owedOere: 0 },
    ],
    [
      "a week before, everything paid: only the security deposit back",
      { ...booking, rentPaidOere: 1_300_000, securityDepositPaidOere: 300_000 },
      "2027-06-05",
      { chargePercent: 100, chargeOere: 1_300_000, refundOere: 300_000, owedOere: 0 },
    ],
  ])("%s", (_name, paid, today, settlement) => {
    expect(cancellationSettlement(paid, tiers, today)).toMatchObject(settlement);
  });
});

describe("the admin's tiers", () => {
  it("accepts the example, from form strings", () => {
    const fromForm = tiers.map((tier) => ({
      minDaysBefore: String(tier.minDaysBefore),
      chargePercent: String(tier.chargePercent),
    }));
    expect(cancellationTiersSchema.parse(fromForm)).toEqual(tiers);
  });

  it.each([
    ["a share over 100 %", [{ minDaysBefore: 14, chargePercent: 150 }], "Procentsatsen skal være mellem 0 og 100"],
    ["negative days", [{ minDaysBefore: -1, chargePercent: 50 }], "Antallet af dage kan ikke være negativt"],
    [
      "two tiers from the same day",
      [
        { minDaysBefore: 14, chargePercent: 50 },
        { minDaysBefore: 14, chargePercent: 100 },
      ],
      "To trin kan ikke begynde samme antal dage før",
    ],
  ])("refuses %s in Danish", (_name, input, message) => {
    const result = cancellationTiersSchema.safeParse(input);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe("the tiers in words", () => {
  it.each<[string, { minDaysBefore: number; chargePercent: number }[], string[]]>([
    [
      "the issue's example",
      tiers,
      [
        "30 dage eller mere før: intet ud over depositum",
        "14–29 dage før: 50 % af lejen",
        "Under 14 dage før: 100 % af lejen",
      ],
    ],
    [
      "no tier down to the day: everything after the last",
      [{ minDaysBefore: 60, chargePercent: 25 }],
      ["60 dage eller mere før: 25 % af lejen", "Under 60 dage før: 100 % af lejen"],
    ],
    ["free to the day", [{ minDaysBefore: 0, chargePercent: 0 }], ["Indtil dagen: intet ud over depositum"]],
  ])("%s", (_name, given, words) => {
    expect(tierDescriptions(given)).toEqual(words);
  });
});
