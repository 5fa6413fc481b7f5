import { parseDocument } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import {
  escapeText,
  isRichList,
  plainTextHtml,
  richTextSchemes,
  submittedAsHtml,
  type RichBlock,
  type RichInline,
} from "./rich-text";

/**
 * The one home of formatted text (decision 017). Every door that writes a section, article, track or concert
 * text (the admin's forms, the seed, the migration of old texts) stores `normalizeRichText(input)`: the
 * small HTML subset below, sanitized by sanitize-html's allow-list, put in order, with e-mail addresses,
 * Danish phone numbers and web addresses made links. Readers turn it into a tree for React
 * (`richTextBlocks`) or plain text for descriptions and calendars (`richTextPlain`).
 */

/** What the code reads of htmlparser2's nodes: text ("text"), elements ("tag"); the rest is skipped. */
interface DomNode {
  type: string;
  data?: string;
}
interface DomElement extends DomNode {
  type: "tag";
  name: string;
  attribs: Record<string, string>;
  children: DomNode[];
}

function parse(html: string): DomNode[] {
  return parseDocument(html).children as DomNode[];
}

const allowedTags = ["p", "br", "strong", "em", "a", "h3", "h4", "ul", "ol", "li"];
const blockTags = new Set(["p", "h3", "h4", "ul", "ol", "li"]);

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: { a: ["href"] },
  allowedSchemes: [...richTextSchemes],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // What other editors and pasted text bring, mapped onto ours; the headings stay below the page's h2.
  transformTags: {
    b: "strong",
    i: "em",
    h1: "h3",
    h2: "h3",
    h5: "h4",
    h6: "h4",
    div: "p",
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? "";
      const kept: sanitizeHtml.Attributes = safeHref(href) ? { href } : {};
      return { tagName, attribs: kept };
    },
  },
  // A link without an address keeps its text. (Empty elements are left out when the tree is built.)
  exclusiveFilter: (frame) => (frame.tag === "a" && !frame.attribs.href ? "excludeTag" : false),
  disallowedTagsMode: "discard",
};

/** An address a stored link may have: http(s), mailto: and tel:, or a path on this site. */
function safeHref(href: string) {
  if (/^\/(?!\/)/.test(href)) return !/[\s\\]/.test(href);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme !== undefined && (richTextSchemes as readonly string[]).includes(scheme);
}

/**
 * What is stored for a submitted text: the editor's HTML (or any HTML) sanitized and put in order, or plain
 * text (a form sent without JavaScript, older clients) made into paragraphs. Idempotent; "" when nothing
 * is left to show.
 */
export function normalizeRichText(input: string): string {
  const text = input.replace(/\r\n?/g, "\n");
  if (text.trim() === "") return "";
  const html = submittedAsHtml(text);
  const clean = sanitizeHtml(html, sanitizeOptions);
  return serialize(blocksOf(parse(clean), { autolink: true }));
}

/**
 * Plain text of before decision 017 as stored HTML: `<`, `>` and `&` escaped, a paragraph per blank-line
 * separated block, single line breaks as `<br>`, addresses and numbers as links. Nothing is lost: the
 * paragraphs' text reads as before (`richTextPlain` gives it back).
 */
export function plainTextToRichText(text: string): string {
  const normalized = text.replace(/\r\n?/g, "\n");
  if (normalized.trim() === "") return "";
  return normalizeRichText(plainTextHtml(normalized));
}

/** The tree React renders, from stored HTML. Anything outside the subset is left out, its text kept. */
export function richTextBlocks(html: string): RichBlock[] {
  if (html.trim() === "") return [];
  return blocksOf(parse(html), { autolink: false });
}

/**
 * Plain text of stored HTML, for meta descriptions, sharing cards, JSON-LD, calendars and the admin's lists:
 * tags gone, entities decoded, paragraphs apart by a blank line, list items on lines of their own.
 */
export function richTextPlain(html: string): string {
  return blocksPlain(richTextBlocks(html));
}

/** The first paragraph (or heading, or list item) of a text, as a description's opening. */
export function richTextLead(html: string, max = 160): string {
  const first = richTextPlain(html).split("\n")[0] ?? "";
  return first.length > max ? `${first.slice(0, max - 1).trimEnd()}…` : first;
}

function blocksPlain(blocks: RichBlock[]): string {
  return blocks
    .map((block) => {
      if (isRichList(block))
        return block.items
          .map((item, index) => `${block.type === "ul" ? "•" : `${index + 1}.`} ${blocksPlain(item)}`)
          .join("\n");
      return inlinePlain(block.children).trim();
    })
    .filter(Boolean)
    .join("\n\n");
}

function inlinePlain(inlines: RichInline[]): string {
  return inlines
    .map((inline) => {
      if (typeof inline === "string") return inline.replace(/\s+/g, " ");
      if (inline.type === "br") return "\n";
      return inlinePlain(inline.children);
    })
    .join("")
    .replace(/ *\n */g, "\n");
}

