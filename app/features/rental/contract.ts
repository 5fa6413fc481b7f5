import { vatInWords, type VatRow } from "~/features/orders/vat-words";
/**
 * The lejekontrakt (issue 35) as the booker accepts it: the booking's specifics (who, which days, what, the
 * payment plan, the cancellation rule), the venue's terms and the house rules, as one plain text. The text is kept
 * with the acceptance, and its SHA-256 says which text it was.
 */
export interface ContractView {
  venue: { name: string; address: string; cvr: string };
  renter: {
    name: string;
    organisation: string | null;
    address: string;
    email: string;
    cvr: string | null;
    ean: string | null;
  };
  days: string[];
  lines: { label: string; amount: string }[];
  total: string;
  vat: VatRow[];
  payments: { label: string; amount: string; due: string }[];
  cancellation: string;
  /** The admin's pages as they are when accepted: each section's heading and plain text. */
  terms: { header: string; text: string }[];
  houseRules: { header: string; text: string }[];
}

/** The form's checkbox that accepts the contract, and what it says. */
export const CONTRACT_FIELD = "kontrakt";
export const CONTRACT_ACCEPTANCE = "Jeg har læst og accepterer lejekontrakten";
export const CONTRACT_REQUIRED = "Sæt kryds for at acceptere lejekontrakten";

const sections = (title: string, parts: { header: string; text: string }[]) =>
  parts.length === 0 ? [] : [title.toUpperCase(), ...parts.flatMap((part) => [part.header, part.text, ""])];

export function contractText(contract: ContractView): string {
  const { venue, renter } = contract;
  const renterName = renter.organisation ? `${renter.organisation} (v/ ${renter.name})` : renter.name;
  return [
    "LEJEKONTRAKT",
    "",
    `Udlejer: ${venue.name}, ${venue.address}, CVR ${venue.cvr}`,
    `Lejer: ${renterName}, ${renter.address}, ${renter.email}` +
      (renter.cvr ? `, CVR ${renter.cvr}` : "") +
      (renter.ean ? `, EAN ${renter.ean}` : ""),
    "",
    "LEJEPERIODE",
    ...contract.days,
    "",
    "DET LEJEDE",
    ...contract.lines.map((line) => `${line.label}: ${line.amount}`),
    `I alt ${contract.total}. ${vatInWords(contract.vat)}`,
    "",
    "BETALING",
    ...contract.payments.map((payment) => `${payment.label}: ${payment.amount}, forfalder ${payment.due}`),
    "",
    "AFBESTILLING",
    contract.cancellation,
    "",
    ...sections("Vilkår", contract.terms),
    ...sections("Husorden", contract.houseRules),
  ]
    .join("\n")
    .trimEnd();
}
