import { describe, expect, it } from "vitest";
import { REQUIRED } from "~/features/accounts/schemas";
import { copenhagenInstant } from "~/lib/format";
import { saleSettingValues } from "./sale.server";
import { ticketSaleSetupSchema } from "./sale-settings";

/** A setup form as the admin sends it: the settings by their column names, and two ticket types. */
const form = (changes: Record<string, string> = {}) => ({
  capacity: "100",
  opensAt: "2026-12-01T10:00",
  closesAt: "2026-12-04T20:00",
  maxPerOrder: "6",
  maxPerEmail: "10",
  feeOere: "15",
  type_navn_0: "Ordinær",
  type_pris_0: "195",
  type_antal_0: "100",
  type_navn_1: "Studerende",
  type_pris_1: "125",
  type_antal_1: "20",
  ...changes,
});

/** The messages the schema gives, by field. */
function messages(value: Record<string, string>) {
  const result = ticketSaleSetupSchema.safeParse(value);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join(".")] ??= []).push(issue.message);
  return byField;
}

describe("the ticket sale's setup form", () => {
  it("reads each setting by its kind: whole numbers, Copenhagen times, kroner as øre, a ticked box as yes", () => {
    expect(ticketSaleSetupSchema.parse(form({ feeOere: "12,50", buyersMayCancel: "ja" }))).toEqual({
      capacity: 100,
      opensAt: copenhagenInstant("2026-12-01", "10:00"),
      closesAt: copenhagenInstant("2026-12-04", "20:00"),
      maxPerOrder: 6,
      maxPerEmail: 10,
      feeOere: 1250,
      buyersMayCancel: true,
      types: [
        { id: null, name: "Ordinær", priceOere: 19500, capacity: 100 },
        { id: null, name: "Studerende", priceOere: 12500, capacity: 20 },
      ],
    });
    expect(ticketSaleSetupSchema.parse(form()).buyersMayCancel).toBe(false);
  });

  it.each<[string, string, string, Record<string, string>?]>([
    ["capacity", "", REQUIRED],
    ["capacity", "0", "Angiv det samlede antal billetter, 1 eller flere"],
    ["capacity", "100001", "Angiv det samlede antal billetter, 1 eller flere"],
    ["capacity", "2,5", "Angiv det samlede antal billetter, 1 eller flere"],
    ["opensAt", "", REQUIRED],
    ["opensAt", "1. december", "Angiv dato og klokkeslæt"],
    ["closesAt", "2026-12-01T10:00", "Salget skal lukke efter, at det åbner"],
    ["maxPerOrder", "0", "Angiv et antal mellem 1 og 50"],
    ["maxPerOrder", "51", "Angiv et antal mellem 1 og 50"],
    ["maxPerEmail", "201", "Angiv et antal mellem 1 og 200"],
    ["maxPerEmail", "5", "Må ikke være mindre end antallet pr. ordre"],
    ["feeOere", "", REQUIRED],
    ["feeOere", "1000,01", "Beløbet skal være mellem 0 og 1.000 kr."],
    ["feeOere", "femten", "Angiv et beløb i kroner, fx 1.250,50"],
    ["type_navn_0", "", "Angiv mindst én billettype", { type_navn_1: "" }],
    ["type_navn_0", "x".repeat(61), "Højst 60 tegn"],
    ["type_pris_0", "100000,01", "Beløbet skal være mellem 0 og 100.000 kr."],
    ["type_antal_0", "0", "Angiv et antal, 1 eller flere"],
  ])("refuses %s %j in Danish: %s", (field, typed, message, others = {}) => {
    expect(messages(form({ ...others, [field]: typed }))).toEqual({ [field]: [message] });
  });

  it.each<Record<string, string>>([
    { capacity: "1" },
    { capacity: "100000" },
    { maxPerOrder: "1", maxPerEmail: "1" },
    { maxPerOrder: "50", maxPerEmail: "50" },
    { maxPerEmail: "200" },
    { feeOere: "0" },
    { feeOere: "1.000" },
  ])("accepts the bounds %j", (changes) => {
    expect(messages(form(changes))).toEqual({});
  });
});

describe("saleSettingValues", () => {
  const opensAt = copenhagenInstant("2026-12-01", "10:00");
  const closesAt = copenhagenInstant("2026-12-04", "20:00");

  it("shows a new sale the database's defaults, and no capacity", () => {
    expect(saleSettingValues({ opensAt, closesAt })).toEqual({
      capacity: "",
      opensAt: "2026-12-01T10:00",
      closesAt: "2026-12-04T20:00",
      maxPerOrder: "6",
      maxPerEmail: "10",
      feeOere: "0",
      buyersMayCancel: "",
    });
  });

  it("reads a new sale's values back as the table's defaults", () => {
    expect(
      ticketSaleSetupSchema.parse({ ...form(), ...saleSettingValues({ capacity: 50, opensAt, closesAt }) }),
    ).toMatchObject({
      capacity: 50,
      maxPerOrder: 6,
      maxPerEmail: 10,
      feeOere: 0,
      buyersMayCancel: false,
    });
  });

  it("shows a stored sale as the form reads it back", () => {
    const settings = {
      capacity: 300,
      opensAt,
      closesAt,
      maxPerOrder: 4,
      maxPerEmail: 8,
      feeOere: 1250,
      buyersMayCancel: true,
    };
    const values = saleSettingValues(settings);
    expect(values).toMatchObject({ feeOere: "12,50", buyersMayCancel: "ja" });
    const { types: _, ...read } = ticketSaleSetupSchema.parse({ ...form(), ...values });
    expect(read).toEqual(settings);
  });
});
