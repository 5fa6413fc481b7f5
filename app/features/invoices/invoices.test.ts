import { describe, expect, it } from "vitest";
import { creditNoteLines, decimalAmount, invoiceDueDay, invoiceTotals, netLine } from "./invoices";

describe("when an invoice falls due", () => {
  it.each([
    ["14 days net, well before the day", "2027-03-01", "2027-06-12", 14, "2027-03-15"],
    ["the day before the first day, when that is sooner", "2027-06-01", "2027-06-12", 14, "2027-06-11"],
    ["issued the day before the day: that day", "2027-06-11", "2027-06-12", 14, "2027-06-11"],
    ["issued on the day: that day", "2027-06-12", "2027-06-12", 14, "2027-06-12"],
    ["across a month's end", "2027-01-25", "2027-06-12", 14, "2027-02-08"],
    ["0 days net: at once", "2027-03-01", "2027-06-12", 0, "2027-03-01"],
  ])("%s", (_name, today, firstDay, days, due) => {
    expect(invoiceDueDay(today, firstDay, days)).toBe(due);
  });
});

describe("an invoice's lines and amounts without moms", () => {
  const standard = { vatCategory: "standard", vatRatePercent: 25 } as const;
  const exempt = { vatCategory: "exempt-letting", vatRatePercent: 0 } as const;
  const day = { description: "Leje af salen", quantity: 1, unitPriceOere: 650_000, totalOere: 650_000 };
  const rentAt25 = { ...day, ...standard, vatOere: 130_000 };
  const exemptRent = { ...day, ...exempt, vatOere: 0 };
  const hours = {
    description: "Lydtekniker",
    quantity: 3,
    unitPriceOere: 45_001,
    ...standard,
    totalOere: 135_003,
    vatOere: 27_001,
  };

  it.each([
    [
      "a day's rent with moms (a company, the venue registered voluntarily)",
      rentAt25,
      { netOere: 520_000, netUnitOere: 520_000 },
    ],
    ["three hours whose net does not divide evenly", hours, { netOere: 108_002, netUnitOere: 36_001 }],
    ["a day's rent exempt from moms", exemptRent, { netOere: 650_000, netUnitOere: 650_000 }],
  ])("%s", (_name, line, expected) => {
    expect(netLine(line)).toMatchObject(expected);
  });

  it.each([
    ["at 25 % throughout", [rentAt25, hours], { netOere: 628_002, vatOere: 157_001, totalOere: 785_003 }],
    [
      "exempt rent and an add-on at 25 %",
      [exemptRent, hours],
      { netOere: 758_002, vatOere: 27_001, totalOere: 785_003 },
    ],
  ])("adds up %s: without moms plus moms is the total", (_name, lines, totals) => {
    expect(invoiceTotals(lines)).toEqual(totals);
  });

  it("credits each category of the invoice in proportion, with its own moms, adding up to the credit", () => {
    const lines = creditNoteLines([exemptRent, hours], 392_502, "Kreditering");
    expect(lines.map(({ vatCategory, totalOere, vatOere }) => [vatCategory, totalOere, vatOere])).toEqual([
      ["standard", 67_502, 13_501],
      ["exempt-letting", 325_000, 0],
    ]);
    expect(lines.reduce((sum, line) => sum + line.totalOere, 0)).toBe(392_502);
  });

  it("credits a security deposit whole before it shares the rest over what was sold", () => {
    const deposit = {
      description: "Sikkerhedsdepositum",
      quantity: 1,
      unitPriceOere: 300_000,
      vatCategory: "outside-scope",
      vatRatePercent: 0,
      totalOere: 300_000,
      vatOere: 0,
    } as const;
    const addOn = { ...hours, totalOere: 200_000, unitPriceOere: 200_000, quantity: 1, vatOere: 40_000 };
    const rent = { ...exemptRent, totalOere: 1_000_000, unitPriceOere: 1_000_000 };
    // Invoiced 15.000 kr., 6.000 kr. kept: 9.000 kr. credited, the deposit's 3.000 kr. among it.
    const lines = creditNoteLines([rent, addOn, deposit], 900_000, "Kreditering");
    expect(lines.map(({ vatCategory, totalOere, vatOere }) => [vatCategory, totalOere, vatOere])).toEqual([
      ["standard", 100_000, 20_000],
      ["exempt-letting", 500_000, 0],
      ["outside-scope", 300_000, 0],
    ]);
  });

  it("keeps an issued credit note's own moms when its lines are made again", () => {
    const lines = creditNoteLines([exemptRent, hours], 392_502, "Kreditering", 13_500);
    expect(lines.reduce((sum, line) => sum + line.vatOere, 0)).toBe(13_500);
    expect(lines.find((line) => line.vatCategory === "exempt-letting")?.vatOere).toBe(0);
  });

  it("credits an invoice of one category as one line, its moms the invoice's share (as credit notes were issued)", () => {
    const [line, ...more] = creditNoteLines([rentAt25, hours], 100_001, "Kreditering");
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      vatCategory: "standard",
      totalOere: 100_001,
      vatOere: Math.round((100_001 * 157_001) / 785_003),
    });
  });

  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [123_450, "1234.50"],
    [-2_500, "-25.00"],
  ])("%i øre as a decimal amount: %s", (oere, text) => {
    expect(decimalAmount(oere)).toBe(text);
  });
});
