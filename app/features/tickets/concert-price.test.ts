import { describe, expect, it } from "vitest";
import { concertPrice, salePrice, type SalePrices } from "./concert-price";

const sale = (feeOere: number, ...typePricesOere: number[]): SalePrices => ({ feeOere, typePricesOere });

describe("the price of a concert with its own sale, from the sale with the fee per ticket", () => {
  it.each([
    ["one type with a fee", sale(1000, 19500), "205 kr. inkl. gebyr", 20500, 20500],
    ["two types with a fee: the cheapest total", sale(1500, 17500, 12500), "Fra 140 kr. inkl. gebyr", 14000, 19000],
    ["types that cost the same", sale(1500, 17500, 17500), "190 kr. inkl. gebyr", 19000, 19000],
    ["no fee", sale(0, 17500, 12500), "Fra 125 kr.", 12500, 17500],
    ["one type, no fee", sale(0, 15000), "150 kr.", 15000, 15000],
    ["øre in the total", sale(1050, 19500), "205,50 kr. inkl. gebyr", 20550, 20550],
    ["a free sale", sale(0, 0), "Gratis", 0, 0],
    ["free types only", sale(0, 0, 0), "Gratis", 0, 0],
    ["a free type beside paid ones", sale(0, 0, 15000, 17500), "Gratis eller fra 150 kr.", 0, 17500],
    ["a free type beside one paid", sale(0, 0, 15000), "Gratis eller 150 kr.", 0, 15000],
    ["a free type that still has the fee", sale(1000, 0, 15000), "Fra 10 kr. inkl. gebyr", 1000, 16000],
  ])("%s", (_, prices, text, lowestOere, highestOere) => {
    expect(salePrice(prices)).toEqual({ text, lowestOere, highestOere });
    expect(concertPrice({ ticketSale: "own", price: "" }, prices)).toEqual({ text, lowestOere, highestOere });
  });

  it("shows nothing before the sale has a ticket type", () => {
    expect(salePrice(sale(1000))).toBeNull();
    expect(concertPrice({ ticketSale: "own", price: "" }, null)).toBeNull();
    expect(concertPrice({ ticketSale: "own", price: "" }, sale(1000))).toBeNull();
  });

  it("never shows the admin's text, which may contradict the sale", () => {
    expect(concertPrice({ ticketSale: "own", price: "175 kr. + gebyr" }, sale(1500, 12500))).toEqual({
      text: "140 kr. inkl. gebyr",
      lowestOere: 14000,
      highestOere: 14000,
    });
    expect(concertPrice({ ticketSale: "own", price: "175 kr. + gebyr" }, null)).toBeNull();
  });
});

describe("the price of a concert sold elsewhere or free: the admin's text", () => {
  it.each([
    ["link", "210 kr. inkl. gebyr", 21000],
    ["link", "Fra 1.250 kr. inkl. gebyr", 125000],
    ["link", "99,50 kr", 9950],
    ["link", "150,-", 15000],
    ["none", "Gratis", 0],
    ["none", "gratis entré", 0],
    ["link", "Se billetsælgerens side", null],
    ["link", "  150 kr.  ", 15000],
  ] as const)("%s %j", (ticketSale, text, oere) => {
    expect(concertPrice({ ticketSale, price: text }, null)).toEqual({
      text: text.trim(),
      lowestOere: oere,
      highestOere: oere,
    });
  });

  it("shows nothing when the admin wrote none, whatever sale a concert once had", () => {
    expect(concertPrice({ ticketSale: "link", price: "" }, null)).toBeNull();
    expect(concertPrice({ ticketSale: "none", price: "   " }, sale(1000, 19500))).toBeNull();
  });
});
