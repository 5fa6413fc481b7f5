import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import type { PageCache } from "./page-cache";

const CHANNEL = "scene_page_cache";
const RECONNECT_MS = 1_000;

/**
 * Several instances on one PostgreSQL: a write on one empties the visitor page cache of all. Each instance
 * LISTENs on its own connection and NOTIFYs the others when its cache is invalidated; its own notices are
 * recognised by an instance id and ignored.
 */
export function shareInvalidations(options: { databaseUrl: string; pageCache: PageCache; logger: Logger }) {
  const instanceId = randomUUID();
  const notifier = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
  notifier.on("error", (error) => options.logger.warn({ err: error }, "page cache notifier connection failed"));
  let listener: pg.Client | undefined;
  let stopped = false;

  const listen = async () => {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on("notification", (notice) => {
      const [sender, path] = (notice.payload ?? "").split(" ");
      if (notice.channel === CHANNEL && sender !== instanceId) options.pageCache.clear(path === "*" ? undefined : path);
    });
    client.on("error", (error) => {
      options.logger.warn({ err: error }, "page cache listener connection lost; reconnecting");
      void client.end().catch(() => undefined);
      if (listener === client) listener = undefined;
      // Notices missed meanwhile are covered by emptying the cache once the listener is back.
      if (!stopped) setTimeout(() => void listen().then(() => options.pageCache.clear(), () => undefined), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
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
