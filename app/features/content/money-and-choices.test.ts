import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contentTypes } from "./content-types";
import type { ContentType } from "./registry";
import { choicesRule, formSchemaOf, moneyRule } from "./schemas";

const addOnSchema = formSchemaOf(contentTypes.addOn);

/** The messages a schema gives, by field ("" for the root). */
function messages(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byPath[issue.path.join(".")] ??= []).push(issue.message);
  return byPath;
}

const firstMessage = (schema: z.ZodType, value: unknown) => Object.values(messages(schema, value))[0]?.[0];

const NO_AMOUNT = "Angiv et beløb i kroner, fx 1.250,50";
const OUT_OF_BOUNDS = "Beløbet skal være mellem 0 og 1.000.000 kr.";

describe("the money kind", () => {
  const rule = moneyRule();

  it.each([
    ["1250", 125_000],
    ["1.250", 125_000],
    ["1250,50", 125_050],
    ["1 250,50", 125_050],
    ["1.250,50 kr.", 125_050],
    [" 450 ", 45_000],
    ["0", 0],
    ["1.000.000", 100_000_000],
  ])("reads %j as %i øre", (typed, oere) => {
    expect(rule.parse(typed)).toBe(oere);
  });

  it.each([
    ["", "Feltet skal udfyldes"],
    ["   ", "Feltet skal udfyldes"],
    [undefined, "Feltet skal udfyldes"],
    ["mange", NO_AMOUNT],
    ["1,250", NO_AMOUNT],
    ["12,345", NO_AMOUNT],
    ["0,005", NO_AMOUNT],
    ["1.2500", NO_AMOUNT],
    ["-1", OUT_OF_BOUNDS],
    ["1.000.000,01", OUT_OF_BOUNDS],
    ["2.000.000", OUT_OF_BOUNDS],
  ])("refuses %j with %j", (typed, message) => {
    expect(messages(rule, typed)).toEqual({ "": [message] });
  });

  it("keeps a field's own bounds, in kroner, and its own message", () => {
    const narrow = moneyRule({ min: 100, max: 2500.5 });
    expect(narrow.parse("2.500,50")).toBe(250_050);
    expect(firstMessage(narrow, "99,99")).toBe("Beløbet skal være mellem 100 og 2.500,5 kr.");
    expect(firstMessage(narrow, "2500,51")).toBe("Beløbet skal være mellem 100 og 2.500,5 kr.");
    expect(firstMessage(moneyRule({ message: "Skriv depositummet i kroner" }), "x")).toBe(
      "Skriv depositummet i kroner",
    );
  });

  it("lets an optional amount be left empty, as null", () => {
    const type: ContentType = {
      ...contentTypes.addOn,
      fields: [{ name: "deposit", column: "priceOere", label: "Depositum", kind: "money", optional: true }],
    };
    const schema = formSchemaOf(type);
    expect(schema.parse({ deposit: " " })).toEqual({ deposit: null });
    expect(schema.parse({})).toEqual({ deposit: null });
    expect(schema.parse({ deposit: "1.500" })).toEqual({ deposit: 150_000 });
    expect(messages(schema, { deposit: "1,5 mio." })).toEqual({ deposit: [NO_AMOUNT] });
  });
});

describe("the choices kind", () => {
  const options = [{ value: "privat" }, { value: "forening" }, { value: "erhverv" }];
  const rule = choicesRule(options);

  it.each([
    ["none checked", undefined, []],
    ["an empty list", [], []],
    ["one", ["erhverv"], ["erhverv"]],
    ["two, in the options' order", ["forening", "privat"], ["privat", "forening"]],
    ["one sent twice, once", ["privat", "privat"], ["privat"]],
  ])("takes %s", (_, chosen, stored) => {
    expect(rule.parse(chosen)).toEqual(stored);
  });

  it.each([
    ["an unknown value", ["firma"]],
    ["an unknown value beside known ones", ["privat", "firma"]],
    ["an empty value", [""]],
    ["a single text instead of a list", "privat"],
    ["a file", [new File([], "x.png")]],
  ])("refuses %s in Danish", (_, chosen) => {
    expect(messages(rule, chosen)).toEqual({ "": ["Vælg kun blandt de viste muligheder"] });
  });

  it("says a field's own message where it has one", () => {
    expect(firstMessage(choicesRule(options, "Vælg en kundetype fra listen"), ["firma"])).toBe(
      "Vælg en kundetype fra listen",
    );
  });
});

describe("the add-on's form (tilvalg)", () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    add_on_name: "  Lydtekniker ",
    add_on_description: "",
    add_on_price: "1.250,50",
    add_on_unit: "hour",
    add_on_vat: "as-rent",
    add_on_required_for: ["forening", "privat"],
    ...overrides,
  });

  it("stores the price in øre and the customer types as a list", () => {
    expect(addOnSchema.parse(form())).toEqual({
      add_on_name: "Lydtekniker",
      add_on_description: "",
      add_on_price: 125_050,
      add_on_unit: "hour",
      add_on_vat: "as-rent",
      add_on_required_for: ["privat", "forening"],
    });
    expect(addOnSchema.parse(form({ add_on_required_for: undefined })).add_on_required_for).toEqual([]);
  });

  it.each([
    ["no name", { add_on_name: " " }, "add_on_name", "Feltet skal udfyldes"],
    ["a name over 120 characters", { add_on_name: "x".repeat(121) }, "add_on_name", "Højst 120 tegn"],
    ["a description over 1000", { add_on_description: "x".repeat(1001) }, "add_on_description", "Højst 1000 tegn"],
    ["no price", { add_on_price: "" }, "add_on_price", "Feltet skal udfyldes"],
    ["a price in words", { add_on_price: "gratis" }, "add_on_price", NO_AMOUNT],
    ["an unknown unit", { add_on_unit: "week" }, "add_on_unit", "Vælg, hvad prisen gælder for"],
    ["no moms treatment", { add_on_vat: "fritaget" }, "add_on_vat", "Vælg, hvordan moms gælder for tilvalget"],
    [
      "an unknown customer type",
      { add_on_required_for: ["privat", "firma"] },
      "add_on_required_for",
      "Vælg kun blandt de viste muligheder",
    ],
  ])("refuses %s", (_, overrides, field, message) => {
    expect(messages(addOnSchema, form(overrides))).toEqual({ [field]: [message] });
  });
});
