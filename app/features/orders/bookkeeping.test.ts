import { describe, expect, it } from "vitest";
import { bookkeepingCsv, refundVat, vatShares } from "./bookkeeping";

describe("each payment's share of its order's moms", () => {
  it.each([
    ["everything at once", { totalOere: 1_300_000, vatOere: 260_000 }, [1_300_000], [260_000]],
    ["a quarter and the rest", { totalOere: 1_300_000, vatOere: 260_000 }, [325_000, 975_000], [65_000, 195_000]],
    [
      "an odd total: the last takes the rounding",
      { totalOere: 1_000_001, vatOere: 200_000 },
      [250_000, 750_001],
      [50_000, 150_000],
    ],
    ["thirds", { totalOere: 300, vatOere: 61 }, [100, 100, 100], [20, 20, 21]],
    ["nothing to pay", { totalOere: 0, vatOere: 0 }, [0], [0]],
  ])("%s", (_name, order, amounts, shares) => {
    expect(vatShares(order, amounts)).toEqual(shares);
    expect(vatShares(order, amounts).reduce((sum, share) => sum + share, 0)).toBe(order.vatOere);
  });

  it("gives a plan cut short by a cancellation each payment its own share, not the rest of the order's", () => {
    // 13.000 kr. of rent: a quarter paid, the balance dropped when the booking was cancelled.
    expect(vatShares({ totalOere: 1_500_000, vatOere: 260_000 }, [325_000], 200_000)).toEqual([65_000]);
    expect(vatShares({ totalOere: 1_300_000, vatOere: 260_000 }, [650_000])).toEqual([130_000]);
  });

  it.each([
    ["the rent and the deposit back", { refundOere: 1_175_000, securityDepositOere: 200_000 }, 195_000],
    ["only the deposit back", { refundOere: 200_000, securityDepositOere: 200_000 }, 0],
    ["only rent back, the deposit not yet paid", { refundOere: 650_000, securityDepositOere: 0 }, 130_000],
  ])("a refund's moms: %s", (_name, refund, vat) => {
    const order = { totalOere: 1_500_000, vatOere: 260_000 };
    expect(refundVat(order, refund, 200_000)).toBe(vat);
  });

  it("leaves a security deposit, carried by the last payment, out of the sale", () => {
    // 13.000 kr. of rent (2.600 kr. moms) and a 2.000 kr. deposit: a quarter of the rent, then the rest with it.
    const order = { totalOere: 1_500_000, vatOere: 260_000 };
    expect(vatShares(order, [325_000, 1_175_000], 200_000)).toEqual([65_000, 195_000]);
  });
});

describe("the accountant's CSV", () => {
  it("lists by date and number, in kroner with moms and without, the Danish way", () => {
    const csv = bookkeepingCsv([
      {
        date: "2027-03-02",
        kind: "invoice",
        number: 4,
        booker: "Aarhus Kommune",
        cvr: "55133018",
        ean: "5798000416604",
        totalOere: 685_000,
        vatOere: 137_000,
      },
      {
        date: "2027-03-01",
        kind: "payment",
        number: 12,
        booker: "=Lydhuset ApS",
        cvr: "12345674",
        ean: null,
        totalOere: 420_000,
        vatOere: 84_000,
      },
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.trim().split("\r\n").slice(1)).toEqual([
      "2027-03-01;Betaling;12;'=Lydhuset ApS;12345674;;4200,00;840,00;3360,00",
      "2027-03-02;Faktura;4;Aarhus Kommune;55133018;5798000416604;6850,00;1370,00;5480,00",
    ]);
  });
});
