import { createHash } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { z } from "zod";
import { migrationsFolder, type Database, type DatabaseHandle } from "~/db/client.server";
import { rowsOf } from "~/db/database";
import { contentTypeByExtension } from "~/features/media/media";
import { storageKeySchema, type Storage } from "~/features/storage/storage.server";

/**
 * One archive (`.tar.gz`) holds a backup: every table of the `public` schema as JSON lines (Postgres' own
 * `row_to_json`, read back with `json_populate_recordset`, so PGlite and PostgreSQL read each other's), every
 * stored file, and a manifest with the migration level, row counts and checksums (docs/decisions/012).
 */
export const BACKUP_FORMAT = 1;
const ROWS_PER_INSERT = 500;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  buildId: z.string(),
  databaseKind: z.enum(["pglite", "postgres"]),
  migrationLevel: z.number().int().min(0),
  tables: z.record(
    z.string().regex(/^[a-z_][a-z0-9_]*$/),
    z.object({ rows: z.number().int().min(0), sha256: z.string() }),
  ),
  files: z.array(z.object({ key: storageKeySchema, bytes: z.number().int().min(0), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {}

function sha256(data: Uint8Array | string) {
  return createHash("sha256").update(data).digest("hex");
}

async function publicTables(db: Pick<Database, "execute">) {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  return rowsOf<{ tablename: string }>(result).map((row) => row.tablename);
}

/** How many of the committed migrations the database has applied. */
export async function migrationLevel(db: Pick<Database, "execute">) {
  const exists = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!rowsOf<{ present: boolean }>(exists)[0]?.present) return 0;
  const result = await db.execute(sql`select count(*)::int as level from drizzle.__drizzle_migrations`);
  return rowsOf<{ level: number }>(result)[0]?.level ?? 0;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/**
 * Writes an archive of the database and the stored files to `file`, while the site keeps serving: the
 * tables are read in one read-only, repeatable-read transaction (one consistent moment); files are written
 * before the rows that name them, so every file a row names is there when the files are copied after.
 */
export async function createBackup(options: {
  database: DatabaseHandle;
  storage: Storage;
  buildId: string;
  file: string;
}): Promise<BackupResult> {
  const staging = await mkdtemp(path.join(tmpdir(), "scene-backup-"));
  try {
    await mkdir(path.join(staging, "database"));
    const { tables, level } = await options.database.db.transaction(
      async (tx) => {
        const dumped: BackupManifest["tables"] = {};
        for (const table of await publicTables(tx)) {
          const result = await tx.execute(
            sql`select row_to_json(t)::text as line from ${sql.identifier(table)} t order by 1`,
          );
          const lines = rowsOf<{ line: string }>(result).map((row) => row.line);
          const content = lines.length > 0 ? `${lines.join("\n")}\n` : "";
          await writeFile(path.join(staging, "database", `${table}.jsonl`), content);
          dumped[table] = { rows: lines.length, sha256: sha256(content) };
        }
        return { tables: dumped, level: await migrationLevel(tx) };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

    const files: BackupManifest["files"] = [];
    for (const key of await options.storage.backend.list()) {
      const data = await options.storage.read(key);
      if (!data) continue;
      const target = path.join(staging, "files", key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
      files.push({ key, bytes: data.byteLength, sha256: sha256(data) });
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      buildId: options.buildId,
      databaseKind: options.database.kind,
      migrationLevel: level,
      tables,
      files,
    };
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(options.file)), { recursive: true });
    const partial = `${options.file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      "manifest.json",
      "database",
      ...(files.length > 0 ? ["files"] : []),
    ]);
    await rename(partial, options.file);
    return { file: options.file, bytes: (await stat(options.file)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Unpacks an archive and checks every table and file against the manifest's checksums. */
async function openArchive(file: string) {
  const directory = await mkdtemp(path.join(tmpdir(), "scene-restore-"));
  try {
    // Plain files and folders only: a link in an archive could point reads outside the folder.
    await tar.extract({
      file,
      cwd: directory,
      strict: true,
      filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
    });
    const parsed = manifestSchema.safeParse(JSON.parse(await readFile(path.join(directory, "manifest.json"), "utf8")));
    if (!parsed.success)
      throw new BackupError(`${file} is not a Scene backup (format ${BACKUP_FORMAT}): ${parsed.error.message}`);
    const manifest = parsed.data;
    for (const [table, expected] of Object.entries(manifest.tables)) {
      const content = await readFile(path.join(directory, "database", `${table}.jsonl`));
      if (sha256(content) !== expected.sha256)
        throw new BackupError(`The checksum of table ${table} does not match: the archive is damaged`);
    }
    for (const entry of manifest.files) {
      const content = await readFile(path.join(directory, "files", entry.key));
      if (sha256(content) !== entry.sha256)
        throw new BackupError(`The checksum of file ${entry.key} does not match: the archive is damaged`);
    }
    return { directory, manifest };
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} cannot be read as a backup: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A copy of the migrations folder holding only the first `level` migrations. */
export async function migrationsUpTo(level: number) {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  if (level > journal.entries.length) {
    throw new BackupError(
      `The archive is from a newer version (migration ${level}; this one knows ${journal.entries.length}): upgrade first`,
    );
  }
  const folder = await mkdtemp(path.join(tmpdir(), "scene-migrations-"));
  await mkdir(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, level);
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** Tables ordered so that each comes after the tables its foreign keys point to. */
async function insertOrder(db: Pick<Database, "execute">, tables: string[]) {
  const result = await db.execute(sql`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where c.contype = 'f' and n.nspname = 'public' and child.relname <> parent.relname`);
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  for (const { child, parent } of rowsOf<{ child: string; parent: string }>(result)) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new BackupError(`Foreign keys form a cycle: ${[...path, table].join(" → ")}`);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

async function isEmpty(database: DatabaseHandle, storage: Storage) {
  return (
    (await publicTables(database.db)).length === 0 &&
    (await migrationLevel(database.db)) === 0 &&
    (await storage.backend.list()).length === 0
  );
}

async function wipe(database: DatabaseHandle, storage: Storage) {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  await storage.removeAll(await storage.backend.list());
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The migration level after restoring: the archive's, then this version's. */
  migratedFrom: number;
  migratedTo: number;
}

/**
 * Restores an archive into an empty database and storage (or, with `force`, wipes them first): migrates the
 * database to the archive's level, loads every table in one transaction, checks the counts, migrates on to
 * this version's level, then puts the files back.
 */
export async function restoreBackup(options: {
  archive: string;
  database: DatabaseHandle;
  storage: Storage;
  /** Replace a database and storage that are not empty; what was there is first saved to `safetyBackup`. */
  force?: boolean;
  safetyBackup?: string;
}): Promise<RestoreResult> {
  const { directory, manifest } = await openArchive(options.archive);
  let migrations: string | undefined;
  try {
    // Everything that can be checked before the target is touched is checked first.
    migrations = await migrationsUpTo(manifest.migrationLevel);
    if (!(await isEmpty(options.database, options.storage))) {
      if (!options.force)
        throw new BackupError(
          "The database or the storage is not empty; restore only into empty ones, or give --force to replace what is there",
        );
      if (!options.safetyBackup) throw new BackupError("Replacing a database needs a file to save what is there first");
      await createBackup({ ...options, buildId: "before-restore", file: options.safetyBackup });
      await wipe(options.database, options.storage);
    }
    await options.database.migrate({ migrationsFolder: migrations });

    const tables = Object.keys(manifest.tables);
    const present = new Set(await publicTables(options.database.db));
    const missing = tables.filter((table) => !present.has(table));
    if (missing.length > 0)
      throw new BackupError(`The archive has tables this database does not: ${missing.join(", ")}`);
    const order = await insertOrder(options.database.db, tables);
    await options.database.db.transaction(async (tx) => {
      // Rows the migrations themselves insert (the settings) are replaced by the archive's.
      for (const table of order.toReversed()) await tx.execute(sql`delete from ${sql.identifier(table)}`);
      for (const table of order) {
        const lines = (await readFile(path.join(directory, "database", `${table}.jsonl`), "utf8"))
          .split("\n")
          .filter(Boolean);
        for (let start = 0; start < lines.length; start += ROWS_PER_INSERT) {
          const batch = `[${lines.slice(start, start + ROWS_PER_INSERT).join(",")}]`;
          await tx.execute(
            sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${batch}::json)`,
          );
        }
        const counted = rowsOf<{ rows: number }>(
          await tx.execute(sql`select count(*)::int as rows from ${sql.identifier(table)}`),
        )[0]?.rows;
        const expected = manifest.tables[table]!.rows;
        if (counted !== expected)
          throw new BackupError(`Table ${table}: ${counted} rows restored, the archive has ${expected}`);
      }
    });

    await options.database.migrate();
    for (const entry of manifest.files) {
      const data = await readFile(path.join(directory, "files", entry.key));
      const extension = path.extname(entry.key).slice(1) as keyof typeof contentTypeByExtension;
      const contentType = contentTypeByExtension[extension] ?? "application/octet-stream";
      await options.storage.backend.putIfAbsent(entry.key, data, contentType);
    }
    return { manifest, migratedFrom: manifest.migrationLevel, migratedTo: await migrationLevel(options.database.db) };
  } finally {
    await rm(directory, { recursive: true, force: true });
    if (migrations) await rm(migrations, { recursive: true, force: true });
  }
}

/** Archives in `directory`, newest first. */
export async function listBackups(directory: string) {
  const names = (await readdir(directory).catch(() => [] as string[])).filter((name) =>
    /^scene-backup-.+\.tar\.gz$/.test(name),
  );
  const backups = await Promise.all(
    names.map(async (name) => {
      const file = path.join(directory, name);
      const { size, mtime } = await stat(file);
      return { name, file, bytes: size, createdAt: mtime };
    }),
  );
  return backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Deletes all but the newest `keep` archives; returns the names deleted. */
export async function pruneBackups(directory: string, keep: number) {
  const old = (await listBackups(directory)).slice(keep);
  await Promise.all(old.map((backup) => rm(backup.file, { force: true })));
  return old.map((backup) => backup.name);
}

/** "scene-backup-20260102T030405Z.tar.gz": the time in UTC, without separators and milliseconds. */
export function backupFileName(now = new Date()) {
  return `scene-backup-${now.toISOString().replace(/[-:]|\.\d+(?=Z$)/g, "")}.tar.gz`;
}
