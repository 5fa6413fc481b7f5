import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import { listenToChannels } from "./notice-listener";
import type { PageCache } from "./page-cache";

const CHANNEL = "scene_page_cache";

/**
 * Several instances on one PostgreSQL: a write on one empties the visitor page cache of all. Each instance
 * LISTENs on its own connection and NOTIFYs the others when its cache is invalidated; its own notices are
 * recognised by an instance id and ignored.
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
      const [sender, path] = payload.split(" ");
      if (sender === instanceId) return;
      options.pageCache.clear(path === "*" ? undefined : path);
      if (path === "*") options.onWriteElsewhere?.();
    },
    // Notices missed while away are covered by emptying the cache once listening again.
    onReconnected() {
      options.pageCache.clear();
      options.onWriteElsewhere?.();
    },
  });

  const unsubscribe = options.pageCache.onInvalidate((path) => {
    notifier.query("select pg_notify($1, $2)", [CHANNEL, `${instanceId} ${path ?? "*"}`]).catch((error: unknown) => {
      options.logger.warn({ err: error }, "telling the other instances to empty their page caches failed");
    });
  });

  return {
    ready: listener.ready,
    async stop() {
      unsubscribe();
      await Promise.allSettled([listener.stop(), notifier.end()]);
    },
  };
}
