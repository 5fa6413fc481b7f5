import type { MailMessage } from "./mailer.server";
import { vatInWords, type VatRow } from "~/features/orders/vat-words";

// Plain text plus simple HTML, in Danish; every value put into the HTML is escaped.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

interface Link {
  url: string;
  label: string;
}

/** A mail of the site: the lines as plain text and as simple HTML, the links after them, signed with the site. */
export function message(
  siteName: string,
  to: string,
  subject: string,
  lines: string[],
  links: Link[] = [],
): MailMessage {
  const text = [
    ...lines,
    ...(links.length > 0 ? ["", ...links.map((link) => `${link.label}: ${link.url}`)] : []),
    "",
    "Venlig hilsen",
    siteName,
  ].join("\n");
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    `<p>Venlig hilsen<br>${escapeHtml(siteName)}</p>`,
  ].join("\n");
  return { to, subject, text, html };
}

/**
 * The account's verification link, with a line from each business whose step the link confirms too (the newsletter
 * ticked at sign-up, `AccountPart.verificationNote`), so that whoever opens it knows what they agree to.
 */
export function verifyEmailMessage(siteName: string, to: string, name: string, url: string, notes: string[] = []) {
  return message(
    siteName,
    to,
    "Bekræft din e-mailadresse",
    [
      `Hej ${name}`,
      "Tak fordi du har oprettet en konto. Åbn linket herunder for at bekræfte din e-mailadresse, så er du logget ind. Linket virker i en time.",
      ...notes,
      "Har du ikke oprettet en konto hos os, kan du se bort fra denne e-mail.",
    ],
    [{ url, label: "Bekræft e-mailadresse" }],
  );
}

/** To the owner of an address someone tried to sign up with again; sign-up answers as for a new address. */
export function existingAccountMessage(
  siteName: string,
  to: string,
  name: string,
  urls: { signIn: string; resetPassword: string },
) {
  return message(
    siteName,
    to,
    "Nogen har prøvet at oprette en konto med din e-mailadresse",
    [
      `Hej ${name}`,
      `Nogen har lige prøvet at oprette en konto hos ${siteName} med din e-mailadresse. Du har allerede en konto, så der er ikke oprettet en ny.`,
      "Var det dig, kan du logge ind, eller vælge en ny adgangskode, hvis du har glemt den. Var det ikke dig, kan du se bort fra denne e-mail.",
    ],
    [
      { url: urls.signIn, label: "Log ind" },
      { url: urls.resetPassword, label: "Vælg en ny adgangskode" },
    ],
  );
}

export function resetPasswordMessage(siteName: string, to: string, name: string, url: string) {
  return message(
    siteName,
    to,
    "Nulstil din adgangskode",
    [
      `Hej ${name}`,
      "Vi har fået en anmodning om at nulstille din adgangskode. Linket virker i en time.",
      "Har du ikke bedt om det, kan du se bort fra denne e-mail.",
    ],
    [{ url, label: "Vælg ny adgangskode" }],
  );
}

export function signInCodeMessage(siteName: string, to: string, code: string) {
  return message(siteName, to, `Din kode til at logge ind: ${code}`, [
    `Din engangskode er ${code}`,
    "Koden virker i 5 minutter. Har du ikke bedt om den, kan du se bort fra denne e-mail.",
  ]);
}

export interface ReceiptView {
  siteName: string;
  business: { name: string; address: string; cvr: string };
  receiptNumber: number;
  paidAt: string;
  bookerName: string;
  bookerAddress: string;
  lines: { label: string; price: string }[];
  total: string;
  vat: VatRow[];
  /** The order's payment plan: everything at once, or a depositum and the balance. */
  payments: PaymentView[];
}

export interface PaymentView {
  label: string;
  amount: string;
  /** The day it falls due, in words. */
  due: string;
  paid: boolean;
  receiptNumber: number | null;
}

/** The plan in words, when it is more than one payment: what is paid, and what is due when. */
function planLines(payments: PaymentView[]) {
  if (payments.length < 2) return [];
  return payments.map((payment) =>
    payment.paid
      ? `${payment.label}: ${payment.amount}, betalt (kvittering nr. ${payment.receiptNumber}).`
      : `${payment.label}: ${payment.amount}, forfalder ${payment.due}.`,
  );
}

/** The booking confirmation: the receipt (number, business, CVR, moms) in the mail, the days as an .ics. */
export function bookingConfirmationMessage(to: string, receipt: ReceiptView, ics: string, url: string): MailMessage {
  const lines = [
    `Hej ${receipt.bookerName}`,
    `Tak for din reservation hos ${receipt.siteName}. Betalingen er gennemført, og dagene er dine.`,
    ...receipt.lines.map((line) => `${line.label}: ${line.price}`),
    `I alt ${receipt.total}. ${vatInWords(receipt.vat)}`,
    ...planLines(receipt.payments),
    `Kvittering nr. ${receipt.receiptNumber}, betalt ${receipt.paidAt}.`,
    `${receipt.business.name}, ${receipt.business.address}, CVR ${receipt.business.cvr}.`,
    "Dagene ligger som kalenderbegivenheder i den vedhæftede fil.",
  ];
  const built = message(
    receipt.siteName,
    to,
    `Kvittering nr. ${receipt.receiptNumber}: din reservation hos ${receipt.siteName}`,
    lines,
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
      ...receipt.lines.map((line) => `${line.label}: ${line.price}`),
      `I alt ${receipt.total}. ${vatInWords(receipt.vat)}`,
      ...planLines(receipt.payments),
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

export function testMessage(siteName: string, to: string, transport: string) {
  return message(siteName, to, `Test-e-mail fra ${siteName}`, [
    "Denne e-mail er sendt fra systemstatus-siden for at prøve, at e-mail virker.",
    `Den blev sendt via ${transport}.`,
  ]);
}
