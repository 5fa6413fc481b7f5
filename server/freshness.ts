import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { forgetReservationSettings } from "~/features/rental/settings.server";
import { forgetOfferedAddOns } from "~/features/rental/add-ons.server";
import { forgetSiteSettings } from "~/features/site/settings.server";
import type { Change } from "~/lib/freshness";
import { listenToChannels } from "./notice-listener";
import type { PageCache } from "./page-cache";

/** The channel the database triggers NOTIFY on with the day that changed (migration 0007). */
const DAY_CHANNEL = "scene_days";
/** The channel the instances tell each other what a write changed on: "<instance id> <change>". */
const CHANGE_CHANNEL = "scene_changes";
/** The visitor pages that show the days' states. */
const DAY_PAGES = "/reservation";

const changes: readonly string[] = ["content", "settings", "everything"] satisfies Change[];
const isChange = (word: string | undefined): word is Change => changes.includes(word ?? "");

/**
 * Freshness (decision 026): turns what a write says it changed into each cache's invalidation. Content empties
 * the visitor page cache; settings and everything also forget the settings kept in memory; a day (a database
 * notice, from any instance) forgets the calendar's pages. On PostgreSQL the other instances hear of a write by
 * one NOTIFY each, on the connection that also brings the days (`listen`); an instance ignores its own.
 */
export function createFreshness(options: {
  db: Database;
  logger: Logger;
  /** Absent where no page is served (the restore command, the tests of features). */
  pageCache?: PageCache;
  /** Whether other instances may share the database: true on PostgreSQL. */
  tellOthers: boolean;
}) {
  const instanceId = randomUUID();

  function forget(change: Change) {
    if (change !== "content") {
      forgetSiteSettings();
      forgetReservationSettings();
    }
    if (change !== "settings") forgetOfferedAddOns();
    options.pageCache?.clear();
  }

  function heard(channel: string, payload: string) {
    if (channel === DAY_CHANNEL) return options.pageCache?.clear(DAY_PAGES);
    const [sender, change] = payload.split(" ");
    if (sender !== instanceId && isChange(change)) forget(change);
  }

  return {
    async changed(change: Change) {
      forget(change);
      if (!options.tellOthers) return;
      await options.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${`${instanceId} ${change}`})`).then(
        () => undefined,
        (error: unknown) =>
          options.logger.warn({ err: error, change }, "telling the other instances of a change failed"),
      );
    },

    /**
     * Hears the database's notices, on one connection: the days that changed (for the pages here and `onDay`, the
     * live calendar) and the other instances' writes. In-process on PGlite, by LISTEN on PostgreSQL.
     */
    async listen(listening: { database: DatabaseHandle; databaseUrl?: string; onDay: (day: string) => void }) {
      const onNotice = (channel: string, payload: string) => {
        heard(channel, payload);
        if (channel === DAY_CHANNEL) listening.onDay(payload);
      };
      if (listening.database.listenInProcess) {
        // PGlite: this process is the only instance, so only the days are news.
        const stop = await listening.database.listenInProcess(DAY_CHANNEL, (day) => onNotice(DAY_CHANNEL, day));
        return { stop };
      }
      if (!listening.databaseUrl) throw new Error("Listening needs the PostgreSQL address");
      const listener = listenToChannels({
        databaseUrl: listening.databaseUrl,
        channels: [DAY_CHANNEL, CHANGE_CHANNEL],
        logger: options.logger,
        onNotice,
        // Notices sent while the connection was away are lost: anything may have changed.
        onReconnected: () => forget("everything"),
      });
      await listener.ready;
      return listener;
    },
  };
}