// ---- The tree: blocks at the top, inline content inside, whatever order the input had. ----

interface BuildOptions {
  autolink: boolean;
}

function isElement(node: DomNode): node is DomElement {
  return node.type === "tag";
}

function blocksOf(nodes: DomNode[], options: BuildOptions): RichBlock[] {
  const blocks: RichBlock[] = [];
  let pending: RichInline[] = [];
  const flush = () => {
    const children = trimInlines(pending);
    if (hasText(children)) blocks.push({ type: "p", children });
    pending = [];
  };
  let strayItems: RichBlock[][] = [];
  const flushItems = () => {
    if (strayItems.length) blocks.push({ type: "ul", items: strayItems });
    strayItems = [];
  };
  for (const node of nodes) {
    if (isElement(node) && node.name === "li") {
      flush();
      const item = blocksOf(node.children, options);
      if (item.length) strayItems.push(item);
      continue;
    }
    flushItems();
    if (isElement(node) && (node.name === "p" || node.name === "h3" || node.name === "h4")) {
      flush();
      const children = trimInlines(inlinesOf(node.children, options, false));
      if (hasText(children)) blocks.push({ type: node.name, children });
    } else if (isElement(node) && (node.name === "ul" || node.name === "ol")) {
      flush();
      const items = node.children
        .map((child) => (isElement(child) && child.name === "li" ? child.children : [child]))
        .map((children) => blocksOf(children, options))
        .filter((item) => item.length > 0);
      if (items.length) blocks.push({ type: node.name, items });
    } else {
      pending.push(...inlinesOf([node], options, false));
    }
  }
  flush();
  flushItems();
  return blocks;
}

function inlinesOf(nodes: DomNode[], options: BuildOptions, inLink: boolean): RichInline[] {
  const inlines: RichInline[] = [];
  for (const node of nodes) {
    if (node.type === "text") {
      const text = node.data ?? "";
      inlines.push(...(options.autolink && !inLink ? autolinked(text) : [text]));
      continue;
    }
    if (!isElement(node)) continue;
    switch (node.name) {
      case "br":
        inlines.push({ type: "br" });
        break;
      case "strong":
      case "em": {
        const children = inlinesOf(node.children, options, inLink);
        if (hasText(children)) inlines.push({ type: node.name, children });
        break;
      }
      case "a": {
        const href = node.attribs.href?.trim() ?? "";
        const children = inlinesOf(node.children, options, true);
        if (inLink || !safeHref(href)) inlines.push(...children);
        else if (hasText(children)) inlines.push({ type: "a", href, children });
        break;
      }
      default: {
        // A block inside inline content (a list inside a paragraph): its text, on a line of its own.
        const children = inlinesOf(node.children, options, inLink);
        if (blockTags.has(node.name) && inlines.length && hasText(children)) inlines.push({ type: "br" });
        inlines.push(...children);
      }
    }
  }
  return inlines;
}

function hasText(inlines: RichInline[]): boolean {
  return inlines.some((inline) =>
    typeof inline === "string" ? inline.trim() !== "" : inline.type !== "br" && hasText(inline.children),
  );
}

/** Line breaks and blank text at the edges of a block show nothing. */
function trimInlines(inlines: RichInline[]): RichInline[] {
  const result = [...inlines];
  const blank = (inline: RichInline | undefined) =>
    inline !== undefined && (typeof inline === "string" ? inline.trim() === "" : inline.type === "br");
  while (blank(result[0])) result.shift();
  while (blank(result.at(-1))) result.pop();
  return result;
}

// ---- Addresses and numbers in text become links. ----

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

function autolinked(text: string): RichInline[] {
  const result: RichInline[] = [];
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
    if (match.index > last) result.push(text.slice(last, match.index));
    result.push({ type: "a", href, children: [found] });
    last = match.index + found.length;
  }
  if (last < text.length) result.push(text.slice(last));
  return result.length ? result : [text];
}

// ---- Back to HTML, the stored form. ----

function escapeAttribute(text: string) {
  return escapeText(text).replace(/"/g, "&quot;");
}

function serialize(blocks: RichBlock[]): string {
  return blocks
    .map((block) =>
      isRichList(block)
        ? `<${block.type}>${block.items.map((item) => `<li>${serialize(item)}</li>`).join("")}</${block.type}>`
        : `<${block.type}>${serializeInline(block.children)}</${block.type}>`,
    )
    .join("");
}

function serializeInline(inlines: RichInline[]): string {
  return inlines
    .map((inline) => {
      if (typeof inline === "string") return escapeText(inline);
      if (inline.type === "br") return "<br>";
      if (inline.type === "a")
        return `<a href="${escapeAttribute(inline.href)}">${serializeInline(inline.children)}</a>`;
      return `<${inline.type}>${serializeInline(inline.children)}</${inline.type}>`;
    })
    .join("");
}
