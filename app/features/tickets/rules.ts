import { pricedLine, type OrderLine } from "~/features/orders/money";
import type { EventStatus } from "~/db/schema/values/content";
import { effectiveStart, type ProgramEvent } from "~/features/program/program";
import type { SaleSettings } from "./sale-settings";

/*
 * The rules of the venue's own ticket sale (issue 36), as plain functions: whether a sale is open, what is left,
 * what an order may ask for, what it costs, how long a hold lasts and what the door answers. The database
 * keeps what must hold under a rush (sold + held never over capacity, decision 038); these decide what to ask
 * it and how to answer the fan.
 */

/** How long tickets stay held while the buyer pays: ten minutes, as days are. */
export const TICKET_HOLD_SECONDS = 600;

/** A sale's settings the rules read, its tickets held and sold (guests included), and its concert's status. */
export type TicketSaleTerms = Omit<SaleSettings, "buyersMayCancel"> & {
  taken: number;
  /** A cancelled concert's sale is closed. */
  concertStatus: EventStatus;
};

export interface TicketTypeStock {
  id: string;
  name: string;
  priceOere: number;
  capacity: number;
  taken: number;
}

export type SaleState = "not-open" | "open" | "sold-out" | "closed";

type TypeStock = Pick<TicketTypeStock, "capacity" | "taken">;

/** The concert's tickets left (held tickets count as taken): its own left, within what its types have together. */
export function concertTicketsLeft(sale: Pick<TicketSaleTerms, "capacity" | "taken">, types: TypeStock[]) {
  const typesLeft = types.reduce((sum, type) => sum + Math.max(0, type.capacity - type.taken), 0);
  return Math.min(sale.capacity - sale.taken, typesLeft);
}

/**
 * Where the sale stands now, as its pages, letters, holds and waitlist read it: before it opens, open, sold out (held
 * tickets count, and the admin's "Udsolgt" on the concert is the venue's word for it) or closed, as a cancelled
 * concert's sale and one without ticket types are.
 */
export function saleState(sale: TicketSaleTerms, types: TypeStock[], now: Date): SaleState {
  if (sale.concertStatus === "aflyst" || types.length === 0) return "closed";
  if (now < sale.opensAt) return "not-open";
  if (now >= sale.closesAt) return "closed";
  return sale.concertStatus === "udsolgt" || concertTicketsLeft(sale, types) <= 0 ? "sold-out" : "open";
}

/** "Få billetter tilbage" (of a type, or a letter's concert): ten or fewer, a number a fan reads as "hurry". */
export const fewTicketsLeft = (left: number) => left > 0 && left <= 10;

/** How many of each type one order can get now: the type's own left, within the concert's left and the order's limit. */
export function ticketsLeft(sale: TicketSaleTerms, type: TypeStock) {
  return Math.max(0, Math.min(type.capacity - type.taken, sale.capacity - sale.taken));
}

export type TicketRefusal =
  | { reason: "none-chosen" }
  | { reason: "not-open"; opensAt: Date }
  | { reason: "closed" }
  | { reason: "sold-out" }
  | { reason: "over-order-limit"; limit: number }
  | { reason: "over-email-limit"; limit: number; already: number }
  | { reason: "not-enough"; typeName: string; left: number }
  | { reason: "unknown-type" };

/**
 * Whether an order for these quantities (ticket type id → count, every count a whole number ≥ 0) may be held now,
 * given what the buyer's e-mail already holds or bought for the concert; null when it may. The database asks again
 * as it takes the tickets, so a fan who loses a race gets the same words.
 */
export function ticketOrderRefusal(
  sale: TicketSaleTerms,
  types: TicketTypeStock[],
  quantities: Record<string, number>,
  alreadyForEmail: number,
  now: Date,
): TicketRefusal | null {
  const wanted = Object.entries(quantities).filter(([, count]) => count > 0);
  const total = wanted.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return { reason: "none-chosen" };
  const state = saleState(sale, types, now);
  if (state === "not-open") return { reason: "not-open", opensAt: sale.opensAt };
  if (state === "closed") return { reason: "closed" };
  if (state === "sold-out") return { reason: "sold-out" };
  if (total > sale.maxPerOrder) return { reason: "over-order-limit", limit: sale.maxPerOrder };
  if (alreadyForEmail + total > sale.maxPerEmail) {
    return { reason: "over-email-limit", limit: sale.maxPerEmail, already: alreadyForEmail };
  }
  for (const [typeId, count] of wanted) {
    const type = types.find((candidate) => candidate.id === typeId);
    if (!type) return { reason: "unknown-type" };
    const left = ticketsLeft(sale, type);
    if (count > left) return { reason: "not-enough", typeName: type.name, left };
  }
  if (total > sale.capacity - sale.taken)
    return { reason: "not-enough", typeName: "", left: sale.capacity - sale.taken };
  return null;
}

