/**
 * Formatted text (decision 017) as the public pages render it: a tree of the few elements the stored HTML
 * may hold, built on the server (`rich-text.server.ts`) and rendered by React, so visitors need no parser
 * and no `dangerouslySetInnerHTML`.
 */
export type RichInline =
  | string
  | { type: "br" }
  | { type: "strong" | "em"; children: RichInline[] }
  | { type: "a"; href: string; children: RichInline[] };

export type RichBlock =
  { type: "p" | "h3" | "h4"; children: RichInline[] } | { type: "ul" | "ol"; items: RichBlock[][] };

export type RichList = Extract<RichBlock, { items: RichBlock[][] }>;

export function isRichList(block: RichBlock): block is RichList {
  return block.type === "ul" || block.type === "ol";
}

/** The link schemes stored text may use; anything else is dropped with its link (the text stays). */
export const richTextSchemes = ["http", "https", "mailto", "tel"] as const;

/** A link to another site: it opens in a new tab and says so. Paths on this site and mailto:/tel: do not. */
export function isExternalHref(href: string) {
  return /^https?:\/\//i.test(href);
}

/**
 * Whether a submitted text has anything to show once its tags are set aside. Only an early check for the
 * form: the server decides on the sanitized text (`normalizeRichText` gives "").
 */
export function looksFilled(value: string) {
  return (
    value
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;/g, " ")
      .trim() !== ""
  );
}

/** Tags of rich text or of what is commonly pasted: their presence makes a submission HTML, else plain text. */
const HTML_TAG = /<\/?(p|br|strong|em|b|i|u|a|h[1-6]|ul|ol|li|div|span)\b[^>]*>/i;

export function escapeText(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Plain text as HTML: `<`, `>` and `&` escaped, a paragraph per blank-line separated block, lines as `<br>`. */
export function plainTextHtml(text: string) {
  return text
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split("\n")
          .map((line) => escapeText(line.trim()))
          .join("<br>")}</p>`,
    )
    .join("");
}

/**
 * A submitted text as HTML, unsanitized: the editor's HTML (or pasted HTML) as it is, plain text (a form sent
 * without JavaScript, or typed before the editor had loaded) made into paragraphs.
 */
export function submittedAsHtml(text: string) {
  return HTML_TAG.test(text) ? text : plainTextHtml(text);
}
