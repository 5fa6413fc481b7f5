import type { StoredImageRef } from "~/features/media/media";
import { pagePaths, type PageName } from "./page-names";
import type { RichBlock } from "./rich-text";

export interface PageView {
  header: string;
  image: StoredImageRef | null;
  /** Each section's formatted text as the tree `RichText` renders (decision 017). */
  sections: { id: string; header: string; body: RichBlock[]; image: StoredImageRef | null }[];
  /** The first section's opening as plain text, for the meta description; "" when there is none. */
  description: string;
  isEmpty: boolean;
}

/** The spec's placeholder when no page of a kind exists: a page whose header is "Empty page". */
export const EMPTY_PAGE_HEADER = "Empty page";

/** Page views use the first page of the list the API answers, else the empty page (spec §7). */
export function pageViewFrom(list: readonly Omit<PageView, "isEmpty">[]): PageView {
  const first = list[0];
  return first
    ? { ...first, isEmpty: false }
    : { header: EMPTY_PAGE_HEADER, image: null, sections: [], description: "", isEmpty: true };
}

export const pageNameByPath: Record<string, PageName> = Object.fromEntries(
  Object.entries(pagePaths).map(([name, path]) => [path, name as PageName]),
);
