import { describe, expect, it } from "vitest";
import { documentLineLabel, receiptLineLabel } from "./line-labels";

describe("how documents name an order's lines", () => {
  const day = { day: "2027-04-12", description: "Leje af salen", quantity: 1, unitPriceOere: 550_000 };
  const hours = { day: null, description: "Lydtekniker", quantity: 4, unitPriceOere: 45_000 };
  const once = { day: null, description: "Slutrengøring", quantity: 1, unitPriceOere: 150_000 };
  it.each([
    ["a day's rent", day, "Mandag den 12. april 2027", "Leje af salen, mandag den 12. april 2027"],
    ["hours of an add-on", hours, "Lydtekniker, 4 × 450,00 kr.", "Lydtekniker, 4 × 450,00 kr."],
    ["an add-on once", once, "Slutrengøring", "Slutrengøring"],
  ])("%s", (_name, line, onReceipt, onItsOwn) => {
    expect(receiptLineLabel(line)).toBe(onReceipt);
    expect(documentLineLabel(line)).toBe(onItsOwn);
  });
});
