import { describe, expect, it } from "vitest";
import { orderTotals, percentOf, pricedLine } from "./money";
import { vatIncluded, vatParts, vatSharesOf, type VatCategory } from "./vat";

describe("the moms in a total", () => {
  it.each([
    [450_000, 25, 90_000],
    [1_100_000, 25, 220_000],
    [12_345, 25, 2469],
    [12_347, 25, 2469],
    [12_348, 25, 2470],
    [1, 25, 0],
    [3, 25, 1],
    [0, 25, 0],
    [650_000, 0, 0],
  ])("%i øre at %i %% holds %i øre moms (a fifth at 25 %, to whole øre)", (total, rate, vat) => {
    expect(vatIncluded(total, rate)).toBe(vat);
  });

  it("never meets a tie at 25 %: a fifth of whole øre never ends in half an øre", () => {
    for (let total = 0; total < 1000; total++) expect(((total * 25) / 125) % 1).not.toBe(0.5);
  });
});

describe("a percentage of an amount", () => {
  it.each([
    [1_000_000, 25, 250_000],
    [123_457, 25, 30_864], // 30,864.25
    [10_001, 50, 5001], // 5,000.5: half an øre rounds up
    [99, 0, 0],
    [99, 100, 99],
  ])("%i øre at %i %% is %i øre", (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });
});

describe("a line's moms by its category (decision 054)", () => {
  it.each([
    ["a concert ticket: 25 %", "standard", 19_500, 25, 3_900],
    ["the hall's rent: exempt (momsloven § 13, stk. 1, nr. 8)", "exempt-letting", 650_000, 0, 0],
    ["a security deposit: outside moms", "outside-scope", 200_000, 0, 0],
  ] as const)("%s", (_name, vatCategory: VatCategory, unitPriceOere, rate, vat) => {
    const line = pricedLine({ description: "", quantity: 1, unitPriceOere, vatCategory });
    expect(line).toMatchObject({ vatRatePercent: rate, totalOere: unitPriceOere, vatOere: vat });
  });
});

describe("an order's totals from its lines", () => {
  const line = (quantity: number, unitPriceOere: number, vatCategory: VatCategory = "standard") =>
    pricedLine({ description: "", quantity, unitPriceOere, vatCategory });

  it.each([
    ["one day, exempt", [line(1, 450_000, "exempt-letting")], { totalOere: 450_000, vatOere: 0, netOere: 450_000 }],
    [
      "two exempt days and an add-on per guest at 25 %",
      [line(2, 650_000, "exempt-letting"), line(80, 2_500)],
      { totalOere: 1_500_000, vatOere: 40_000, netOere: 1_460_000 },
    ],
    [
      "a day at 25 % (a company, the venue registered voluntarily) and a security deposit",
      [line(1, 450_000), line(1, 300_000, "outside-scope")],
      { totalOere: 750_000, vatOere: 90_000, netOere: 660_000 },
    ],
    [
      "moms rounded per line, then summed",
      [line(1, 3), line(1, 3)],
      { totalOere: 6, vatOere: 2, netOere: 4 }, // 0.6 + 0.6 → 1 + 1, where the total's 1.2 would give 1
    ],
    ["nothing", [], { totalOere: 0, vatOere: 0, netOere: 0 }],
  ])("%s", (_name, lines, totals) => {
    expect(orderTotals(lines)).toEqual(totals);
  });

  it("sums the parts by category and rate, 25 % first", () => {
    const parts = vatParts([
      line(1, 650_000, "exempt-letting"),
      line(4, 45_000),
      line(1, 60_000),
      line(1, 200_000, "outside-scope"),
    ]);
    expect(parts.map(({ vatCategory, totalOere, vatOere }) => [vatCategory, totalOere, vatOere])).toEqual([
      ["standard", 240_000, 48_000],
      ["exempt-letting", 650_000, 0],
      ["outside-scope", 200_000, 0],
    ]);
  });

  it.each([
    ["a whole", 890_000, [240_000, 650_000], [48_000, 0]],
    ["a quarter", 222_500, [60_000, 162_500], [12_000, 0]],
    ["an amount that does not divide evenly, the last taking what is left", 1_001, [270, 731], [54, 0]],
  ])("shares %s across the parts in proportion", (_name, amount, totals, vats) => {
    const shares = vatSharesOf(vatParts([line(4, 60_000), line(1, 650_000, "exempt-letting")]), amount);
    expect(shares.map((share) => share.totalOere)).toEqual(totals);
    expect(shares.map((share) => share.vatOere)).toEqual(vats);
  });
});
