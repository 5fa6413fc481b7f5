import { describe, expect, it } from "vitest";
import { lineVat, orderTotals, percentOf, vatIncluded } from "./money";

describe("the moms in a total", () => {
  it.each([
    [450_000, 90_000],
    [1_100_000, 220_000],
    [12_345, 2469],
    [12_347, 2469],
    [12_348, 2470],
    [1, 0],
    [3, 1],
    [0, 0],
  ])("%i øre holds %i øre moms (25 % on top: a fifth of the total, to whole øre)", (total, vat) => {
    expect(vatIncluded(total)).toBe(vat);
  });

  it("never meets a tie: a fifth of whole øre never ends in half an øre", () => {
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

describe("an order's totals from its lines", () => {
  const line = (quantity: number, unitPriceOere: number, withVat = true) => ({ quantity, unitPriceOere, withVat });

  it.each([
    ["one day", [line(1, 450_000)], { totalOere: 450_000, vatOere: 90_000, netOere: 360_000 }],
    [
      "two days and an add-on per guest",
      [line(2, 650_000), line(80, 2_500)],
      { totalOere: 1_500_000, vatOere: 300_000, netOere: 1_200_000 },
    ],
    [
      "a security deposit, which carries no moms",
      [line(1, 450_000), line(1, 300_000, false)],
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
    expect(lines.reduce((sum, each) => sum + lineVat(each), 0)).toBe(totals.vatOere);
  });
});
