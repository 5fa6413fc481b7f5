import { todayInCopenhagen } from "~/lib/days";

/**
 * A booking's history as the admin follows it (issue 35): requested, offered, accepted, depositum paid, reminder
 * sent, balance paid, deposit returned. Each step is read from where the booking keeps it (the order, its payments,
 * its contract, its invoices, its settlement), so the history cannot disagree with the booking.
 */
export interface BookingFacts {
  createdAt: Date;
  /** Set for a request (forespørgsel): what it was for. */
  purpose: string | null;
  answeredAt: Date | null;
  status: string;
  contractAcceptedAt: Date | null;
  payments: { kind: "everything" | "depositum" | "balance"; paidAt: Date | null; remindedOn: string | null }[];
  invoices: { kind: "invoice" | "credit-note"; number: number; issuedOn: string; paidAt: Date | null }[];
  settlement: { settledAt: Date; keptOere: number } | null;
}

export interface HistoryStep {
  /** An instant, or a day ("YYYY-MM-DD") where only the day is kept. */
  at: Date | string;
  label: string;
}

const paymentStep: Record<BookingFacts["payments"][number]["kind"], string> = {
  everything: "Betalt",
  depositum: "Depositum betalt",
  balance: "Restbeløb betalt",
};

/** The steps a booking has been through, oldest first. */
export function bookingHistory(facts: BookingFacts): HistoryStep[] {
  const steps: HistoryStep[] = [{ at: facts.createdAt, label: facts.purpose !== null ? "Forespurgt" : "Bestilt" }];
  if (facts.answeredAt) {
    steps.push({ at: facts.answeredAt, label: facts.status === "declined" ? "Afslået" : "Tilbud sendt" });
  }
  if (facts.contractAcceptedAt) {
    const label = facts.purpose !== null ? "Tilbud accepteret" : "Lejekontrakt accepteret";
    steps.push({ at: facts.contractAcceptedAt, label });
  }
  for (const invoice of facts.invoices) {
    const name = invoice.kind === "invoice" ? "Faktura" : "Kreditnota";
    steps.push({ at: invoice.issuedOn, label: `${name} nr. ${invoice.number} udstedt` });
    if (invoice.paidAt) steps.push({ at: invoice.paidAt, label: `Faktura nr. ${invoice.number} betalt` });
  }
  for (const payment of facts.payments) {
    if (payment.remindedOn) steps.push({ at: payment.remindedOn, label: "Påmindelse sendt" });
    // A payment on invoice is paid when its invoice is: that step is the invoice's.
    if (payment.paidAt && facts.invoices.length === 0)
      steps.push({ at: payment.paidAt, label: paymentStep[payment.kind] });
  }
  if (facts.settlement) {
    const label =
      facts.settlement.keptOere > 0 ? "Sikkerhedsdepositum afregnet med fradrag" : "Sikkerhedsdepositum betalt tilbage";
    steps.push({ at: facts.settlement.settledAt, label });
  }
  return steps.sort((a, b) => dayOf(a.at).localeCompare(dayOf(b.at)));
}

/**
 * Steps sort by their day in Copenhagen; on one day they keep the order they happen in (requested, answered,
 * accepted, invoiced, reminded, paid, settled), which a reminder kept only by its day could not otherwise have.
 */
const dayOf = (at: Date | string) => (typeof at === "string" ? at : todayInCopenhagen(at));
