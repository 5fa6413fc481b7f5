import type { MailMessage } from "~/features/email/mail-message";
import { message } from "~/features/email/messages";
import type { ReceiptView } from "~/features/orders/receipt";
import { vatInWords } from "~/features/orders/vat-words";

/** A request or an offer as its mails name it. */
export interface RequestMailView {
  siteName: string;
  name: string;
  days: string;
  total: string;
  /** When the answer is due, in words. */
  answerBy: string;
}

/** To the booker: the request arrived, and when they will hear. */
export function requestReceivedMessage(to: string, view: RequestMailView, url: string) {
  return message(
    view.siteName,
    to,
    "Vi har modtaget din forespørgsel",
    [
      `Hej ${view.name}`,
      `Tak for din forespørgsel på leje af salen, ${view.days}. Dagene er holdt til dig, til vi har svaret, senest ${view.answerBy}.`,
      `Efter de nuværende priser koster lejen ${view.total}. Du får et tilbud eller et svar på e-mail.`,
    ],
    [{ url, label: "Se dine reservationer" }],
  );
}

/** To the venue: a request waits for its answer. */
export function newRequestMessage(
  to: string,
  view: RequestMailView & { booker: string; purpose: string },
  url: string,
) {
  return message(
    view.siteName,
    to,
    `Ny forespørgsel: ${view.days}`,
    [
      `${view.booker} spørger om leje af salen, ${view.days}, til ${view.purpose}.`,
      `Svar senest ${view.answerBy}; ellers bliver dagene ledige igen af sig selv.`,
    ],
    [{ url, label: "Besvar forespørgslen" }],
  );
}

/** To the booker: the venue's offer, with its link. */
export function offerMessage(to: string, view: RequestMailView & { note: string | null }, url: string) {
  return message(
    view.siteName,
    to,
    "Dit tilbud på leje af salen",
    [
      `Hej ${view.name}`,
      `Vi kan tilbyde dig salen ${view.days} for i alt ${view.total}.`,
      ...(view.note ? [view.note] : []),
      `Tilbuddet gælder til ${view.answerBy}. Accepterer du det, betaler du depositum med det samme.`,
    ],
    [{ url, label: "Se og accepter tilbuddet" }],
  );
}

/** To the booker: the request was declined, with the venue's reason (and other days it proposes). */
export function requestDeclinedMessage(
  to: string,
  view: Omit<RequestMailView, "answerBy">,
  reason: string,
  proposedDays: string[],
  url: string,
) {
  const proposed =
    proposedDays.length === 0
      ? []
      : [
          `I stedet kan vi tilbyde ${listInDanish(proposedDays)}. Dagene er ikke holdt til dig: send en ny forespørgsel på dem, hvis de passer.`,
        ];
  return message(
    view.siteName,
    to,
    "Svar på din forespørgsel",
    [`Hej ${view.name}`, `Vi kan desværre ikke tilbyde dig salen ${view.days}.`, reason, ...proposed],
    [{ url, label: proposedDays.length ? "Se de foreslåede dage" : "Find andre dage" }],
  );
}

