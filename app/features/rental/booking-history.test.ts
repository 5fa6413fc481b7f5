import { describe, expect, it } from "vitest";
import { bookingHistory, type BookingFacts } from "./booking-history";

const at = (instant: string) => new Date(instant);
const direct: BookingFacts = {
  createdAt: at("2026-03-01T10:00:00Z"),
  purpose: null,
  answeredAt: null,
  status: "paid",
  contractAcceptedAt: at("2026-03-01T10:01:00Z"),
  payments: [],
  invoices: [],
  settlement: null,
};

describe("bookingHistory", () => {
  it.each<[string, BookingFacts, string[]]>([
    [
      "a direct booking paid at once",
      { ...direct, payments: [{ kind: "everything", paidAt: at("2026-03-01T10:02:00Z"), remindedOn: null }] },
      ["Bestilt", "Lejekontrakt accepteret", "Betalt"],
    ],
    [
      "a request through offer, depositum, reminder, balance and a settlement with a deduction",
      {
        ...direct,
        purpose: "Generalforsamling",
        answeredAt: at("2026-03-02T09:00:00Z"),
        contractAcceptedAt: at("2026-03-03T12:00:00Z"),
        payments: [
          { kind: "balance", paidAt: at("2026-05-05T08:00:00Z"), remindedOn: "2026-04-24" },
          { kind: "depositum", paidAt: at("2026-03-03T12:01:00Z"), remindedOn: null },
        ],
        settlement: { settledAt: at("2026-06-10T09:00:00Z"), keptOere: 50000 },
      },
      [
        "Forespurgt",
        "Tilbud sendt",
        "Tilbud accepteret",
        "Depositum betalt",
        "Påmindelse sendt",
        "Restbeløb betalt",
        "Sikkerhedsdepositum afregnet med fradrag",
      ],
    ],
    [
      "a refused request",
      {
        ...direct,
        purpose: "Fest",
        answeredAt: at("2026-03-02T09:00:00Z"),
        status: "declined",
        contractAcceptedAt: null,
      },
      ["Forespurgt", "Afslået"],
    ],
    [
      "an order on invoice: its payment's step is the invoice's",
      {
        ...direct,
        status: "invoiced",
        payments: [{ kind: "everything", paidAt: at("2026-03-20T10:00:00Z"), remindedOn: null }],
        invoices: [{ kind: "invoice", number: 7, issuedOn: "2026-03-01", paidAt: at("2026-03-20T10:00:00Z") }],
        settlement: { settledAt: at("2026-06-10T09:00:00Z"), keptOere: 0 },
      },
      [
        "Bestilt",
        "Lejekontrakt accepteret",
        "Faktura nr. 7 udstedt",
        "Faktura nr. 7 betalt",
        "Sikkerhedsdepositum betalt tilbage",
      ],
    ],
  ])("%s", (_name, facts, labels) => {
    expect(bookingHistory(facts).map((step) => step.label)).toEqual(labels);
  });
});
