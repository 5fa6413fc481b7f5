import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { Logger } from "pino";

const RECONNECT_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTENs on PostgreSQL channels on a connection of its own until stopped. A lost connection is replaced, trying
 * again with growing pauses while the database is away; `onReconnected` is told once it listens again, since
 * notices sent meanwhile are lost.
 */
export function listenToChannels(options: {
  databaseUrl: string;
  channels: string[];
  onNotice: (channel: string, payload: string) => void;
  onReconnected?: () => void;
  logger: Logger;
}) {
  let listener: pg.Client | undefined;
  let stopped = false;

  const listen = async (): Promise<void> => {
    for (let attempt = 0; !stopped; attempt += 1) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      client.on("notification", (notice) => {
        if (options.channels.includes(notice.channel)) options.onNotice(notice.channel, notice.payload ?? "");
      });
      client.on("error", (error) => {
        // Only the connection in use is replaced; one that failed to connect is dealt with below.
        if (listener !== client) return;
        listener = undefined;
        options.logger.warn({ err: error }, "database notices listener connection lost; reconnecting");
        void client.end().catch(() => undefined);
        if (!stopped) void listen().then(() => options.onReconnected?.());
      });
      try {
        await client.connect();
        for (const channel of options.channels) await client.query(`LISTEN ${channel}`);
        if (stopped) return void (await client.end());
        listener = client;
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        options.logger.warn({ err: error, attempt }, "database notices listener cannot connect; trying again");
        await sleep(Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** attempt), undefined, { ref: false });
      }
    }
  };

  return {
    ready: listen(),
    async stop() {
      stopped = true;
      await listener?.end().catch(() => undefined);
    },
  };
}
