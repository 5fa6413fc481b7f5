import { describe, expect, it } from "vitest";
import type { AddOnUnit } from "~/db/schema/values/rental";
import { addOnLines, addOnProblems, addOnQuantity, chosenAddOns } from "./add-ons";

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

describe("the add-ons a booking takes, and their lines", () => {
  const offered = [
    {
      id: "tekniker",
      name: "Lydtekniker",
      description: "",
      unit: "hour" as const,
      priceOere: 45_000,
      vat: "standard" as const,
      requiredFor: [],
    },
    {
      id: "rengoring",
      name: "Slutrengøring",
      description: "",
      unit: "booking" as const,
      priceOere: 150_000,
      vat: "standard" as const,
      requiredFor: ["privat" as const],
    },
    {
      id: "borde",
      name: "Borde",
      description: "",
      unit: "day" as const,
      priceOere: 60_000,
      vat: "as-rent" as const,
      requiredFor: [],
    },
    {
      id: "kaffe",
      name: "Kaffe",
      description: "",
      unit: "guest" as const,
      priceOere: 2_500,
      vat: "standard" as const,
      requiredFor: [],
    },
  ];

  it.each([
    ["privat, nothing chosen: the required one", "privat", [], ["rengoring"]],
    ["forening, nothing chosen: none", "forening", [], []],
    ["forening, two chosen: in the admin's order", "forening", ["kaffe", "tekniker"], ["tekniker", "kaffe"]],
    ["privat, the required one chosen too: once", "privat", ["rengoring", "borde"], ["rengoring", "borde"]],
    ["an id not offered is no add-on", "forening", ["sauna"], []],
  ] as const)("%s", (_name, customerType, ids, expected) => {
    expect(chosenAddOns(offered, { ids }, customerType).map((addOn) => addOn.id)).toEqual(expected);
  });

  it("prices each by its unit for a booking of two days", () => {
    const selection = { ids: [], hours: { tekniker: 6 }, guests: 80 };
    expect(
      addOnLines(offered, selection, 2, "exempt-letting").map(({ description, quantity }) => [description, quantity]),
    ).toEqual([
      ["Lydtekniker", 6],
      ["Slutrengøring", 1],
      ["Borde", 2],
      ["Kaffe", 80],
    ]);
  });

  it.each([
    ["exempt", "exempt-letting", ["standard", "standard", "exempt-letting", "standard"]],
    [
      "at 25 % (a company, the venue registered voluntarily)",
      "standard",
      ["standard", "standard", "standard", "standard"],
    ],
  ] as const)(
    "gives each its own moms, or the rent's where it is part of the letting: rent %s",
    (_name, rent, expected) => {
      const selection = { ids: [], hours: { tekniker: 6 }, guests: 80 };
      expect(addOnLines(offered, selection, 2, rent).map((line) => line.vatCategory)).toEqual(expected);
    },
  );

  it.each([
    ["hours missing", { ids: [], hours: {}, guests: 10 }, { timer_tekniker: expect.stringContaining("timer") }],
    [
      "guests missing",
      { ids: [], hours: { tekniker: 2 }, guests: null },
      { gaester: "Skriv det forventede antal gæster" },
    ],
    ["all there", { ids: [], hours: { tekniker: 2 }, guests: 10 }, {}],
  ])("says what is missing: %s", (_name, selection, problems) => {
    expect(addOnProblems(offered, selection)).toEqual(problems);
  });
});
