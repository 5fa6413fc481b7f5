import type { Database } from "./client.server";

/**
 * A query built once per database handle with drizzle's `prepare` and placeholders, for the few that nearly every
 * calendar, hold and basket request runs: they skip building their SQL again, and PostgreSQL parses and plans the
 * named statement once per connection. A drizzle transaction is a handle of its own, so inside one it is built
 * again; `transactionInTwoTrips` has one handle per PostgreSQL connection and one per PGlite database, so in its
 * transactions it is built once.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const preparedFor = new WeakMap<Database, Query>();
  return (db) => {
    let query = preparedFor.get(db);
    if (!query) {
      query = prepare(db);
      preparedFor.set(db, query);
    }
    return query;
  };
}

/** A prepared query with the values of its placeholders: a statement to send later (`transactionInTwoTrips`). */
export function withValues<Query extends { execute(values: Record<string, unknown>): Promise<unknown> }>(
  query: Query,
  values: Record<string, unknown>,
): { execute(): ReturnType<Query["execute"]> } {
  return { execute: () => query.execute(values) as ReturnType<Query["execute"]> };
}