/** "a", "a og b", "a, b og c". */
const listInDanish = (items: string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} og ${items.at(-1)}`;

/** To the booker and to the venue: a request or an offer was not answered in time, and its days are free. */
export function requestExpiredMessage(
  to: string,
  view: Omit<RequestMailView, "answerBy">,
  offer: boolean,
  url: string,
) {
  const what = offer ? "Tilbuddet" : "Forespørgslen";
  return message(
    view.siteName,
    to,
    `${what} på leje af salen er udløbet`,
    [
      `${what} på leje af salen ${view.days} (${view.name}) blev ikke besvaret i tide og er udløbet.`,
      "Dagene er ledige igen.",
    ],
    [{ url, label: "Se kalenderen" }],
  );
}

/** To the booker: how the security deposit was settled after the event. */
export function depositSettledMessage(
  to: string,
  view: {
    siteName: string;
    name: string;
    days: string;
    deposit: string;
    kept: { amount: string; reason: string } | null;
    refunded: string;
  },
  url: string,
) {
  return message(
    view.siteName,
    to,
    "Dit sikkerhedsdepositum er afregnet",
    [
      `Hej ${view.name}`,
      `Tak for lejen af salen, ${view.days}. Dit sikkerhedsdepositum på ${view.deposit} er nu afregnet.`,
      ...(view.kept ? [`Vi beholder ${view.kept.amount}: ${view.kept.reason}`] : ["Vi beholder intet af det."]),
      `Du får ${view.refunded} tilbage på den måde, du betalte.`,
    ],
    [{ url, label: "Se dine reservationer" }],
  );
}

/** To the booker: the booking is cancelled, by them or the venue, and what it came to. */
export function bookingCancelledByTiersMessage(
  to: string,
  view: { siteName: string; name: string; days: string; reason: string; byAdmin: boolean; words: string[] },
  url: string,
) {
  return message(
    view.siteName,
    to,
    "Din booking er afbestilt",
    [
      `Hej ${view.name}`,
      view.byAdmin
        ? `Vi har aflyst din booking af salen, ${view.days}: ${view.reason}`
        : `Din booking af salen, ${view.days}, er afbestilt, og dagene er ledige igen.`,
      ...view.words,
    ],
    [{ url, label: "Se dine reservationer" }],
  );
}

/** What was bought and paid, in words: the lines, the total with its moms, and the plan of more than one payment. */
function receiptLines({ lines, total, vat, payments }: ReceiptView) {
  const plan = payments.map((payment) =>
    payment.paid
      ? `${payment.label}: ${payment.amount}, betalt (kvittering nr. ${payment.receiptNumber}).`
      : `${payment.label}: ${payment.amount}, forfalder ${payment.due}.`,
  );
  return [
    ...lines.map((line) => `${line.label}: ${line.price}`),
    `I alt ${total}. ${vatInWords(vat)}`,
    ...(payments.length < 2 ? [] : plan),
  ];
}

/** The booking confirmation: the receipt (number, business, CVR, moms) in the mail, the days as an .ics. */
export function bookingConfirmationMessage(to: string, receipt: ReceiptView, ics: string, url: string): MailMessage {
  const built = message(
    receipt.siteName,
    to,
    `Kvittering nr. ${receipt.receiptNumber}: din reservation hos ${receipt.siteName}`,
    [
      `Hej ${receipt.bookerName}`,
      `Tak for din reservation hos ${receipt.siteName}. Betalingen er gennemført, og dagene er dine.`,
      ...receiptLines(receipt),
      `Kvittering nr. ${receipt.receiptNumber}, betalt ${receipt.paidAt}.`,
      `${receipt.business.name}, ${receipt.business.address}, CVR ${receipt.business.cvr}.`,
      "Dagene ligger som kalenderbegivenheder i den vedhæftede fil.",
    ],
    [{ url, label: "Se dine reservationer" }],
  );
  return {
    ...built,
    attachments: [
      { filename: "reservation.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" },
    ],
  };
}

/** The receipt of a balance paid: the booking is now paid in full. */
export function balancePaidMessage(to: string, receipt: ReceiptView, receiptNumber: number, url: string) {
  const paid = receipt.payments.find((payment) => payment.receiptNumber === receiptNumber);
  return message(
    receipt.siteName,
    to,
    `Kvittering nr. ${receiptNumber}: restbeløbet er betalt`,
    [
      `Hej ${receipt.bookerName}`,
      `Tak for betalingen af restbeløbet${paid ? `, ${paid.amount}` : ""}. Din leje hos ${receipt.siteName} er nu betalt.`,
      ...receiptLines(receipt),
      `${receipt.business.name}, ${receipt.business.address}, CVR ${receipt.business.cvr}.`,
    ],
    [{ url, label: "Se dine reservationer" }],
  );
}

/** A reminder of a balance: a week before it falls due, and on the day. */
export function balanceReminderMessage(
  siteName: string,
  to: string,
  view: { name: string; amount: string; due: string; days: string; onDueDay: boolean },
  url: string,
) {
  return message(
    siteName,
    to,
    view.onDueDay ? `Restbeløbet for din leje forfalder i dag` : `Restbeløbet for din leje forfalder ${view.due}`,
    [
      `Hej ${view.name}`,
      `Restbeløbet for din leje af salen (${view.days}) er ${view.amount} og forfalder ${view.due}.`,
      "Du betaler under Mine reservationer. Har du allerede betalt, kan du se bort fra denne e-mail.",
    ],
    [{ url, label: "Betal restbeløbet" }],
  );
}

export function bookingCancelledMessage(siteName: string, to: string, name: string, day: string, reason: string) {
  return message(siteName, to, `Din reservation ${day} er aflyst`, [
    `Hej ${name}`,
    `Din reservation ${day} er aflyst.`,
    `Begrundelse: ${reason}`,
    "Beløbet for dagen bliver refunderet. Kontakt os gerne, hvis du har spørgsmål.",
  ]);
}
