import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { reservationSettings } from "~/db/schema";
import { createBackup } from "~/features/operations/backup.server";
import { getReservationSettings } from "~/features/rental/settings.server";
import { diskBackend, Storage } from "~/features/storage/storage.server";
import { createFreshness } from "../../server/freshness";
import { runOperationsCommand } from "../../server/operations";
import { PageCache } from "../../server/page-cache";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { eventually } from "../support/eventually";

const logger = pino({ level: "silent" });

describe.runIf(process.env.TEST_DATABASE_URL)("freshness across instances on postgres", () => {
  let database: TestDatabase;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  // After each test, so that no notice a test's instances still send reaches the next test's instances.
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** An instance as startServer builds one: its page cache (with two pages kept) and its freshness, listening. */
  async function instance() {
    const pageCache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const freshness = createFreshness({ db: database.db, logger, pageCache, tellOthers: true });
    const notices = await freshness.listen({ database, databaseUrl: database.url, onDay: () => undefined });
    stops.push(notices.stop);
    for (const path of ["/videoer", "/reservation?maaned=2026-12"])
      pageCache.store(`system ${path}`, { body: "<p>gammel</p>", nonce: "n", headers: [] });
    return { pageCache, freshness };
  }

  const notify = (channel: string, payload: string) =>
    database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

  it("empties every instance's pages when one says its content changed, by one notice, not heard back", async () => {
    const [one, two, three] = [await instance(), await instance(), await instance()];
    const before = one.pageCache.generation;
    await one.freshness.changed("content");
    expect(one.pageCache.size).toBe(0);
    await eventually(() => expect([two.pageCache.size, three.pageCache.size]).toEqual([0, 0]));
    // A day's notice sent after the change arrives after it: by then `one` has cleared twice, not three times.
    await notify("scene_days", "2026-12-05");
    await eventually(() => expect(one.pageCache.generation).toBe(before + 2));
  });

  it("empties only the calendar's pages, on every instance, when the database tells of a day", async () => {
    const [one, two] = [await instance(), await instance()];
    await notify("scene_days", "2026-12-05");
    for (const { pageCache } of [one, two]) {
      await eventually(() => expect(pageCache.get("system /reservation?maaned=2026-12")).toBeUndefined());
      expect(pageCache.get("system /videoer")).toBeDefined();
    }
  });

  it("forgets the kept settings when another instance says the settings changed, not for content", async () => {
    const { pageCache } = await instance();
    const kept = await getReservationSettings(database.db);
    await database.db.update(reservationSettings).set({ maxDaysPerOrder: kept.maxDaysPerOrder + 1 });
    await notify("scene_changes", "another-instance content");
    await eventually(() => expect(pageCache.size).toBe(0));
    expect(await getReservationSettings(database.db)).toBe(kept);
    await notify("scene_changes", "another-instance settings");
    await eventually(async () =>
      expect((await getReservationSettings(database.db)).maxDaysPerOrder).toBe(kept.maxDaysPerOrder + 1),
    );
  });

  it("tells the running instances of a restore (npm run restore): they forget every page", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "scene-freshness-"));
    try {
      const archive = path.join(directory, "site.tar.gz");
      const storage = new Storage(diskBackend(directory));
      await createBackup({ database, storage, buildId: "test-build", file: archive });
      const { pageCache } = await instance();
      // Stubbed in the process's own environment: a copy put in its place would no longer carry TZ to the clock
      // for the files this worker runs next.
      vi.stubEnv("DATABASE_URL", database.url);
      vi.stubEnv("DATA_DIR", directory);
      vi.stubEnv("BACKUP_DIR", directory);
      expect(await runOperationsCommand(["restore", archive, "--force"], "test-build")).toBe(0);
      await eventually(() => expect(pageCache.get("system /videoer")).toBeUndefined());
    } finally {
      vi.unstubAllEnvs();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("listens on one connection per instance, and again after it is cut, forgetting what it may have missed", async () => {
    const [one, two] = [await instance(), await instance()];
    const listening = `select pid from pg_stat_activity where query like 'LISTEN %' and datname = current_database()`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      expect((await admin.query(listening)).rowCount).toBe(2);
      await admin.query(`select pg_terminate_backend(pid) from (${listening}) as listeners`);
      await eventually(async () => expect((await admin.query(listening)).rowCount).toBe(2));
    } finally {
      await admin.end();
    }
    await eventually(() => expect(two.pageCache.size).toBe(0));
    two.pageCache.store("system /musik", { body: "<p>gammel</p>", nonce: "n", headers: [] });
    await one.freshness.changed("content");
    await eventually(() => expect(two.pageCache.size).toBe(0));
  });
});
