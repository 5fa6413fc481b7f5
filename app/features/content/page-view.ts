import type { StoredImageRef } from "~/features/media/media";
import { pagePaths, type PageName } from "./page-names";

export interface PageView {
  header: string;
  image: StoredImageRef | null;
  sections: { id: string; header: string; text: string; image: StoredImageRef | null }[];
  isEmpty: boolean;
}

/** The spec's placeholder when no page of a kind exists: a page whose header is "Empty page". */
export const EMPTY_PAGE_HEADER = "Empty page";

export function emptyPage(): PageView {
  return { header: EMPTY_PAGE_HEADER, image: null, sections: [], isEmpty: true };
}

/** Page views use the first page of the list the API answers, else the empty page (spec §7). */
export function pageViewFrom(list: readonly Omit<PageView, "isEmpty">[]): PageView {
  const first = list[0];
  return first ? { header: first.header, image: first.image, sections: first.sections, isEmpty: false } : emptyPage();
}

/** Splits a section text into paragraphs at blank lines; single line breaks stay inside a paragraph. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export const pageNameByPath: Record<string, PageName> = Object.fromEntries(
  Object.entries(pagePaths).map(([name, path]) => [path, name as PageName]),
);
