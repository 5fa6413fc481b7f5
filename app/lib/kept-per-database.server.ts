import type { Database } from "~/db/client.server";

/**
 * How long an instance trusts its copy of a settings row without hearing of a change. A write that says
 * `changed("settings")` has it forgotten on every instance (server/freshness.ts); the time limit only bounds a
 * change made around the app (SQL by hand).
 */
export const SETTINGS_CACHE_MS = 60_000;

/**
 * A row that nearly every request reads and an admin rarely changes (the site's and the reservation settings),
 * read once per database and then kept in memory until `forget()` or `SETTINGS_CACHE_MS`. A failed read is not kept.
 */
export function keptPerDatabase<T>(read: (db: Database) => Promise<T>) {
  let entries = new WeakMap<Database, { value: Promise<T>; until: number }>();
  return {
    get(db: Database): Promise<T> {
      const kept = entries.get(db);
      if (kept && Date.now() < kept.until) return kept.value;
      const owner = entries;
      const value = read(db);
      owner.set(db, { value, until: Date.now() + SETTINGS_CACHE_MS });
      value.catch(() => owner.delete(db));
      return value;
    },
    forget() {
      entries = new WeakMap();
    },
  };
}
