import { describe, expect, it } from "vitest";
import type { KeptAddOnChoice } from "~/db/schema/values/rental";
import { keptAddOnValues, readAddOnSelection } from "./add-on-choice";

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
    id: "kaffe",
    name: "Kaffe",
    description: "",
    unit: "guest" as const,
    priceOere: 2_500,
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
];

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the add-ons of a submitted basket", () => {
  it("reads the checked ones, their hours and the guests", () => {
    const read = readAddOnSelection(
      form([
        ["tilvalg", "tekniker"],
        ["tilvalg", "kaffe"],
        ["timer_tekniker", " 6 "],
        ["gaester", "80"],
      ]),
      offered,
      "forening",
    );
    expect(read).toEqual({ ok: true, selection: { ids: ["tekniker", "kaffe"], hours: { tekniker: 6 }, guests: 80 } });
  });

  it("takes nothing chosen as no add-ons", () => {
    expect(readAddOnSelection(form([]), offered, "privat")).toEqual({
      ok: true,
      selection: { ids: [], hours: {}, guests: null },
    });
  });

  it.each([
    ["an add-on not offered", [["tilvalg", "sauna"]], "tilvalg", "Vælg kun blandt de viste tilvalg"],
    [
      "no hours for one by the hour",
      [["tilvalg", "tekniker"]],
      "timer_tekniker",
      "Skriv, hvor mange timer lydtekniker skal bruges",
    ],
    ["hours out of range", [["timer_tekniker", "500"]], "timer_tekniker", "Skriv et helt antal timer mellem 1 og 100"],
    ["half hours", [["timer_tekniker", "1,5"]], "timer_tekniker", "Skriv et helt antal timer mellem 1 og 100"],
    ["no guests for one by guest", [["tilvalg", "kaffe"]], "gaester", "Skriv det forventede antal gæster"],
    ["guests that are no number", [["gaester", "mange"]], "gaester", "Skriv et helt antal gæster mellem 1 og 10.000"],
  ] as const)("refuses %s in Danish", (_name, entries, field, message) => {
    const read = readAddOnSelection(form(entries.map(([name, value]) => [name, value])), offered, "forening");
    expect(read).toEqual({ ok: false, fieldErrors: { [field]: [message] } });
  });
});

describe("the add-ons kept on the basket, ticked again", () => {
  const kept: KeptAddOnChoice = {
    ids: ["tekniker", "kaffe"],
    hours: { tekniker: 4 },
    guests: 80,
    claimIds: ["dag-1", "dag-2"],
  };
  const ticked = { tilvalg: "tekniker,kaffe", timer_tekniker: "4", gaester: "80" };
  it.each([
    ["nothing kept", null, ["dag-1"], {}],
    ["chosen for the days in the basket", kept, ["dag-1", "dag-2"], ticked],
    ["one of its days still in the basket, another added", kept, ["dag-2", "dag-3"], ticked],
    ["its days all gone from the basket", kept, ["dag-3"], {}],
    ["an empty basket", kept, [], {}],
    ["nothing chosen", { ids: [], hours: {}, guests: null, claimIds: ["dag-1"] }, ["dag-1"], {}],
  ])("%s", (_case, choice: KeptAddOnChoice | null, basket: string[], values: Record<string, string>) => {
    expect(keptAddOnValues(choice, basket)).toEqual(values);
  });
});
