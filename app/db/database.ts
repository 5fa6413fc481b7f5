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
