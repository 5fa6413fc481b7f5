import type { MailMessage } from "./mailer.server";

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

export function testMessage(siteName: string, to: string, transport: string) {
  return message(siteName, to, `Test-e-mail fra ${siteName}`, [
    "Denne e-mail er sendt fra systemstatus-siden for at prøve, at e-mail virker.",
    `Den blev sendt via ${transport}.`,
  ]);
}
