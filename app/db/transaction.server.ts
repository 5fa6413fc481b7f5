import type { PGlite, Transaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import type { Database } from "./client.server";
import * as schema from "./schema";

/** One statement, sent when `execute` is called: a drizzle query, prepared or not, or `db.execute(sql…)`. */
export interface Statement {
  execute(): Promise<unknown>;
}

/** The answers of statements, in their order. */
export type Answers<S extends readonly Statement[]> = {
  -readonly [K in keyof S]: Awaited<ReturnType<S[K]["execute"]>>;
};

/** What the second trip sends, and how its answers become the transaction's result. */
export interface Writes<T> {
  /** Sends the statements now, one after another on the connection, and waits for all their answers. */
  send(): Promise<T>;
}

function sendAll<S extends readonly Statement[]>(statements: S): Promise<Answers<S>> {
  // Every execute is called here, in order, before anything is awaited: on a pipelining connection they go out
  // together. Promise.all keeps the order but not the tuple's type.
  return Promise.all(statements.map((statement) => statement.execute())) as Promise<Answers<S>>;
}

/** The statements of the second trip and the result made of their answers (none: only `commit` goes). */
export function thenWrite<S extends readonly Statement[], T>(
  statements: S,
  result: (answers: Answers<S>) => T,
): Writes<T> {
  return { send: () => sendAll(statements).then(result) };
}

/**
 * The pool under each PostgreSQL database (`openDatabase`). Its connections pipeline: a statement goes out without
 * waiting for the answer to the one before.
 */
const pipelinedPools = new WeakMap<Database, pg.Pool>();

export function registerPipelinedPool(db: Database, pool: pg.Pool) {
  pipelinedPools.set(db, pool);
}

/** A drizzle database over one connection of a pool, made once per connection. */
const databaseOverConnection = new WeakMap<pg.PoolClient, Database>();

function databaseOver(connection: pg.PoolClient) {
  let db = databaseOverConnection.get(connection);
  if (!db) {
    // As in openDatabase: the drivers differ only in their raw query-result type, which Database leaves abstract.
    db = drizzlePostgres({ client: connection, schema }) as unknown as Database;
    databaseOverConnection.set(connection, db);
  }
  return db;
}

/**
 * A PGlite database's one drizzle handle for its transactions in two trips, and the transaction it speaks to now.
 * PGlite runs its transactions one at a time, so one handle serves all of them in turn; with it, the statements
 * that `preparedPerDatabase` builds for the handle are built once, as over a pooled connection on PostgreSQL,
 * instead of again in each transaction.
 */
interface SerialPglite {
  pglite: PGlite;
  handle: Database;
  running: Transaction | null;
}

const serialPglites = new WeakMap<Database, SerialPglite>();

export function registerSerialPglite(db: Database, pglite: PGlite) {
  // drizzle asks its client only to run queries: this one runs them in the running transaction.
  const client = {
    query: (...args: Parameters<Transaction["query"]>) => {
      if (!serial.running) throw new Error("A statement of a transaction in two trips ran outside it");
      return serial.running.query(...args);
    },
  };
  const serial: SerialPglite = {
    pglite,
    // As in openDatabase: the raw query-result type made abstract.
    handle: drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database,
    running: null,
  };
  serialPglites.set(db, serial);
}

/** What `send` writes to the connection goes out in one write to the socket instead of one for each statement. */
function inOneWrite<T>(connection: pg.PoolClient, send: () => Promise<T>): Promise<T> {
  const socket = connection.connection.stream;
  socket.cork();
  try {
    return send();
  } finally {
    socket.uncork();
  }
}

/**
 * A short transaction in two round trips to PostgreSQL (decision 023): the statements of `read` go out together
 * with `begin`, and the statements that `write` makes of their answers go out together with `commit`. drizzle's
 * own transaction waits for each statement's answer before it sends the next: five trips for a hold.
 *
 * `write` must not wait for anything before `thenWrite`'s statements are sent; it is not async, and `commit` is
 * sent as soon as it returns. Any failure rolls the whole transaction back and is thrown.
 *
 * PGlite answers in the process, so a trip costs nothing there: the same statements run in PGlite's ordinary
 * transaction, through the database's one handle for it (`registerSerialPglite`). A `db` that is itself a
 * transaction runs them in a nested drizzle transaction (a savepoint).
 */
export async function transactionInTwoTrips<R extends readonly Statement[], T>(
  db: Database,
  read: (tx: Database) => R,
  write: (tx: Database, answers: Answers<R>) => Writes<T>,
): Promise<T> {
  // Where a trip costs nothing: the reads, then the writes, awaited one after the other.
  const readThenWrite = async (tx: Database) => write(tx, await sendAll(read(tx))).send();
  const serial = serialPglites.get(db);
  if (serial) {
    return serial.pglite.transaction(async (tx) => {
      serial.running = tx;
      try {
        return await readThenWrite(serial.handle);
      } finally {
        serial.running = null;
      }
    });
  }
  const pool = pipelinedPools.get(db);
  if (!pool) return db.transaction(readThenWrite);

  const connection = await pool.connect();
  const tx = databaseOver(connection);
  let broken = false;
  try {
    const [, ...answers] = await inOneWrite(connection, () => sendAll([tx.execute(sql`begin`), ...read(tx)] as const));
    const [result] = await inOneWrite(connection, () =>
      Promise.all([write(tx, answers).send(), tx.execute(sql`commit`).execute()]),
    );
    return result;
  } catch (error) {
    // After a failed statement PostgreSQL has ignored the rest, and answered the commit with a rollback; this one
    // ends a transaction that is still open, and says only a warning when there is none.
    broken = await tx.execute(sql`rollback`).then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    // A connection that cannot even roll back is closed instead of going back to the pool.
    connection.release(broken);
  }
}
