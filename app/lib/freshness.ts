/**
 * What a write changed, as visitors see it (decision 026): the content, the settings (the site's or the
 * reservation's), or everything at once (a restore). A day's claims and blocking need no word from the code: the
 * database tells of every change to them itself (migration 0007's triggers), whichever door made it.
 */
export type Change = "content" | "settings" | "everything";

/** Where a feature's write says what it changed, once it is committed; the server's `server/freshness.ts`. */
export interface Freshness {
  changed(change: Change): Promise<void>;
}
