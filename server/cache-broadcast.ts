import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import type { PageCache } from "./page-cache";

const CHANNEL = "scene_page_cache";
const RECONNECT_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

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
  let listener: pg.Client | undefined;
  let stopped = false;

  // Listens until stopped: a lost connection is replaced, trying again with growing pauses while the database
  // is away; notices missed meanwhile are covered by emptying the cache once listening again.
  const listen = async (): Promise<void> => {
    for (let attempt = 0; !stopped; attempt += 1) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      client.on("notification", (notice) => {
        const [sender, path] = (notice.payload ?? "").split(" ");
        if (notice.channel !== CHANNEL || sender === instanceId) return;
        options.pageCache.clear(path === "*" ? undefined : path);
        if (path === "*") options.onWriteElsewhere?.();
      });
      client.on("error", (error) => {
        // Only the connection in use is replaced; one that failed to connect is dealt with below.
        if (listener !== client) return;
        listener = undefined;
        options.logger.warn({ err: error }, "page cache listener connection lost; reconnecting");
        void client.end().catch(() => undefined);
        if (!stopped)
          void listen().then(() => {
            options.pageCache.clear();
            options.onWriteElsewhere?.();
          });
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        if (stopped) return void (await client.end());
        listener = client;
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        options.logger.warn({ err: error, attempt }, "page cache listener cannot connect; trying again");
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** attempt)).unref(),
        );
      }
    }
  };

  const unsubscribe = options.pageCache.onInvalidate((path) => {
    notifier.query("select pg_notify($1, $2)", [CHANNEL, `${instanceId} ${path ?? "*"}`]).catch((error: unknown) => {
      options.logger.warn({ err: error }, "telling the other instances to empty their page caches failed");
    });
  });

  return {
    ready: listen(),
    async stop() {
      stopped = true;
      unsubscribe();
      await Promise.allSettled([listener?.end(), notifier.end()]);
    },
  };
}
