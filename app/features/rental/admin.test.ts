import { describe, expect, it } from "vitest";
import { bookingsCsv } from "./admin.server";
import { blockSchema, settingsOf, settingsSchema, termsFieldNames } from "./schemas";
import { CUSTOMER_TYPES } from "~/features/rental/customer-types";

describe("bookings as CSV", () => {
  it("writes Danish CSV: semicolons, decimal comma, quoted cells and defused formulas", () => {
    const csv = bookingsCsv([
      {
        claimId: "c1",
        day: "2026-12-04",
        priceOere: 650_000,
        bookerName: "Jens; Hansen",
        bookerEmail: "jens@example.dk",
        bookerAddress: '=HYPERLINK("x")',
        bookerPhone: "+4520123456",
        receiptNumber: 12,
        userId: "u1",
        cancelledAt: null,
        cancelReason: null,
      },
    ]);
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe("Dato;Navn;E-mail;Adresse;Telefon;Beløb (kr.);Kvittering;Status");
    expect(row).toBe(
      `2026-12-04;"Jens; Hansen";jens@example.dk;"'=HYPERLINK(""x"")";'+4520123456;6500,00;12;Reserveret`,
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
  });
});

describe("reservation settings form", () => {
  const terms = (weekday: string, weekend: string, mode = "direct") =>
    Object.fromEntries(
      CUSTOMER_TYPES.flatMap((type) => {
        const names = termsFieldNames(type);
        return [
          [names.weekday, weekday],
          [names.weekend, weekend],
          [names.mode, mode],
        ];
      }),
    );
  const rules = {
    holdMinutes: "15",
    horizonDays: "365",
    maxDaysPerOrder: "14",
    cancellationDays: "14",
    bufferDays: "1",
    depositumKind: "percent",
    depositumValue: "25",
    balanceDaysBefore: "30",
    securityDeposit: "2.000",
    tierDays_0: "30",
    tierPercent_0: "0",
    tierDays_2: "14",
    tierPercent_2: "50",
    requestDays: "3",
    offerDays: "7",
    invoiceDays: "14",
  };

  it("takes kroner with a decimal comma and stores øre, for each customer type", () => {
    const parsed = settingsSchema.parse({
      ...terms("4.500", "6500,50"),
      weekdayPrice_forening: "2.000",
      bookingMode_offentlig: "closed",
      holidaysAtWeekendPrice: "on",
      ...rules,
    });
    const { rules: stored, terms: typeTerms } = settingsOf(parsed);
    expect(stored).toEqual({
      holidaysAtWeekendPrice: true,
      holdSeconds: 900,
      horizonDays: 365,
      maxDaysPerOrder: 14,
      cancellationDays: 14,
      cancellationTiers: [
        { minDaysBefore: 30, chargePercent: 0 },
        { minDaysBefore: 14, chargePercent: 50 },
      ],
      bufferDays: 1,
      depositumPercent: 25,
      depositumFixedOere: null,
      balanceDaysBefore: 30,
      securityDepositOere: 200_000,
      requestDays: 3,
      offerDays: 7,
      invoiceAllowed: false,
      invoiceDays: 14,
      bankRegNumber: "",
      bankAccountNumber: "",
      rentVoluntarilyRegistered: false,
    });
    expect(typeTerms).toEqual([
      { customerType: "privat", weekdayPriceOere: 450_000, weekendPriceOere: 650_050, bookingMode: "direct" },
      { customerType: "forening", weekdayPriceOere: 200_000, weekendPriceOere: 650_050, bookingMode: "direct" },
      { customerType: "erhverv", weekdayPriceOere: 450_000, weekendPriceOere: 650_050, bookingMode: "direct" },
      { customerType: "offentlig", weekdayPriceOere: 450_000, weekendPriceOere: 650_050, bookingMode: "closed" },
    ]);
  });

  it.each([
    [{ tierDays_1: "7", tierPercent_1: "" }, "tierPercent_1", "Skriv en procentsats"],
    [{ tierDays_1: "", tierPercent_1: "80" }, "tierDays_1", "Skriv et antal dage"],
    [{ tierDays_1: "7", tierPercent_1: "120" }, "tierPercent_1", "Procentsatsen skal være mellem 0 og 100"],
    [{ tierDays_1: "30", tierPercent_1: "10" }, "tierDays_0", "To trin kan ikke begynde samme antal dage før"],
  ])("refuses the cancellation tier rows %j in Danish, at their fields", (rows, field, message) => {
    const result = settingsSchema.safeParse({ ...terms("4500", "6500"), ...rules, ...rows });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });

  it("still reads a dot before fewer than three digits as decimals", () => {
    const parsed = settingsSchema.parse({ ...terms("4500.5", "12.345"), ...rules });
    expect(settingsOf(parsed).terms[0]).toMatchObject({ weekdayPriceOere: 450_050, weekendPriceOere: 1_234_500 });
  });

  it("refuses blank, non-numeric and out-of-range values, and an unknown booking mode, in Danish", () => {
    const result = settingsSchema.safeParse({
      ...terms("4500", "6500"),
      weekdayPrice_privat: " ",
      weekendPrice_erhverv: "mange",
      bookingMode_forening: "whenever",
      holdMinutes: "0",
      horizonDays: "2000",
      maxDaysPerOrder: "1,5",
      cancellationDays: "14",
      depositumKind: "none",
      balanceDaysBefore: "30",
      requestDays: "3",
      offerDays: "7",
      invoiceDays: "14",
    });
    expect(result.success).toBe(false);
    const errors = result.error!.flatten().fieldErrors;
    expect(errors.weekdayPrice_privat).toEqual(["Feltet skal udfyldes"]);
    expect(errors.weekendPrice_erhverv).toEqual(["Angiv et beløb i kroner, fx 1.250,50"]);
    expect(errors.bookingMode_forening).toEqual(["Vælg, hvordan kundetypen kan booke"]);
    expect(errors.holdMinutes).toEqual(["Værdien skal være mellem 1 og 1440"]);
    expect(errors.maxDaysPerOrder).toEqual(["Værdien skal være et helt tal"]);
  });

  it.each([
    ["none", "", { depositumPercent: null, depositumFixedOere: null }],
    ["none", "25", { depositumPercent: null, depositumFixedOere: null }],
    ["percent", "25", { depositumPercent: 25, depositumFixedOere: null }],
    ["fixed", "2.000", { depositumPercent: null, depositumFixedOere: 200_000 }],
  ])("reads a depositum given as %s %j", (depositumKind, depositumValue, stored) => {
    const parsed = settingsSchema.parse({ ...terms("4500", "6500"), ...rules, depositumKind, depositumValue });
    expect(settingsOf(parsed).rules).toMatchObject(stored);
  });

  it.each([
    ["percent", "", "Feltet skal udfyldes"],
    ["percent", "120", "Værdien skal være mellem 1 og 100"],
    ["fixed", "mange", "Angiv et beløb i kroner, fx 1.250,50"],
  ])("refuses a depositum of %s %j in Danish", (depositumKind, depositumValue, message) => {
    const result = settingsSchema.safeParse({ ...terms("4500", "6500"), ...rules, depositumKind, depositumValue });
    const messages = result.error?.issues.filter((issue) => issue.path[0] === "depositumValue");
    expect(messages?.map((issue) => issue.message)).toEqual([message]);
  });
});

describe("blocking dates", () => {
  it("needs a title and an end on or after the start", () => {
    expect(blockSchema.safeParse({ from: "2026-12-24", to: "", title: "Jul" }).success).toBe(true);
    const backwards = blockSchema.safeParse({ from: "2026-12-24", to: "2026-12-20", title: "  " });
    expect(backwards.error?.flatten().fieldErrors).toMatchObject({
      to: ["Slutdatoen skal ligge efter startdatoen"],
      title: ["Feltet skal udfyldes"],
    });
  });
});
