import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "./database";
import { plainTextToRichText0011 } from "./data-migrations/0011-plain-text-to-rich-text.server";

/** The texts that became formatted text in migration 0011 (decision 017): table and column. */
export const richTextColumns = [
  ["sections", "text"],
  ["articles", "text"],
  ["tracks", "text"],
  ["events", "description"],
] as const;

/**
 * Steps in TypeScript that a SQL migration asks for by name (table `pending_data_migrations`). They name
 * tables and columns in SQL, not through the Drizzle schema, so a later change of the schema cannot change
 * what an old step does.
 */
const steps: Record<string, (tx: Database) => Promise<void>> = {
  /** Plain texts (paragraphs at blank lines) to the stored HTML, by the conversion of the time, frozen. */
  "0011_rich_text": convertPlainTexts,
  // The same migration under its first number, for a database that ran its SQL before the step did.
  "0009_rich_text": convertPlainTexts,
};

async function convertPlainTexts(tx: Database) {
  for (const [table, column] of richTextColumns) {
    const rows = rowsOf<{ id: string; text: string }>(
      await tx.execute(sql`select id, ${sql.identifier(column)} as text from ${sql.identifier(table)}`),
    );
    for (const row of rows) {
      const html = plainTextToRichText0011(row.text);
      if (html === row.text) continue;
      // updated_at stays: the text reads as before, nobody changed it.
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${html} where id = ${row.id}`,
      );
    }
  }
}

/**
 * Runs the data steps the SQL migrations asked for, each in one transaction with the deletion of its request,
 * so a step runs once even when a start is interrupted. Called by `migrate()` (under its lock on PostgreSQL);
 * before migration 0011 the table is not there and there is nothing to do.
 */
export async function runDataMigrations(db: Database) {
  const present = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('public.pending_data_migrations') is not null as present`),
  )[0]?.present;
  if (!present) return;
  const pending = rowsOf<{ name: string }>(
    await db.execute(sql`select name from pending_data_migrations order by name`),
  );
  for (const { name } of pending) {
    const step = steps[name];
    if (!step) throw new Error(`Unknown data migration "${name}": this database is from a newer version`);
    await db.transaction(async (tx) => {
      await step(tx);
      await tx.execute(sql`delete from pending_data_migrations where name = ${name}`);
    });
  }
}
