import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Schema = typeof schema;

/**
 * The one database type the rest of the code sees, whichever engine is underneath: a connection or a
 * transaction (drizzle's PgTransaction is a PgDatabase), so a function that takes a Database can run inside
 * a caller's transaction too. Both drivers' databases are one, with their own raw query-result type.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The rows of a raw `execute`: both drivers answer it with them under `rows`. */
export const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * A query built once per database and kept as long as it: drizzle's `.prepare(name)`, which skips building the
 * query on every call, and which PostgreSQL parses and plans once per connection (PGlite's own preparing,
 * decision 022, does the same there). For the queries every signed-in request or every hold runs.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
