import type { RichBlock, RichInline } from "~/features/content/rich-text";
import { LOCALE, TIME_ZONE } from "~/lib/format";
import type { SentBlock, SentLetter } from "./letter";

const sentOnFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "5. marts 2026": the day a letter went out, as the archive shows it. */
export const formatSentOn = (instant: Date) => sentOnFormat.format(instant);

/**
 * A sent letter's addresses are whole, for a mail read far from the site. On the site, its own addresses become
 * paths again, so its links stay in the tab and its pictures load under the site's own content policy.
 */
export function letterOnSite(letter: SentLetter): { subject: string; blocks: SentBlock[] } {
  const base = letter.publicUrl.replace(/\/$/, "");
  const local = (href: string) => (href === base ? "/" : href.startsWith(`${base}/`) ? href.slice(base.length) : href);
  const inline = (node: RichInline): RichInline => {
    if (typeof node === "string" || node.type === "br") return node;
    const children = node.children.map(inline);
    return node.type === "a" ? { ...node, href: local(node.href), children } : { ...node, children };
  };
  const rich = (blocks: RichBlock[]): RichBlock[] =>
    blocks.map((block) =>
      "items" in block
        ? { ...block, items: block.items.map(rich) }
        : { ...block, children: block.children.map(inline) },
    );
  return {
    subject: letter.subject,
    blocks: letter.blocks.map((block): SentBlock => {
      switch (block.type) {
        case "text":
          return { ...block, blocks: rich(block.blocks) };
        case "concerts":
          return {
            ...block,
            concerts: block.concerts.map((concert) => ({
              ...concert,
              url: local(concert.url),
              ticketUrl: concert.ticketUrl && local(concert.ticketUrl),
            })),
          };
        case "image":
          return { ...block, src: local(block.src) };
        case "button":
          return { ...block, href: local(block.href) };
      }
    }),
  };
}
