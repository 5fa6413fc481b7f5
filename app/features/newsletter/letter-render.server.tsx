import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { RichBlock, RichInline } from "~/features/content/rich-text";
import type { MailMessage } from "~/features/email/mail-message";
import { concertFacts, type LetterConcert, type SentBlock, type SentLetter } from "./letter";

/*
 * A letter as e-mail (decision 040): HTML with inline styles in one narrow column, as mail clients read it, and
 * a plain-text part beside it. Both are made once per letter; only the unsubscribe link differs per recipient.
 */

const PLACEHOLDER = "https://afmeld.invalid/scene-newsletter-unsubscribe";

const ink = "#1c1917";
const muted = "#57534e";
const accent = "#b4232a";
const font = "Helvetica, Arial, sans-serif";

const paragraph: CSSProperties = { margin: "0 0 16px", fontSize: "16px", lineHeight: "1.55", color: ink };

function Inline({ inline }: { inline: RichInline }): ReactNode {
  if (typeof inline === "string") return inline;
  if (inline.type === "br") return <br />;
  const children = inline.children.map((child, index) => <Inline key={index} inline={child} />);
  if (inline.type === "strong") return <strong>{children}</strong>;
  if (inline.type === "em") return <em>{children}</em>;
  if (inline.type !== "a") return children;
  return (
    <a href={inline.href} style={{ color: accent, fontWeight: 600 }}>
      {children}
    </a>
  );
}

function RichBlocks({ blocks }: { blocks: RichBlock[] }) {
  return blocks.map((block, index) => {
    if ("items" in block) {
      const List = block.type;
      return (
        <List key={index} style={{ ...paragraph, paddingLeft: "24px" }}>
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>
              <RichBlocks blocks={item} />
            </li>
          ))}
        </List>
      );
    }
    const children = block.children.map((child, childIndex) => <Inline key={childIndex} inline={child} />);
    if (block.type === "p")
      return (
        <p key={index} style={paragraph}>
          {children}
        </p>
      );
    const Heading = block.type;
    const size = block.type === "h3" ? "22px" : "18px";
    return (
      <Heading key={index} style={{ margin: "24px 0 8px", fontSize: size, lineHeight: "1.3", color: ink }}>
        {children}
      </Heading>
    );
  });
}

