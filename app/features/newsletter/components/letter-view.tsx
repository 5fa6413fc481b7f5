import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { RichText } from "~/features/content/components/rich-text";
import { isExternalHref } from "~/features/content/rich-text";
import { concertFacts, type LetterConcert, type SentBlock } from "../letter";
import { Section } from "~/components/ui/section";

/** A link of the letter: in the tab for the site's own pages, in a new one (and saying so) for another site's. */
function LetterLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (!isExternalHref(href)) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="external noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (åbner et andet websted i en ny fane)</span>
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}

function Concerts({ concerts }: { concerts: LetterConcert[] }) {
  return (
    <Section title="Næste koncerter" className="grid gap-3" headingClassName="font-display text-2xl font-bold text-ink">
      {concerts.length === 0 ? (
        <p>Der var ingen koncerter i programmet, da brevet blev sendt.</p>
      ) : (
        <ul className="grid gap-3">
          {concerts.map((concert) => (
            <li key={concert.id} className="rounded-2xl border border-border bg-surface-raised p-4 sm:p-5">
              <LetterLink href={concert.url} className="font-display text-lg font-bold text-ink hover:text-accent">
                {concert.title}
              </LetterLink>
              <p className="mt-1 text-sm text-muted">{concertFacts(concert)}</p>
              <LetterLink
                href={concert.ticketUrl ?? concert.url}
                className="mt-2 inline-block text-sm font-semibold text-accent underline underline-offset-4"
              >
                {concert.ticketStatus}
              </LetterLink>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Block({ block }: { block: SentBlock }) {
  switch (block.type) {
    case "text":
      return <RichText blocks={block.blocks} headingLevel={2} />;
    case "concerts":
      return <Concerts concerts={block.concerts} />;
    case "image":
      return (
        <img
          src={block.src}
          alt={block.alt}
          width={block.width}
          height={block.height}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-2xl"
        />
      );
    case "button":
      return (
        <p>
          <LetterLink href={block.href} className={buttonStyles.primary}>
            {block.label}
          </LetterLink>
        </p>
      );
  }
}

/**
 * A letter as it went out, on the site (the archive): its blocks without the recipient's parts, and its
 * concerts as they stood that day.
 */
export function LetterView({ subject, sentOn, blocks }: { subject: string; sentOn: string; blocks: SentBlock[] }) {
  return (
    <article className="grid gap-6">
      <header>
        <p className="text-sm font-semibold text-muted">Sendt {sentOn}</p>
        <h1 className="mt-2 font-display text-4xl font-bold tracking-tight text-balance">{subject}</h1>
      </header>
      <div className="grid gap-4 text-lg leading-relaxed text-muted">
        {blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </div>
      {blocks.some((block) => block.type === "concerts") && (
        <p className="border-t border-border pt-4 text-sm text-muted">
          Koncerterne og billetterne står, som de gjorde, da brevet blev sendt.
        </p>
      )}
    </article>
  );
}
