import { describe, expect, it } from "vitest";
import { cancellationWords, type CancellationQuote } from "./cancellation-words";

const free: CancellationQuote = {
  daysBefore: 45,
  chargePercent: 0,
  chargeOere: 0,
  refundOere: 0,
  owedOere: 0,
  securityDepositOere: 0,
  creditOere: null,
};

describe("a cancellation's quote in words", () => {
  it.each<[string, CancellationQuote, string[]]>([
    [
      "paid everything at once, free",
      { ...free, refundOere: 450_000 },
      [
        "Afbestilling 45 dage før den første dag.",
        "Afbestillingen er gratis.",
        "Du får 4.500,00 kr. tilbage, på den måde, du betalte.",
      ],
    ],
    [
      "the depositum kept, nothing more paid",
      { ...free, chargeOere: 112_500 },
      ["Afbestilling 45 dage før den første dag.", "Vi beholder depositummet på 1.125,00 kr."],
    ],
    [
      "half the rent kept, the rest and the deposit back",
      {
        ...free,
        daysBefore: 20,
        chargePercent: 50,
        chargeOere: 225_000,
        refundOere: 425_000,
        securityDepositOere: 200_000,
      },
      [
        "Afbestilling 20 dage før den første dag.",
        "Vi beholder 2.250,00 kr., 50 % af lejen.",
        "Du får 4.250,00 kr. tilbage, heraf sikkerhedsdepositum 2.000,00 kr., på den måde, du betalte.",
      ],
    ],
    [
      "on an unpaid invoice: a credit note, the charge still to pay",
      { ...free, daysBefore: 1, chargePercent: 100, chargeOere: 550_000, owedOere: 550_000, creditOere: 0 },
      [
        "Afbestilling 1 dag før den første dag.",
        "Vi beholder 5.500,00 kr., 100 % af lejen.",
        "Der skal betales 5.500,00 kr. af fakturaen.",
      ],
    ],
    [
      "on a paid invoice: a credit note and the money back",
      { ...free, daysBefore: 20, chargePercent: 50, chargeOere: 275_000, refundOere: 275_000, creditOere: 275_000 },
      [
        "Afbestilling 20 dage før den første dag.",
        "Vi beholder 2.750,00 kr., 50 % af lejen.",
        "I får en kreditnota på 2.750,00 kr.",
        "Vi betaler 2.750,00 kr. tilbage til jeres konto.",
      ],
    ],
  ])("%s", (_name, quote, words) => {
    expect(cancellationWords(quote)).toEqual(words);
  });
});
