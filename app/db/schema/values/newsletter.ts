// The schema's words for a newsletter: the shapes of its jsonb columns. The newsletter's code imports them from
// here, most of it through letter.ts.
import type { RichBlock } from "~/features/content/rich-text";

/**
 * A newsletter as the admin writes it (decision 040): a subject and a list of blocks. The formatted text is the
 * site's own (decision 017); the concerts block is filled from the programme when the letter goes out.
 */
export type LetterBlock =
  | { type: "text"; html: string }
  /** The next concerts; the monthly digest's are those of its month ("2026-12"). */
  | { type: "concerts"; month?: string }
  | { type: "image"; mediaId: string; alt: string }
  | { type: "button"; label: string; href: string };

export type LetterBlockType = LetterBlock["type"];

/** One concert in a letter, as it stood when the letter went out. */
export interface LetterConcert {
  id: string;
  title: string;
  /** "fredag 4. december 2026 kl. 20.00", the new time of a moved concert. */
  when: string;
  /**
   * The price a fan first sees, fee included (`concertPrice`): "Fra 140 kr. inkl. gebyr". None for a cancelled
   * concert, one without a price, and in the letters sent before prices were told (issue 54).
   */
  price?: string;
  /** The concert's page, in full. */
  url: string;
  /** "Køb billet", "Udsolgt", "Aflyst", "Gratis adgang" … */
  ticketStatus: string;
  /** Where the ticket status leads: the buying page, another company's, or the concert's page. */
  ticketUrl: string | null;
}

/** A block as the letter went out: what every message and the archive page show. Addresses are absolute. */
export type SentBlock =
  | { type: "text"; blocks: RichBlock[] }
  | { type: "concerts"; concerts: LetterConcert[] }
  | { type: "image"; src: string; alt: string; width: number; height: number }
  | { type: "button"; label: string; href: string };

export interface SentLetter {
  subject: string;
  siteName: string;
  publicUrl: string;
  blocks: SentBlock[];
}
