import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { inject } from "vitest";
import { lendMigratedPglite } from "./pglite-lender";
import { withAdminClient } from "./postgres-admin";
import { openDatabase, type DatabaseHandle, type DatabaseKind } from "~/db/client.server";
import { migrationsUpTo } from "~/features/operations/backup.server";

/** Integration suites run on PGlite always, and also on PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** The rows of a raw `db.execute` (the `Database` type leaves the drivers' result type abstract). */
export const rowsOf = <Row = Record<string, unknown>>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * The images as read once by this worker: a Blob cannot be changed, and PGlite copies out of it at each start, so
 * every database of a worker starts from the same one (reading and copying 42 MB at each start was 7 s of CPU).
 */
const images = new Map<string, Promise<Blob>>();
function image(file: string) {
  let read = images.get(file);
  if (!read) images.set(file, (read = readFile(file).then((bytes) => new Blob([bytes]))));
  return read;
}

/** A fresh PGlite's data directory, for a test that opens PGlite itself (global-setup.ts makes it once a run). */
export const emptyPgliteImage = () => image(inject("pgliteEmptyImage"));

export interface TestDatabase extends DatabaseHandle {
  /** PostgreSQL: the test database's own address (for a second connection, e.g. one that LISTENs). */
  url?: string;
  /** Closes the connection and drops the database this test created. */
  destroy(): Promise<void>;
}

/**
 * A fresh database (migrated unless asked not to) of the given kind: in memory for PGlite, a new database on the
 * server for PostgreSQL. PGlite's start from the images made once per run (global-setup.ts), migrated or not; a
 * migrated one is the worker's own, emptied between files (pglite-lender.ts).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  { poolMax = 4, migrated = true }: { poolMax?: number; migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === "pglite") {
    if (migrated) {
      return lendMigratedPglite(async () =>
        openDatabase({ kind: "pglite", image: await image(inject("pgliteImage")) }),
      );
    }
    const handle = await openDatabase({ kind: "pglite", image: await emptyPgliteImage() });
    return { ...handle, destroy: () => handle.close() };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `scene_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const template = migrated ? inject("postgresTemplate") : null;
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" ENCODING 'UTF8' TEMPLATE "${template ?? "template0"}"`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolMax });
  return {
    ...handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Migrates the database through the first `level` migrations only, as an older version left it. */
export async function migrateUpTo(database: Pick<DatabaseHandle, "migrate">, level: number) {
  const folder = await migrationsUpTo(level);
  try {
    await database.migrate({ migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Runs a dump of a database (tests/fixtures) on a database made with `migrated: false`. */
export async function loadDump(database: Pick<DatabaseHandle, "db">, file: string) {
  const dump = await readFile(file, "utf8");
  // The dump is many statements: PGlite's exec and node-postgres's simple query take them as one text.
  const client = (
    database.db as unknown as {
      $client: { exec?(text: string): Promise<unknown>; query(text: string): Promise<unknown> };
    }
  ).$client;
  await (client.exec ? client.exec(dump) : client.query(dump));
}
