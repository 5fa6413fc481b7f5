import { describe, expect, it } from "vitest";
import { addOnQuantity, requiredAddOns, type AddOnUnit } from "./add-ons";

describe("how many units of an add-on a booking takes", () => {
  const booking = { days: 2, hours: 3, guests: 80 };
  it.each<[AddOnUnit, number]>([
    ["booking", 1],
    ["day", 2],
    ["hour", 3],
    ["guest", 80],
  ])("by %s: %i", (unit, quantity) => {
    expect(addOnQuantity(unit, booking)).toBe(quantity);
  });

  it("takes no hours of an add-on by the hour that the booker chose none of", () => {
    expect(addOnQuantity("hour", { days: 1, guests: 10 })).toBe(0);
  });
});

describe("the add-ons a customer type must take", () => {
  const cleaning = { name: "Slutrengøring", requiredFor: ["privat" as const, "forening" as const] };
  const technician = { name: "Lydtekniker", requiredFor: [] };
  it.each([
    ["privat", ["Slutrengøring"]],
    ["forening", ["Slutrengøring"]],
    ["erhverv", []],
    ["offentlig", []],
  ] as const)("%s: %j", (customerType, names) => {
    expect(requiredAddOns([cleaning, technician], customerType).map((addOn) => addOn.name)).toEqual(names);
  });
});
