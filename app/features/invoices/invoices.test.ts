import { describe, expect, it } from "vitest";
import { decimalAmount, invoiceDueDay, invoiceTotals, netLine } from "./invoices";

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
  const day = {
    description: "Leje af salen",
    quantity: 1,
    unitPriceOere: 650_000,
    totalOere: 650_000,
    vatOere: 130_000,
  };
  const hours = { description: "Lydtekniker", quantity: 3, unitPriceOere: 45_001, totalOere: 135_003, vatOere: 27_001 };

  it.each([
    ["a day's rent", day, { netOere: 520_000, netUnitOere: 520_000, vatPercent: 25 }],
    ["three hours whose net does not divide evenly", hours, { netOere: 108_002, netUnitOere: 36_001, vatPercent: 25 }],
    ["a line without moms", { ...day, vatOere: 0 }, { netOere: 650_000, netUnitOere: 650_000, vatPercent: 0 }],
  ])("%s", (_name, line, expected) => {
    expect(netLine(line)).toMatchObject(expected);
  });

  it("adds up: without moms plus moms is the total", () => {
    expect(invoiceTotals([day, hours])).toEqual({ netOere: 628_002, vatOere: 157_001, totalOere: 785_003 });
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
