/**
 * Migration 0011's conversion of plain text (from before decision 017) to stored formatted text, frozen on purpose:
 * a copy of what `plainTextToRichText` (`features/content/rich-text.server.ts`) gave plain text when the migration
 * was written, so the migration does the same on every database however that feature changes later. Do not import
 * the feature here, and do not change this to follow it.
 *
 * `<`, `>` and `&` escaped, a paragraph per blank-line separated block, single line breaks as `<br>`, e-mail
 * addresses, Danish phone numbers and web addresses as links.
 */
export function plainTextToRichText0011(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split("\n").map(lineHtml).join("<br>")}</p>`)
    .join("");
}

const WEB = String.raw`https?:\/\/[^\s<>"']+|www\.[^\s<>"']+\.[^\s<>"']+`;
const EMAIL = String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}`;
/** Danish numbers: "12 34 56 78", "+45 12 34 56 78", "+4512345678". Eight digits alone may be a CVR number. */
const PHONE = String.raw`(?:\+45 ?)?\d{2} \d{2} \d{2} \d{2}|\+45 ?\d{8}`;
const LINKABLE = new RegExp(
  String.raw`(?<web>${WEB})|(?<![\p{L}\p{N}._%+-])(?<email>${EMAIL})|(?<![\p{L}\p{N}+])(?<!\d )(?<phone>${PHONE})(?![\p{N}]| \d{2}\b)`,
  "gu",
);
/** Punctuation that ends a sentence, not an address. */
const TRAILING = /[.,;:!?'"»”)\]]+$/;

function escaped(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** One line, trimmed, escaped, with its addresses and numbers made links. */
function lineHtml(line: string): string {
  const text = line.trim();
  let html = "";
  let last = 0;
  for (const match of text.matchAll(LINKABLE)) {
    let found = match[0];
    let href: string;
    if (match.groups?.web) {
      const trailing = TRAILING.exec(found)?.[0] ?? "";
      // A closing parenthesis that belongs to the address stays: https://da.wikipedia.org/wiki/Aarhus_(by)
      const kept = trailing.startsWith(")") && found.includes("(") ? 1 : 0;
      found = found.slice(0, found.length - trailing.length + kept);
      href = /^www\./i.test(found) ? `https://${found}` : found;
    } else if (match.groups?.email) {
      href = `mailto:${found}`;
    } else {
      const digits = found.replace(/\D/g, "");
      href = `tel:+45${digits.length === 10 ? digits.slice(2) : digits}`;
    }
    html += `${escaped(text.slice(last, match.index))}<a href="${escaped(href).replace(/"/g, "&quot;")}">${escaped(found)}</a>`;
    last = match.index + found.length;
  }
  return html + escaped(text.slice(last));
}
