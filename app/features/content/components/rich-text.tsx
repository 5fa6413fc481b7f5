import type { ReactNode } from "react";
import { isExternalHref, isRichList, type RichBlock, type RichInline } from "../rich-text";

const linkClass = "font-semibold text-accent underline underline-offset-4 hover:no-underline";

type HeadingLevel = 2 | 3 | 4;

/**
 * Formatted text (decision 017) from the tree the loader built: paragraphs, headings, lists, bold, italic and
 * links. Blocks are the container's children, so its grid gap spaces them as it did the paragraphs. The
 * stored h3/h4 are one and two levels below the text's own heading: `headingLevel` is the level an h3 gets
 * where the text sits (3 under a section's h2, 4 under an article's h3, 2 under a concert's h1). A link to
 * another site opens in a new tab and says so, like "Køb billet".
 */
export function RichText({ blocks, headingLevel = 3 }: { blocks: readonly RichBlock[]; headingLevel?: HeadingLevel }) {
  return <>{blocks.map((block, index) => renderBlock(block, index, headingLevel))}</>;
}

function renderBlock(block: RichBlock, key: number, level: HeadingLevel): ReactNode {
  if (isRichList(block)) {
    const List = block.type;
    return (
      <List key={key} className={`grid gap-1.5 pl-6 ${List === "ul" ? "list-disc" : "list-decimal"}`}>
        {block.items.map((item, index) => (
          <li key={index} className="pl-1 [&>ol]:mt-1.5 [&>ul]:mt-1.5">
            {item.map((child, childIndex) => renderBlock(child, childIndex, level))}
          </li>
        ))}
      </List>
    );
  }
  const children = renderInlines(block.children);
  if (block.type === "p") return <p key={key}>{children}</p>;
  const Heading = `h${block.type === "h3" ? level : level + 1}` as "h2" | "h3" | "h4" | "h5";
  return (
    <Heading
      key={key}
      className={block.type === "h3" ? "font-display text-xl font-bold text-ink" : "text-lg font-semibold text-ink"}
    >
      {children}
    </Heading>
  );
}

function renderInlines(inlines: readonly RichInline[]): ReactNode[] {
  return inlines.map((inline, index) => {
    if (typeof inline === "string") return inline;
    switch (inline.type) {
      case "br":
        return <br key={index} />;
      case "strong":
        return (
          <strong key={index} className="font-semibold text-ink">
            {renderInlines(inline.children)}
          </strong>
        );
      case "em":
        return <em key={index}>{renderInlines(inline.children)}</em>;
      case "a":
        return isExternalHref(inline.href) ? (
          <a key={index} href={inline.href} target="_blank" rel="external noopener noreferrer" className={linkClass}>
            {renderInlines(inline.children)}
            <span className="sr-only"> (åbner et andet websted i en ny fane)</span>
            <span aria-hidden="true">↗</span>
          </a>
        ) : (
          <a key={index} href={inline.href} className={linkClass}>
            {renderInlines(inline.children)}
          </a>
        );
    }
  });
}
