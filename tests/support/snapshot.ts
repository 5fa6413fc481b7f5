import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";

/**
 * Every row of every table, as Postgres writes it in UTC, sorted: equal snapshots mean equal data.
 * `except` leaves out tables that change by design (rate limit counters).
 */
export async function snapshot(database: DatabaseHandle, { except = [] }: { except?: string[] } = {}) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables = (await tx.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] };
    const result: Record<string, string[]> = {};
    for (const { tablename } of tables.rows) {
      if (except.includes(tablename)) continue;
      const rows = (await tx.execute(
        sql`select row_to_json(t)::text as line from ${sql.identifier(tablename)} t order by 1`,
      )) as unknown as { rows: { line: string }[] };
      result[tablename] = rows.rows.map((row) => row.line);
    }
    return result;
  });
}