/** The Danish answer to a refusal, as the form and its JSON say it. */
export function ticketRefusalMessage(refusal: TicketRefusal, formatInstant: (instant: Date) => string): string {
  switch (refusal.reason) {
    case "none-chosen":
      return "Vælg mindst én billet.";
    case "not-open":
      return `Billetsalget åbner ${formatInstant(refusal.opensAt)}.`;
    case "closed":
      return "Billetsalget er lukket.";
    case "sold-out":
      return "Udsolgt. Skriv dig på ventelisten, så hører du fra os, hvis der bliver billetter ledige.";
    case "over-order-limit":
      return `Du kan højst købe ${refusal.limit} billetter på én ordre.`;
    case "over-email-limit":
      return refusal.already > 0
        ? `Der kan højst købes ${refusal.limit} billetter pr. e-mailadresse til denne koncert, og ${refusal.already} er allerede købt eller reserveret.`
        : `Der kan højst købes ${refusal.limit} billetter pr. e-mailadresse til denne koncert.`;
    case "not-enough":
      if (refusal.left === 0)
        return refusal.typeName ? `${refusal.typeName} er udsolgt.` : "Der er ikke flere billetter.";
      return refusal.typeName
        ? `Der er kun ${refusal.left} ${refusal.typeName.toLowerCase()} tilbage.`
        : `Der er kun ${refusal.left} billetter tilbage.`;
    case "unknown-type":
      return "Billettypen findes ikke.";
  }
}

/** The HTTP status of a refusal: the fan's own mistake is 400, a sale that cannot serve them now is 409. */
export function ticketRefusalStatus(refusal: TicketRefusal): 400 | 409 {
  return refusal.reason === "none-chosen" || refusal.reason === "unknown-type" || refusal.reason === "over-order-limit"
    ? 400
    : 409;
}

export interface TicketLine extends OrderLine {
  kind: "ticket" | "ticket-fee";
  ticketTypeId: string | null;
}

/**
 * An order's lines for these quantities: one per ticket type, at its price, then the fee ("+ gebyr") for every
 * ticket as one line. Tickets and fees carry 25 % moms: the cultural exemption (momsloven § 13, stk. 1, nr. 6) does
 * not cover concerts (decision 054).
 */
export function ticketLines(types: TicketTypeStock[], quantities: Record<string, number>, feeOere: number) {
  const lines: TicketLine[] = [];
  let count = 0;
  for (const type of types) {
    const quantity = quantities[type.id] ?? 0;
    if (quantity <= 0) continue;
    count += quantity;
    lines.push({
      kind: "ticket",
      ticketTypeId: type.id,
      description: `Billet: ${type.name}`,
      quantity,
      unitPriceOere: type.priceOere,
      vatCategory: "standard",
    });
  }
  if (feeOere > 0 && count > 0) {
    lines.push({
      kind: "ticket-fee",
      ticketTypeId: null,
      description: "Gebyr",
      quantity: count,
      unitPriceOere: feeOere,
      vatCategory: "standard",
    });
  }
  return lines.map(pricedLine);
}

/** When a hold made now runs out. */
export const ticketHoldExpiresAt = (now: Date) => new Date(now.getTime() + TICKET_HOLD_SECONDS * 1000);

export type CheckInOutcome =
  | { kind: "admitted"; position: number; ofOrder: number }
  | { kind: "already"; at: Date }
  | { kind: "unknown" }
  | { kind: "other-concert"; concertTitle: string }
  | { kind: "not-valid" };

/** The door's answer, large and in colour: green, amber or red, with the Danish words staff read out. */
export function checkInAnswer(outcome: CheckInOutcome, formatTime: (instant: Date) => string) {
  switch (outcome.kind) {
    case "admitted":
      return {
        colour: "green" as const,
        text:
          outcome.ofOrder > 1 ? `Godkendt – ${outcome.position} af ${outcome.ofOrder} billetter på ordren` : "Godkendt",
      };
    case "already":
      return { colour: "amber" as const, text: `Allerede tjekket ind kl. ${formatTime(outcome.at)}` };
    case "unknown":
      return { colour: "red" as const, text: "Ukendt billet" };
    case "other-concert":
      return { colour: "red" as const, text: `Billet til en anden koncert (${outcome.concertTitle})` };
    case "not-valid":
      return { colour: "red" as const, text: "Billetten er ikke gyldig (refunderet eller ikke betalt)" };
  }
}

/**
 * Whether a buyer may cancel their own paid order and have it refunded: only where the admin allows it for the
 * concert, before it starts, not for a cancelled concert (its buyers are refunded anyway), and not once a ticket of
 * the order has been checked in.
 */
export function buyerMayCancel(
  order: { paid: boolean; anyCheckedIn: boolean },
  concert: { buyersMayCancel: boolean } & Pick<ProgramEvent, "startsAt" | "movedTo" | "status">,
  now: Date,
) {
  const beforeIt = concert.status !== "aflyst" && now < effectiveStart(concert);
  return order.paid && !order.anyCheckedIn && concert.buyersMayCancel && beforeIt;
}
