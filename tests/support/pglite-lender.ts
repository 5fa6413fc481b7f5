import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { rowsOf } from "~/db/database";

/**
 * One migrated PGlite per worker, lent to one test file at a time and emptied when it comes back. Starting a PGlite
 * from the image is 0.7 s of CPU here (unpacking 40 MB into its in-memory file system, then postgres's start), and
 * the files started about 75; emptying one is a tenth of that. A file gets the database exactly as migrated:
 * every table truncated, the rows the migrations insert put back, the sequences restarted. One that comes back
 * with its schema changed, or while another is already waiting, is closed instead.
 */

interface Pristine {
  /** The schema as migrated: tables, columns, constraints, indexes, triggers, functions and migrations applied. */
  schema: string;
  tables: string[];
  /** The rows the migrations inserted, per table. */
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string | null }[];
}

interface Lendable {
  handle: DatabaseHandle;
  /** What the borrowing file still listens to: stopped when the database comes back. */
  listening: Set<() => Promise<void>>;
}

let waiting: Lendable | undefined;
let pristine: Promise<Pristine> | undefined;

/** A fingerprint of everything a test file could change in the schema, as one text. */
async function schemaOf(db: Database) {
  const [row] = rowsOf<{ schema: string }>(
    await db.execute(sql`
      SELECT string_agg(item, E'\n' ORDER BY item) AS schema FROM (
        SELECT c.relkind::text || ' ' || n.nspname || '.' || c.relname || ' ' || coalesce((
          SELECT string_agg(a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull, ',' ORDER BY a.attnum)
          FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '') AS item
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        UNION ALL
        SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
        UNION ALL
        SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
        UNION ALL
        SELECT 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace
        UNION ALL
        SELECT 'migrations ' || count(*) FROM drizzle.__drizzle_migrations
      ) items`),
  );
  return String(row?.schema);
}

async function readPristine(db: Database): Promise<Pristine> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema = 'public' ORDER BY 1`,
    ),
  ).map((row) => row.name);
  const rows: Pristine["rows"] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ json: string | null }>(
      await db.execute(sql.raw(`SELECT json_agg(t)::text AS json FROM ${table} t`)),
    );
    if (row?.json) rows.push({ table, json: row.json });
  }
  const sequences = rowsOf<Pristine["sequences"][number]>(
    await db.execute(
      sql`SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS "lastValue"
          FROM pg_sequences WHERE schemaname = 'public'`,
    ),
  );
  return { schema: await schemaOf(db), tables, rows, sequences };
}

async function restore(db: Database, { tables, rows, sequences }: Pristine) {
  await db.execute(sql`RESET ALL`);
  await db.execute(sql`DISCARD TEMP`);
  await db.execute(sql`SELECT pg_advisory_unlock_all()`);
  await db.execute(sql.raw(`TRUNCATE ${tables.join(", ")} RESTART IDENTITY CASCADE`));
  for (const { table, json } of rows) {
    await db.execute(
      sql`INSERT INTO ${sql.raw(table)} SELECT * FROM json_populate_recordset(NULL::${sql.raw(table)}, ${json}::json)`,
    );
  }
  for (const { name, lastValue } of sequences) {
    await db.execute(
      lastValue === null
        ? sql.raw(`ALTER SEQUENCE ${name} RESTART`)
        : sql`SELECT setval(${name}, ${lastValue}::bigint)`,
    );
  }
}

async function giveBack(lendable: Lendable) {
  const { handle } = lendable;
  for (const stop of lendable.listening) await stop();
  lendable.listening.clear();
  const kept = await (async () => {
    if (waiting) return false;
    const migrated = await pristine!;
    if ((await schemaOf(handle.db)) !== migrated.schema) return false;
    await restore(handle.db, migrated);
    return true;
  })().catch(() => false);
  if (kept && !waiting) waiting = lendable;
  else await handle.close();
}

/** A migrated PGlite for one test file: the worker's waiting one, emptied, or a new one from the image. */
export async function lendMigratedPglite(open: () => Promise<DatabaseHandle>) {
  let lendable = waiting;
  waiting = undefined;
  if (!lendable) {
    lendable = { handle: await open(), listening: new Set() };
    // Read from the first one opened, before any test has written to it.
    pristine ??= readPristine(lendable.handle.db);
    await pristine;
  }
  const { handle, listening } = lendable;
  let returned: Promise<void> | undefined;
  const giveBackOnce = () => (returned ??= giveBack(lendable));
  // The same connection under a new identity: what the app keeps per database (the settings, prepared queries, a
  // sale's sold-out mark) starts afresh in each file, as it did with a database of the file's own.
  const db: Database = Object.create(handle.db);
  return {
    ...handle,
    db,
    listenInProcess: async (channel: string, onNotice: (payload: string) => void) => {
      const stop = await handle.listenInProcess!(channel, onNotice);
      const stopOnce = async () => {
        if (listening.delete(stopOnce)) await stop();
      };
      listening.add(stopOnce);
      return stopOnce;
    },
    close: giveBackOnce,
    destroy: giveBackOnce,
  };
}
