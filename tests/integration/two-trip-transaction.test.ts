import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { thenWrite, transactionInTwoTrips } from "~/db/transaction.server";
import type { Database } from "~/db/client.server";
import { createTestDatabase, databaseKinds, rowsOf, type TestDatabase } from "../support/test-database";

const notes = (db: Database) =>
  db
    .execute(sql`select id, note from trip_notes order by id`)
    .then((result) => rowsOf<{ id: number; note: string }>(result));

const addNote = (tx: Database, id: number, note: string) =>
  tx.execute(sql`insert into trip_notes (id, note) values (${id}, ${note}) returning id`);

describe.each(databaseKinds)("a transaction in two trips on %s", (kind) => {
  // One connection: each transaction here runs on the connection the one before it left behind.
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolMax: 1 });
    await database.db.execute(sql`create table trip_notes (id integer primary key, note text not null)`);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  beforeEach(async () => {
    await database.db.execute(sql`delete from trip_notes`);
  });

  it("answers what the second trip made of the first's answers, and commits its writes", async () => {
    await addNote(database.db, 1, "first");
    const result = await transactionInTwoTrips(
      database.db,
      (tx) => [tx.execute(sql`select count(*)::int as n from trip_notes`)] as const,
      (tx, [counted]) => {
        const next = rowsOf<{ n: number }>(counted)[0]!.n + 1;
        return thenWrite(
          [addNote(tx, next, "second")] as const,
          ([inserted]) => rowsOf<{ id: number }>(inserted)[0]!.id,
        );
      },
    );
    expect(result).toBe(2);
    expect(await notes(database.db)).toEqual([
      { id: 1, note: "first" },
      { id: 2, note: "second" },
    ]);
  });

  it("commits nothing more when the second trip has no statements", async () => {
    const result = await transactionInTwoTrips(
      database.db,
      (tx) => [tx.execute(sql`select 1`)] as const,
      () => thenWrite([], () => "refused"),
    );
    expect(result).toBe("refused");
    expect(await notes(database.db)).toEqual([]);
  });

  it("rolls back the writes before a failing one, and leaves the connection ready for the next transaction", async () => {
    const failing = transactionInTwoTrips(
      database.db,
      (tx) => [tx.execute(sql`select 1`)] as const,
      (tx) => thenWrite([addNote(tx, 1, "kept?"), addNote(tx, 1, "twice")] as const, () => "written"),
    );
    await expect(failing).rejects.toThrow();
    // Were the transaction left open (aborted), this would fail; were it left open and then committed, note 1 would
    // be there.
    await transactionInTwoTrips(
      database.db,
      (tx) => [tx.execute(sql`select 1`)] as const,
      (tx) => thenWrite([addNote(tx, 2, "after")] as const, () => undefined),
    );
    expect(await notes(database.db)).toEqual([{ id: 2, note: "after" }]);
  });

  it("rolls back when the second trip's rules throw before anything is sent, and the connection still answers", async () => {
    const failing = transactionInTwoTrips(
      database.db,
      (tx) => [addNote(tx, 1, "read and then undone")] as const,
      () => {
        throw new Error("the rules refused to go on");
      },
    );
    await expect(failing).rejects.toThrow("the rules refused to go on");
    // A connection left corked would never send this.
    expect(await notes(database.db)).toEqual([]);
  });

  it("gives every transaction on the connection the same handle, so statements prepared for it are built once", async () => {
    const handles = new Set<Database>();
    for (const id of [1, 2]) {
      await transactionInTwoTrips(
        database.db,
        (tx) => {
          handles.add(tx);
          return [tx.execute(sql`select 1`)] as const;
        },
        (tx) => {
          handles.add(tx);
          return thenWrite([addNote(tx, id, "noted")] as const, () => undefined);
        },
      );
    }
    expect(handles.size).toBe(1);
    expect(await notes(database.db)).toHaveLength(2);
  });

  it("sends no writes after a failing first trip", async () => {
    const write = vi.fn(() => thenWrite([], () => "never"));
    const failing = transactionInTwoTrips(database.db, (tx) => [tx.execute(sql`select 1 / 0`)] as const, write);
    await expect(failing).rejects.toThrow();
    expect(write).not.toHaveBeenCalled();
    expect(await notes(database.db)).toEqual([]);
  });
});

describe.runIf(databaseKinds.includes("postgres"))("a transaction in two trips on postgres, on the wire", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { poolMax: 1 });
    await database.db.execute(sql`create table trip_notes (id integer primary key, note text not null)`);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("sends each trip in one write to the socket", async () => {
    await notes(database.db); // the connection is open before counting
    // _writev is optional in the types; net.Socket has it (a corked socket flushes through it).
    const writev = vi.spyOn(net.Socket.prototype as Required<net.Socket>, "_writev");
    const write = vi.spyOn(net.Socket.prototype, "_write");
    try {
      await transactionInTwoTrips(
        database.db,
        (tx) => [tx.execute(sql`select 1`), tx.execute(sql`select 2`)] as const,
        (tx) => thenWrite([addNote(tx, 1, "one"), addNote(tx, 2, "two")] as const, () => undefined),
      );
      // begin + two statements, then two statements + commit: five statements, two writes.
      expect(writev.mock.calls.length + write.mock.calls.length).toBe(2);
    } finally {
      writev.mockRestore();
      write.mockRestore();
    }
    expect(await notes(database.db)).toHaveLength(2);
  });
});

describe.each(databaseKinds)("transactions in two trips at once on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolMax: 4 });
    await database.db.execute(sql`create table trip_counter (n integer not null)`);
    await database.db.execute(sql`insert into trip_counter (n) values (0)`);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("reads, after a lock in the first trip, what the transactions before it committed", async () => {
    const increment = () =>
      transactionInTwoTrips(
        database.db,
        (tx) =>
          [tx.execute(sql`select pg_advisory_xact_lock(4242)`), tx.execute(sql`select n from trip_counter`)] as const,
        (tx, [, counted]) => {
          const n = rowsOf<{ n: number }>(counted)[0]!.n;
          return thenWrite([tx.execute(sql`update trip_counter set n = ${n + 1}`)] as const, () => n);
        },
      );
    const seen = await Promise.all(Array.from({ length: 12 }, increment));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index));
    const [counter] = rowsOf<{ n: number }>(await database.db.execute(sql`select n from trip_counter`));
    expect(counter?.n).toBe(12);
  });
});
