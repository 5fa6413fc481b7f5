import type { LetterBlockType, LetterConcert } from "~/db/schema/values/newsletter";

export type { LetterBlock, LetterBlockType, LetterConcert, SentBlock, SentLetter } from "~/db/schema/values/newsletter";

export const letterBlockNames: Record<LetterBlockType, string> = {
  text: "Tekst",
  concerts: "Næste koncerter",
  image: "Billede",
  button: "Knap med link",
};

export const MAX_LETTER_BLOCKS = 30;
export const SUBJECT_MAX = 150;
export const BUTTON_LABEL_MAX = 60;
/** How many of the next concerts the concerts block lists; a month's digest lists up to the larger number. */
export const CONCERTS_IN_LETTER = 8;
export const CONCERTS_IN_DIGEST = 40;

/** "fredag 4. december 2026 kl. 20.00 · Fra 140 kr. inkl. gebyr": when, and the price where there is one. */
export const concertFacts = (concert: LetterConcert) => [concert.when, concert.price].filter(Boolean).join(" · ");
