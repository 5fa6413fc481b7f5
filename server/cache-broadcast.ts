import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import { listenToChannels } from "./notice-listener";
import type { PageCache } from "./page-cache";

const CHANNEL = "scene_page_cache";

/** PostgreSQL takes a notice's payload up to 8000 bytes; longer lists of pages go as "everything". */
const MAX_PAYLOAD_LENGTH = 7_900;

/**
 * Several instances on one PostgreSQL: a write on one empties the visitor page cache of all. Each instance
 * LISTENs on its own connection and NOTIFYs the others when its cache is invalidated; its own notices are
 * recognised by an instance id and ignored. A notice is the instance id and the pages changed, or `*` for all.
 * Invalidations made while a notice is on its way go out together in the next one: under a race for days, a
 * hold and a release each invalidate the calendar, and one notice then stands for many.
 */
export function shareInvalidations(options: {
  databaseUrl: string;
  pageCache: PageCache;
  logger: Logger;
  /**
   * Called when another instance made a write that may have changed anything (it emptied its whole cache), and
   * after a lost connection is back: for other in-memory copies (the reservation settings) to be forgotten too.
   */
  onWriteElsewhere?: () => void;
}) {
  const instanceId = randomUUID();
  const notifier = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
  notifier.on("error", (error) => options.logger.warn({ err: error }, "page cache notifier connection failed"));
  const listener = listenToChannels({
    databaseUrl: options.databaseUrl,
    channels: [CHANNEL],
    name: "page cache",
    logger: options.logger,
    onNotice(_channel, payload) {
      const [sender, ...paths] = payload.split(" ");
      if (sender === instanceId) return;
      if (paths.includes("*")) {
        options.pageCache.clear();
        options.onWriteElsewhere?.();
        return;
      }
      for (const path of paths) options.pageCache.clear(path);
    },
    // Notices missed while away are covered by emptying the cache once listening again.
    onReconnected() {
      options.pageCache.clear();
      options.onWriteElsewhere?.();
    },
  });

  /** The pages invalidated since the last notice went out; "all" after an invalidation of everything. */
  let unsent: Set<string> | "all" | null = null;
  let sending = false;
  let stopped = false;
  function sendUnsent() {
    if (stopped || sending || unsent === null) return;
    const pages = unsent === "all" ? "*" : [...unsent].join(" ");
    unsent = null;
    sending = true;
    const payload = `${instanceId} ${pages.length > MAX_PAYLOAD_LENGTH ? "*" : pages}`;
    notifier
      .query("select pg_notify($1, $2)", [CHANNEL, payload])
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, "telling the other instances to empty their page caches failed");
      })
      .finally(() => {
        sending = false;
        sendUnsent();
      });
  }
  const unsubscribe = options.pageCache.onInvalidate((path) => {
    if (path === undefined || /\s/.test(path)) unsent = "all";
    else if (unsent === null) unsent = new Set([path]);
    else if (unsent !== "all") unsent.add(path);
    sendUnsent();
  });

  return {
    ready: listener.ready,
    async stop() {
      stopped = true;
      unsubscribe();
      await Promise.allSettled([listener.stop(), notifier.end()]);
    },
  };
}