function Concerts({ concerts }: { concerts: LetterConcert[] }) {
  if (concerts.length === 0) return <p style={paragraph}>Der er ingen koncerter i programmet lige nu.</p>;
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 24px" }}>
      <tbody>
        {concerts.map((concert) => (
          <tr key={concert.id}>
            <td style={{ padding: "12px 0", borderTop: "1px solid #e7e5e4" }}>
              <a href={concert.url} style={{ color: ink, fontSize: "17px", fontWeight: 700, textDecoration: "none" }}>
                {concert.title}
              </a>
              <div style={{ color: muted, fontSize: "14px", marginTop: "2px" }}>{concertFacts(concert)}</div>
              <a
                href={concert.ticketUrl ?? concert.url}
                style={{ color: accent, fontSize: "14px", fontWeight: 600, display: "inline-block", marginTop: "4px" }}
              >
                {concert.ticketStatus}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Block({ block }: { block: SentBlock }) {
  if (block.type === "text") return <RichBlocks blocks={block.blocks} />;
  if (block.type === "concerts") {
    return (
      <>
        <h2 style={{ margin: "24px 0 4px", fontSize: "22px", color: ink }}>Næste koncerter</h2>
        <Concerts concerts={block.concerts} />
      </>
    );
  }
  if (block.type === "image") {
    return (
      <img
        src={block.src}
        alt={block.alt}
        width={560}
        height={Math.round((block.height * 560) / block.width)}
        style={{ display: "block", width: "100%", height: "auto", margin: "0 0 16px", border: 0 }}
      />
    );
  }
  return (
    <p style={{ margin: "8px 0 24px" }}>
      <a
        href={block.href}
        style={{
          display: "inline-block",
          background: accent,
          color: "#ffffff",
          fontWeight: 700,
          fontSize: "16px",
          padding: "12px 22px",
          borderRadius: "6px",
          textDecoration: "none",
        }}
      >
        {block.label}
      </a>
    </p>
  );
}

/** The letter's body, without anything personal: the mail puts the unsubscribe line under it. */
function LetterBody({ letter }: { letter: SentLetter }) {
  return letter.blocks.map((block, index) => <Block key={index} block={block} />);
}

function LetterEmail({ letter, unsubscribeUrl }: { letter: SentLetter; unsubscribeUrl: string }) {
  return (
    <html lang="da">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{letter.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#f5f5f4", fontFamily: font }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: "#f5f5f4" }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: "600px", background: "#ffffff", borderRadius: "8px" }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: "28px 20px 8px", fontFamily: font }}>
                        <a
                          href={letter.publicUrl}
                          style={{ color: muted, fontSize: "14px", fontWeight: 700, textDecoration: "none" }}
                        >
                          {letter.siteName}
                        </a>
                        <h1 style={{ margin: "8px 0 20px", fontSize: "26px", lineHeight: "1.25", color: ink }}>
                          {letter.subject}
                        </h1>
                        <LetterBody letter={letter} />
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 20px 28px", borderTop: "1px solid #e7e5e4", fontFamily: font }}>
                        <p style={{ margin: 0, fontSize: "13px", lineHeight: "1.5", color: muted }}>
                          Du får denne e-mail, fordi du har tilmeldt dig nyhedsbrevet fra {letter.siteName}.{" "}
                          <a href={unsubscribeUrl} style={{ color: muted }}>
                            Afmeld nyhedsbrevet
                          </a>
                          {" · "}
                          <a href={`${letter.publicUrl}/nyhedsbrev/arkiv`} style={{ color: muted }}>
                            Se tidligere breve
                          </a>
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function inlineText(inline: RichInline): string {
  if (typeof inline === "string") return inline;
  if (inline.type === "br") return "\n";
  const text = inline.children.map(inlineText).join("");
  return inline.type === "a" && inline.href !== text ? `${text} (${inline.href.replace(/^mailto:/, "")})` : text;
}

function richText(blocks: RichBlock[]): string {
  return blocks
    .map((block) => {
      if ("items" in block) {
        return block.items
          .map((item, index) => `${block.type === "ul" ? "•" : `${index + 1}.`} ${richText(item)}`)
          .join("\n");
      }
      const text = block.children.map(inlineText).join("").trim();
      return block.type === "p" ? text : text.toUpperCase();
    })
    .filter(Boolean)
    .join("\n\n");
}

function blockText(block: SentBlock): string {
  if (block.type === "text") return richText(block.blocks);
  if (block.type === "image") return block.alt ? `[Billede: ${block.alt}]` : "";
  if (block.type === "button") return `${block.label}: ${block.href}`;
  if (block.concerts.length === 0) return "NÆSTE KONCERTER\n\nDer er ingen koncerter i programmet lige nu.";
  return [
    "NÆSTE KONCERTER",
    ...block.concerts.map(
      (concert) =>
        `${concert.title}\n${concertFacts(concert)}\n${concert.ticketStatus}: ${concert.ticketUrl ?? concert.url}`,
    ),
  ].join("\n\n");
}

function letterText(letter: SentLetter, unsubscribeUrl: string) {
  return [
    letter.siteName,
    "",
    letter.subject,
    "",
    letter.blocks.map(blockText).filter(Boolean).join("\n\n"),
    "",
    "________________________________________",
    `Du får denne e-mail, fordi du har tilmeldt dig nyhedsbrevet fra ${letter.siteName}.`,
    `Afmeld nyhedsbrevet: ${unsubscribeUrl}`,
    `Tidligere breve: ${letter.publicUrl}/nyhedsbrev/arkiv`,
  ].join("\n");
}

export interface LetterMessageParts {
  /** The whole letter as HTML, with the unsubscribe link given (the admin's preview shows it). */
  html(unsubscribeUrl: string): string;
  personal(recipient: { to: string; unsubscribeUrl: string; messageId: string }): MailMessage;
}

/** A letter's message, rendered once; `personal` puts in the recipient, the unsubscribe link and the headers. */
export function letterMessage(letter: SentLetter): LetterMessageParts {
  const html = `<!doctype html>${renderToStaticMarkup(<LetterEmail letter={letter} unsubscribeUrl={PLACEHOLDER} />)}`;
  const text = letterText(letter, PLACEHOLDER);
  return {
    html: (unsubscribeUrl) => html.replaceAll(PLACEHOLDER, unsubscribeUrl),
    personal: ({ to, unsubscribeUrl, messageId }) => ({
      to,
      subject: letter.subject,
      html: html.replaceAll(PLACEHOLDER, unsubscribeUrl),
      text: text.replaceAll(PLACEHOLDER, unsubscribeUrl),
      messageId,
      // RFC 2369 and RFC 8058: the mail client's own "Afmeld" posts to the link, with no page in between.
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": `${letter.siteName.replace(/[<>"]/g, "")} <nyhedsbrev.${new URL(letter.publicUrl).hostname}>`,
      },
    }),
  };
}
