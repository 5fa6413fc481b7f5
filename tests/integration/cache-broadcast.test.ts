import pg from "pg";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shareInvalidations } from "../../server/cache-broadcast";
import { PageCache } from "../../server/page-cache";

const logger = pino({ level: "silent" });
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)("page cache invalidation across instances on postgres", () => {
  const stops: (() => Promise<void>)[] = [];
  // After each test, so that no notice a test's instances still send reaches the next test's instances.
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  async function instance(onWriteElsewhere?: () => void) {
    const pageCache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const shared = shareInvalidations({ databaseUrl: databaseUrl!, pageCache, logger, onWriteElsewhere });
    await shared.ready;
    stops.push(shared.stop);
    pageCache.store("system /videoer", { body: "<p>gammel</p>", nonce: "n", headers: [] });
    return pageCache;
  }

  it("empties every instance's cache when one is invalidated, and only once on the one that wrote", async () => {
    const [one, two, three] = [await instance(), await instance(), await instance()];
    let told = 0;
    one.onInvalidate(() => (told += 1));

    one.invalidate();
    await vi.waitFor(() => expect([two.size, three.size]).toEqual([0, 0]));
    expect(one.size).toBe(0);
    expect(told).toBe(1);
  });

  it("listens again after its connection is cut", async () => {
    const [one, two] = [await instance(), await instance()];
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const cut = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN scene_page_cache' and datname = current_database() and pid <> pg_backend_pid()",
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    await vi.waitFor(
      async () => {
        two.store("system /videoer", { body: "<p>gammel</p>", nonce: "n", headers: [] });
        one.invalidate();
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(two.get("system /videoer")).toBeUndefined();
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it("passes on which pages a write changed", async () => {
    const [one, two] = [await instance(), await instance()];
    two.store("system /reservation?maaned=2026-12", { body: "<p>kalender</p>", nonce: "n", headers: [] });
    one.invalidate("/reservation");
    await vi.waitFor(() => expect(two.get("system /reservation?maaned=2026-12")).toBeUndefined());
    expect(two.get("system /videoer")).toBeDefined();
  });

  it("sends the invalidations made while a notice is on its way together, as one notice", async () => {
    const [one, two] = [await instance(), await instance()];
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    const notices: string[] = [];
    listener.on("notification", ({ payload }) => notices.push(payload!));
    await listener.query("LISTEN scene_page_cache");
    try {
      for (const page of ["/musik", "/videoer", "/billeder"])
        two.store(`system ${page}`, { body: "<p>gammel</p>", nonce: "n", headers: [] });
      one.invalidate("/musik");
      one.invalidate("/videoer");
      one.invalidate("/billeder");
      await vi.waitFor(() =>
        expect([two.get("system /musik"), two.get("system /videoer"), two.get("system /billeder")]).toEqual([
          undefined,
          undefined,
          undefined,
        ]),
      );
      expect(notices.map((notice) => notice.split(" ").slice(1))).toEqual([["/musik"], ["/videoer", "/billeder"]]);
    } finally {
      await listener.end();
    }
  });

  it("tells the other instances of a write that may have changed anything, for their other copies (settings)", async () => {
    let forgotten = 0;
    const one = await instance(() => (forgotten += 1));
    const two = await instance();
    two.invalidate("/reservation");
    two.store("system /om", { body: "<p>om</p>", nonce: "n", headers: [] });
    one.store("system /om", { body: "<p>om</p>", nonce: "n", headers: [] });
    two.invalidate();
    await vi.waitFor(() => expect(one.get("system /om")).toBeUndefined());
    // Only the write of unknown scope: a hold (scope /reservation) leaves the settings alone.
    expect(forgotten).toBe(1);
  });
});
