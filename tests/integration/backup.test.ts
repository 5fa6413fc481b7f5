import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseKind } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { demoSettings } from "~/db/seed/demo-content";
import { seedDemoContent } from "~/db/seed/seed.server";
import {
  BackupError,
  createBackup,
  listBackups,
  migrationLevel,
  restoreBackup,
} from "~/features/operations/backup.server";
import { lastBackupRun, runRecordedBackup, scheduledBackupJob } from "~/features/operations/backup-runs.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { nextTurnAt, QueueWorker } from "~/features/queue/worker.server";
import { diskBackend, Storage } from "~/features/storage/storage.server";
import { createBooking, createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, migrateUpTo, type TestDatabase } from "../support/test-database";
import { snapshot } from "../support/snapshot";
import { demoImageCacheDirectory } from "../support/demo-image-cache";

// Each test backs up or restores the whole demo site with its images: about 15 s alone, two to three times that
// while the 2-core machine runs the other test files too.
vi.setConfig({ testTimeout: 90_000 });

const logger = pino({ level: "silent" });
const temporary: string[] = [];
const databases: TestDatabase[] = [];

async function temporaryDirectory() {
  const directory = await mkdtemp(path.join(tmpdir(), "scene-backup-test-"));
  temporary.push(directory);
  return directory;
}

async function emptySite(kind: DatabaseKind, options: { migrated?: boolean } = {}) {
  const database = await createTestDatabase(kind, { migrated: options.migrated ?? false });
  databases.push(database);
  return { database, storage: new Storage(diskBackend(await temporaryDirectory())) };
}

const seeded = new Map<DatabaseKind, ReturnType<typeof seed>>();

/**
 * A site with the demo content, an account and a paid booking: every kind of row and file. Made once per kind:
 * seeding renders the demo images (seconds of CPU), so only the PGlite site is seeded, and the PostgreSQL site
 * is that site restored from its backup (restoring is proven below either way).
 */
function seededSite(kind: DatabaseKind) {
  if (!seeded.has(kind)) seeded.set(kind, kind === "pglite" ? seed() : restoredFromPglite(kind));
  return seeded.get(kind)!;
}

async function seed() {
  const site = await emptySite("pglite", { migrated: true });
  await seedDemoContent(site.database.db, {
    storage: site.storage,
    logger,
    imageCacheDirectory: demoImageCacheDirectory,
  });
  const { id } = await createUser(site.database.db, {
    id: "backup-user",
    name: "Birte Backup",
    email: "birte@example.dk",
    profile: { address: "Kajen 3, 8000 Aarhus C" },
  });
  await createBooking(site.database.db, id, addDays(todayInCopenhagen(), 50));
  return site;
}

/**
 * A small site (the settings, an account, one stored file) for the tests of how a restore behaves; the round
 * trips prove that everything of the whole demo site comes back.
 */
async function smallSite() {
  const site = await emptySite("pglite", { migrated: true });
  await site.database.db.insert(siteSettings).values(demoSettings);
  await createUser(site.database.db, { name: "Birte Backup", profile: { address: "Kajen 3, 8000 Aarhus C" } });
  await site.storage.store("albums", "webp", new TextEncoder().encode("et omslag"), "image/webp");
  return site;
}

let pgliteArchive: Promise<string> | undefined;

/** One backup of the seeded PGlite site, shared by the tests that only read it. */
function seededArchive() {
  pgliteArchive ??= (async () => {
    const source = await seededSite("pglite");
    const file = path.join(await temporaryDirectory(), "scene-backup.tar.gz");
    await createBackup({ database: source.database, storage: source.storage, buildId: "test-build", file });
    return file;
  })();
  return pgliteArchive;
}

async function restoredFromPglite(kind: DatabaseKind) {
  const site = await emptySite(kind);
  await restoreBackup({ archive: await seededArchive(), database: site.database, storage: site.storage });
  return site;
}

async function files(storage: Storage) {
  const keys = await storage.backend.list();
  return Object.fromEntries(
    await Promise.all(
      keys.map(async (key) => [key, Buffer.from((await storage.read(key))!).toString("base64")] as const),
    ),
  );
}

afterAll(async () => {
  await Promise.all(databases.map((database) => database.destroy()));
  await Promise.all(temporary.map((directory) => rm(directory, { recursive: true, force: true })));
});

const roundTrips: [DatabaseKind, DatabaseKind][] = databaseKinds.includes("postgres")
  ? [
      ["pglite", "pglite"],
      ["pglite", "postgres"],
      ["postgres", "pglite"],
    ]
  : [["pglite", "pglite"]];

describe.each(roundTrips)("backup from %s, restored into %s", (from, to) => {
  let source: Awaited<ReturnType<typeof seededSite>>;
  let archive: string;

  // The first seeds the demo site, rendering its images.
  beforeAll(async () => {
    source = await seededSite(from);
    archive = path.join(await temporaryDirectory(), "scene-backup.tar.gz");
  }, 120_000);

  // A whole site's backup and restore, with the demo pictures: seconds alone, and half a minute or more beside
  // the browser tests on two cores (CI runs them side by side).
  it("brings back the same rows and the same files, at the same migration level", async () => {
    const backup = await createBackup({
      database: source.database,
      storage: source.storage,
      buildId: "test-build",
      file: archive,
    });
    // The booking made above, and the three days the demo's two requests hold.
    expect(backup.manifest.tables.day_claims!.rows).toBe(4);
    expect(backup.manifest.files.length).toBeGreaterThan(10);
    expect(backup.bytes).toBeGreaterThan(0);

    const target = await emptySite(to);
    const restored = await restoreBackup({ archive, database: target.database, storage: target.storage });

    expect(restored.migratedTo).toBe(await migrationLevel(source.database.db));
    expect(await snapshot(target.database)).toEqual(await snapshot(source.database));
    expect(await files(target.storage)).toEqual(await files(source.storage));
  }, 120_000);
});

