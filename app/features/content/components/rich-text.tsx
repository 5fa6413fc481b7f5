import type { ReactNode } from "react";
import { isExternalHref, isRichList, type RichBlock, type RichInline } from "../rich-text";

const linkClass = "font-semibold text-accent underline underline-offset-4 hover:no-underline";

/**
 * Formatted text (decision 017) from the tree the loader built: paragraphs, h3/h4 (below the section's h2),
 * lists, bold, italic and links. Blocks are the container's children, so its grid gap spaces them as it did
 * the paragraphs. A link to another site opens in a new tab and says so, like "Køb billet".
 */
export function RichText({ blocks }: { blocks: readonly RichBlock[] }) {
  return <>{blocks.map((block, index) => renderBlock(block, index))}</>;
}

function renderBlock(block: RichBlock, key: number): ReactNode {
  if (isRichList(block)) {
    const List = block.type;
    return (
      <List key={key} className={`grid gap-1.5 pl-6 ${List === "ul" ? "list-disc" : "list-decimal"}`}>
        {block.items.map((item, index) => (
          <li key={index} className="pl-1 [&>ol]:mt-1.5 [&>ul]:mt-1.5">
            {item.map((child, childIndex) => renderBlock(child, childIndex))}
          </li>
        ))}
      </List>
    );
  }
  const children = renderInlines(block.children);
  switch (block.type) {
    case "h3":
      return (
        <h3 key={key} className="font-display text-xl font-bold text-ink">
          {children}
        </h3>
      );
    case "h4":
      return (
        <h4 key={key} className="text-lg font-semibold text-ink">
          {children}
        </h4>
      );
    default:
      return <p key={key}>{children}</p>;
  }
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
