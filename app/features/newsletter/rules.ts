import type { EventStatus, TicketSaleMode } from "~/db/schema/values/content";
import { fewTicketsLeft } from "~/features/tickets/rules";
import type { TicketOffer } from "~/features/tickets/sale.server";
import { copenhagenDateTime, copenhagenInstant } from "~/lib/format";

/** Where a fan signs up: each place shows its own wording, and that wording is what is kept as the consent. */
export const signUpSources = ["footer", "page", "tickets", "account"] as const;
export type SignUpSource = (typeof signUpSources)[number];

/** The tick box beside a ticket purchase and an account's sign-up; unticked until the fan ticks it. */
export const NEWSLETTER_TICK_LABEL = "Ja tak, send mig nyhedsbrevet";

const formWording =
  "Skriv dig op til nyhedsbrevet med nye koncerter og nyheder. Du får en e-mail med et link, du skal åbne for at bekræfte. Du kan altid afmelde dig med ét klik nederst i hvert brev.";

/** The consent as each place shows it, word for word: the form, and what the subscriber row keeps. */
export const consentWordings: Record<SignUpSource, string> = {
  footer: formWording,
  page: formWording,
  tickets: `${NEWSLETTER_TICK_LABEL} (nye koncerter og nyheder; afmeld med ét klik i hvert brev).`,
  account: `${NEWSLETTER_TICK_LABEL} (nye koncerter og nyheder; afmeld med ét klik i hvert brev).`,
};

/** An address that never confirms, or that left, is forgotten this many days after. */
export const FORGET_AFTER_DAYS = 30;

/** A concert as the letter's concerts block needs it: its tickets as its page tells them (`ticketOffersOf`). */
export interface ConcertForLetter {
  status: EventStatus;
  ticketSale: TicketSaleMode;
  offer: TicketOffer;
}

export type TicketStatusTarget = "buy" | "link" | "page";

/** What the letter says of a concert's tickets, and where that leads: the buying page, another company's, the concert. */
export function ticketStatusOf(concert: ConcertForLetter): { label: string; target: TicketStatusTarget } {
  const { offer } = concert;
  if (concert.status === "aflyst") return { label: "Aflyst", target: "page" };
  if (concert.status === "udsolgt") return { label: "Udsolgt", target: "page" };
  if (offer.kind === "link") return { label: "Køb billet", target: "link" };
  if (offer.kind === "none") {
    return { label: concert.ticketSale === "none" ? "Ingen billetsalg – mød op" : "Se koncerten", target: "page" };
  }
  if (offer.state === "sold-out") return { label: "Udsolgt – skriv dig på ventelisten", target: "page" };
  if (offer.state === "not-open") return { label: "Billetsalget åbner snart", target: "page" };
  if (offer.state === "closed") return { label: "Billetsalget er lukket", target: "page" };
  return { label: fewTicketsLeft(offer.left) ? "Få billetter tilbage" : "Køb billet", target: "buy" };
}

/** The send queue's tries of one message: 30 s, 1, 2, 4, 8 minutes …, then it is given up on. */
export const MAX_SEND_ATTEMPTS = 8;

/** What became of one message sent to the mail server. */
export type SendOutcome = "sent" | "retry" | "failed" | "bouncing";

/**
 * The mail server refused the recipient for good (a 5xx answer to RCPT TO: no such mailbox): the address bounces.
 * Every other failure is tried again until the tries run out: a 4xx, a lost connection, a timeout, and also a 5xx
 * to anything else (a password that no longer works, the sender or the content refused), which is the site's
 * own trouble and must never mark the list as bouncing.
 */
export function outcomeOfFailure(error: unknown, attempts: number): Exclude<SendOutcome, "sent"> {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  const refusedRecipient =
    typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && command === "RCPT TO";
  if (refusedRecipient) return "bouncing";
  return attempts >= MAX_SEND_ATTEMPTS ? "failed" : "retry";
}

/** The monthly digest goes out on the 1st at 10.00 Copenhagen time, for the month that begins. */
export const DIGEST_TIME = "10:00";

/**
 * The month whose digest is due now ("2026-12"), or null: only on the 1st from 10.00 (Copenhagen) until the
 * day ends, so a digest late by a restart still goes that day, and never in the middle of a month.
 */
export function digestMonthDue(now: Date): string | null {
  const { date } = copenhagenDateTime(now);
  if (!date.endsWith("-01")) return null;
  return now >= copenhagenInstant(date, DIGEST_TIME) ? date.slice(0, 7) : null;
}

/** A digest is sent only when it has a concert the last one did not. */
export function digestHasNews(concertIds: readonly string[], lastDigestConcertIds: readonly string[]) {
  const known = new Set(lastDigestConcertIds);
  return concertIds.some((id) => !known.has(id));
}

/** The last `count` months ("2026-11") up to and with the month of `now`, oldest first, with the new subscribers of each. */
export function growthByMonth(confirmedPerMonth: ReadonlyMap<string, number>, now: Date, count = 12) {
  const [year, month] = copenhagenDateTime(now).date.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const back = count - 1 - index;
    const total = year * 12 + (month - 1) - back;
    const key = `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
    return { month: key, joined: confirmedPerMonth.get(key) ?? 0 };
  });
}