// Each test opens two or three fresh PGlite databases and migrates them: seconds alone, and past half a minute
// beside the browser tests on two cores (CI runs them side by side).
describe("restore", { timeout: 120_000 }, () => {
  let source: Awaited<ReturnType<typeof smallSite>>;
  let archive: string;

  beforeAll(async () => {
    source = await smallSite();
    archive = path.join(await temporaryDirectory(), "small.tar.gz");
    await createBackup({ database: source.database, storage: source.storage, buildId: "test-build", file: archive });
  });

  it("refuses a database that is not empty, and replaces it with --force", async () => {
    const target = await emptySite("pglite");
    await restoreBackup({ archive, database: target.database, storage: target.storage });
    await target.database.db.update(siteSettings).set({ siteName: "Ændret efter gendannelsen" });

    await expect(restoreBackup({ archive, database: target.database, storage: target.storage })).rejects.toThrow(
      /not empty/,
    );
    const safetyBackup = path.join(await temporaryDirectory(), "before-restore.tar.gz");
    await restoreBackup({ archive, database: target.database, storage: target.storage, force: true, safetyBackup });
    expect(await snapshot(target.database)).toEqual(await snapshot(source.database));

    // What --force replaced is kept: restoring the safety backup brings the changed name back.
    const previous = await emptySite("pglite");
    await restoreBackup({ archive: safetyBackup, database: previous.database, storage: previous.storage });
    expect((await snapshot(previous.database)).site_settings!.join()).toContain("Ændret efter gendannelsen");
  });

  it("refuses a damaged archive before it touches anything", async () => {
    const unpacked = await temporaryDirectory();
    await tar.extract({ file: archive, cwd: unpacked });
    const table = path.join(unpacked, "database", "site_settings.jsonl");
    await writeFile(table, (await readFile(table, "utf8")).replace("Havnescenen", "Havnescenen!"));
    const damaged = path.join(unpacked, "damaged.tar.gz");
    await tar.create({ gzip: true, file: damaged, cwd: unpacked }, ["manifest.json", "database", "files"]);

    const target = await emptySite("pglite");
    await expect(
      restoreBackup({ archive: damaged, database: target.database, storage: target.storage }),
    ).rejects.toThrow(BackupError);
    expect(await migrationLevel(target.database.db)).toBe(0);
  });

  it("migrates an older archive forward to this version", async () => {
    const older = await createTestDatabase("pglite", { migrated: false });
    databases.push(older);
    const latest = await migrationLevel(source.database.db);
    await migrateUpTo(older, latest - 1);
    // No profile: the table's columns may differ at the older migration level.
    await createUser(older.db, { id: "old-user", name: "Otto Gammel", email: "otto@example.dk", profile: false });
    const olderArchive = path.join(await temporaryDirectory(), "older.tar.gz");
    const backup = await createBackup({
      database: older,
      storage: new Storage(diskBackend(await temporaryDirectory())),
      buildId: "old",
      file: olderArchive,
    });
    expect(backup.manifest.migrationLevel).toBe(latest - 1);

    const target = await emptySite("pglite");
    const restored = await restoreBackup({ archive: olderArchive, database: target.database, storage: target.storage });
    expect([restored.migratedFrom, restored.migratedTo]).toEqual([latest - 1, latest]);
    expect((await snapshot(target.database)).users).toHaveLength(1);
  });
});

describe("scheduled backups", () => {
  it("make one backup per scheduled time across instances, record it, and keep the newest BACKUP_KEEP", async () => {
    const site = await emptySite("pglite", { migrated: true });
    const target = {
      database: site.database,
      storage: site.storage,
      buildId: "test",
      directory: await temporaryDirectory(),
      keep: 2,
    };
    const job = scheduledBackupJob("0 * * * *", target);
    const instances = [0, 1].map(() => new QueueWorker(site.database.db, logger, false));
    const now = new Date();
    for (const instance of instances) await instance.start({ handlers: [], recurring: [job] }, { polling: false, now });
    const scheduled = nextTurnAt(job.every, now);
    const justAfter = new Date(scheduled.getTime() + 1000);
    await Promise.all(instances.map((instance) => instance.runDueTurns(justAfter)));
    await Promise.all(instances.map((instance) => instance.runDueTurns(new Date(justAfter.getTime() + 60_000))));
    expect(await listBackups(target.directory)).toHaveLength(1);
    const last = await lastBackupRun(target);
    expect(last).toMatchObject({ error: null });
    expect(last!.bytes).toBeGreaterThan(0);

    for (const minutes of [1, 2]) await runRecordedBackup(target, new Date(Date.now() + minutes * 60_000));
    const kept = await listBackups(target.directory);
    expect(kept).toHaveLength(2);
  });
});
