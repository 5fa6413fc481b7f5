import { describe, expect, it } from "vitest";
import { bookingsCsv } from "./admin.server";
import { blockSchema, settingsOf, settingsSchema } from "./schemas";

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
  it("takes kroner with a decimal comma and stores øre", () => {
    const parsed = settingsSchema.parse({
      weekdayPrice: "4.500",
      weekendPrice: "6500,50",
      holidaysAtWeekendPrice: "on",
      holdMinutes: "15",
      horizonDays: "365",
      maxDaysPerOrder: "14",
      cancellationDays: "14",
    });
    expect(settingsOf(parsed)).toMatchObject({
      weekdayPriceOere: 450_000,
      weekendPriceOere: 650_050,
      holidaysAtWeekendPrice: true,
      holdSeconds: 900,
    });
  });

  it("still reads a dot before fewer than three digits as decimals", () => {
    const parsed = settingsSchema.parse({
      weekdayPrice: "4500.5",
      weekendPrice: "12.345",
      holdMinutes: "1",
      horizonDays: "1",
      maxDaysPerOrder: "1",
      cancellationDays: "0",
    });
    expect(settingsOf(parsed)).toMatchObject({ weekdayPriceOere: 450_050, weekendPriceOere: 1_234_500 });
  });

  it("refuses blank, non-numeric and out-of-range values in Danish", () => {
    const result = settingsSchema.safeParse({
      weekdayPrice: " ",
      weekendPrice: "mange",
      holdMinutes: "0",
      horizonDays: "2000",
      maxDaysPerOrder: "1,5",
      cancellationDays: "14",
    });
    expect(result.success).toBe(false);
    const errors = result.error!.flatten().fieldErrors;
    expect(errors.weekdayPrice).toEqual(["Feltet skal udfyldes"]);
    expect(errors.weekendPrice).toEqual(["Angiv et beløb i kroner, fx 1.250,50"]);
    expect(errors.holdMinutes).toEqual(["Værdien skal være mellem 1 og 1440"]);
    expect(errors.maxDaysPerOrder).toEqual(["Værdien skal være et helt tal"]);
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
