import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import type { PGliteOptions } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { ServerPGlite } from "./pglite.server";
import { runDataMigrations } from "./data-migrations.server";
import type { Database } from "./database";

export type { Database } from "./database";
export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Applies the committed migrations in `drizzle/` (or another folder: restores), then the data steps in
   * TypeScript they ask for (`data-migrations.server.ts`); safe to call on every start.
   */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its whole data directory as a tarball, to start another instance from (tests). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: NOTIFYs on `channel` reach `onNotice` in this process (on PostgreSQL, a connection of its own
   * LISTENs: server/notice-listener.ts). Returns how to stop listening.
   */
  listenInProcess?(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  /** Connections of the PostgreSQL pool; PGlite has one, in-process, and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolMax?: number; onIdleClientError?: (error: Error) => void }
  /** `directory` undefined keeps the database in memory (tests), started from `image` when given. */
  | { kind: "pglite"; directory?: string; image?: Blob };

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/** Where an instance without DATABASE_URL keeps its PGlite database inside its data directory. */
export function pgliteDirectoryIn(dataDir: string) {
  return path.join(dataDir, "db");
}
/** Any constant: serialises migrations when several instances start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_274_001;

/**
 * PostgreSQL's default 128 MB of shared buffers live in the web process's own memory with PGlite, and it touches
 * all of them: 115 MB of the process's resident memory. A venue's database is a few megabytes, and the files it
 * reads stay in the system's page cache, so 16 MB is plenty (decision 019, issue 18's memory figures).
 */
const PGLITE_SETTINGS = ["shared_buffers = 16MB"];

/** Makes the database in a child process: `node -e` with the PGlite module's path, the directory and the settings. */
const CREATE_PGLITE_DIRECTORY = `const [pglite, directory, settings] = process.argv.slice(1);
require(pglite).PGlite.create(directory, { postgresqlconf: JSON.parse(settings) }).then((db) => db.close());`;

/**
 * Makes a new PGlite database in the directory, if it has none. PGlite keeps its `initdb` program's memory (about
 * 500 MB) until the instance that made the database is closed and collected, which a server that goes on
 * working may not do for a long time: a short child process makes it instead.
 */
async function createPgliteDirectory(directory: string) {
  if (existsSync(path.join(directory, "PG_VERSION"))) return;
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  await promisify(execFile)(process.execPath, [
    "-e",
    CREATE_PGLITE_DIRECTORY,
    pglite,
    directory,
    JSON.stringify(PGLITE_SETTINGS),
  ]);
}

async function openPglite(options: PGliteOptions) {
  const client = new ServerPGlite(options);
  await client.waitReady;
  return client;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolMax ?? 10 });
    // An idle connection that breaks (e.g. the server restarts) is reported here; unhandled, it would end the process.
    pool.on("error", target.onIdleClientError ?? (() => undefined));
    const db = drizzlePostgres({ client: pool, schema });
    return {
      db,
      kind: "postgres",
      async migrate(options) {
        const lockClient = await pool.connect();
        try {
          await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          // On the locked connection itself, so a pool of one connection cannot wait on itself.
          const locked = drizzlePostgres({ client: lockClient, schema });
          await migratePostgres(locked, { migrationsFolder: options?.migrationsFolder ?? migrationsFolder });
          await runDataMigrations(locked);
        } finally {
          await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
          lockClient.release();
        }
      },
      close: () => pool.end(),
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
    };
  }

  if (target.directory) {
    await mkdir(target.directory, { recursive: true });
    await createPgliteDirectory(target.directory);
  }
  const client = await openPglite({
    ...(target.image ? { loadDataDir: target.image } : { dataDir: target.directory ?? "memory://" }),
    postgresqlconf: PGLITE_SETTINGS,
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    async migrate(options) {
      await migratePglite(db, { migrationsFolder: options?.migrationsFolder ?? migrationsFolder });
      await runDataMigrations(db);
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none"),
    listenInProcess: (channel, onNotice) => client.listen(channel, onNotice),
  };
}
