import type { orders } from "~/db/schema";
import { isUpcoming } from "~/features/program/program";
import { formatTime } from "~/lib/format";

type OrderStatus = (typeof orders.$inferSelect)["status"];

/*
 * A ticket buyer's own data, from their order's link (issue 36): mailed to the order's address, or erased. Erasing
 * keeps what the bookkeeping law (bogføringsloven) asks for five years: an order that was paid, refunded later or
 * not, keeps its lines, amounts and receipt, and only who bought it is forgotten. An order never paid is no
 * bookkeeping, so it goes whole.
 */

/** What erasing an order does: `delete` it with its tickets, or `anonymize` its buyer and keep the bookkeeping. */
export type Erasure = "delete" | "anonymize";

export const erasureOf = (status: OrderStatus): Erasure =>
  status === "paid" || status === "cancelled" ? "anonymize" : "delete";

/** Who an anonymized order's buyer and ticket holders are. */
export const ERASED_BUYER_NAME = "Slettet køber";

/**
 * An anonymized order's address: never delivered (`.invalid` is reserved, RFC 2606), and one per order, so the
 * counts and lists by address (the limit per e-mail, the admin's buyers) never pool anonymized orders into one buyer.
 */
export const erasedBuyerEmail = (orderId: string) => `slettet-${orderId}@slettet.invalid`;

export type ErasureRefusal = { reason: "valid-tickets" } | { reason: "payment-open"; until: Date };

/**
 * Why an order's buyer data cannot be erased now, or null. A valid ticket to a concert that has not been yet (until
 * the end of its day in Copenhagen, as the programme counts) must still open the door, as its holder may come. An
 * order waiting for payment may still be paid while the provider's checkout is open (`checkoutSessionSeconds` from
 * when the order was made, as the checkout starts with it); a payment for an order that is gone would be neither
 * booked nor refunded.
 */
export function erasureRefusal(
  order: { status: OrderStatus; provider: string; createdAt: Date },
  concert: { startsAt: Date; movedTo: Date | null },
  tickets: { status: string }[],
  payments: { name: string; checkoutSessionSeconds: number } | null,
  now: Date,
): ErasureRefusal | null {
  if (tickets.some((ticket) => ticket.status === "sold") && isUpcoming(concert, now)) {
    return { reason: "valid-tickets" };
  }
  const checkoutSeconds = payments?.name === order.provider ? payments.checkoutSessionSeconds : 0;
  const checkoutEnds = new Date(order.createdAt.getTime() + checkoutSeconds * 1000);
  if (order.status === "pending" && checkoutEnds > now) return { reason: "payment-open", until: checkoutEnds };
  return null;
}

/** The refusal in Danish; `venueEmail` is the site's own address, empty when the admin has not given one. */
export function erasureRefusalMessage(refusal: ErasureRefusal, venueEmail: string) {
  switch (refusal.reason) {
    case "valid-tickets":
      return `Ordren har gyldige billetter til en koncert, der ikke har været endnu, og de skal kunne bruges ved indgangen. Vent til efter koncerten, eller skriv til os${venueEmail ? ` på ${venueEmail}` : ""}.`;
    case "payment-open":
      return `Betalingen af ordren er ikke afsluttet endnu. Prøv igen efter kl. ${formatTime(refusal.until)}.`;
  }
}

/** What the buyer is told once it is done, and what the confirm step asks before. */
export const erasureWords = {
  delete: {
    question:
      "Slet ordren og dine oplysninger? Den er ikke betalt, så intet bliver gemt, og linket holder op med at virke.",
    done: "Ordren og dine oplysninger er slettet",
    detail: "Linket til ordren virker ikke længere.",
  },
  anonymize: {
    question:
      "Slet dit navn og din e-mailadresse fra ordren? Beløb og kvittering gemmes i fem år, som bogføringsloven kræver, men uden dit navn. Linket til ordren og billetterne holder op med at virke, så gem kvitteringen først, hvis du skal bruge den.",
    done: "Dit navn og din e-mailadresse er slettet fra ordren",
    detail:
      "Beløb og kvittering gemmes uden dit navn i fem år, som bogføringsloven kræver. Linket virker ikke længere.",
  },
} satisfies Record<Erasure, { question: string; done: string; detail: string }>;

/** An order's status as the buyer's data mail words it. */
export const orderStatusWords: Record<OrderStatus, string> = {
  pending: "venter på betaling",
  paid: "betalt",
  failed: "ikke gennemført",
  cancelled: "afbestilt og refunderet",
  requested: "forespurgt",
  offered: "tilbud",
  declined: "afslået",
  expired: "udløbet",
  invoiced: "faktureret",
};
