import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase, rowsOf } from "../support/test-database";

/** The test files share a worker's PGlite (tests/support/pglite-lender.ts): what one leaves, the next must not see. */
describe("the worker's PGlite, lent to one file after another", () => {
  type Lent = Awaited<ReturnType<typeof createTestDatabase>>;
  /** Whether two lendings are the same PGlite (each is the connection under an identity of its own). */
  const sameInstance = (a: Lent, b: Lent) => Object.getPrototypeOf(a.db) === Object.getPrototypeOf(b.db);
  const one = async (database: Lent, query: string) =>
    rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(query)))[0];

  it("comes back as migrated: rows, sequences, settings, temporary tables and locks of the last file are gone", async () => {
    const first = await createTestDatabase("pglite");
    const pristineSettings = await one(first, "SELECT count(*)::int AS n FROM reservation_settings");
    await first.db.execute(sql`DELETE FROM reservation_settings`);
    await first.db.execute(sql`SELECT nextval('ticket_waitlist_position_seq')`);
    await first.db.execute(sql`SET application_name = 'the last file'`);
    await first.db.execute(sql`CREATE TEMP TABLE leftover (id int)`);
    await first.db.execute(sql`SELECT pg_advisory_lock(42)`);
    await first.destroy();

    const second = await createTestDatabase("pglite");
    try {
      // The same PGlite under a new identity, not a new one from the image.
      expect(sameInstance(second, first)).toBe(true);
      expect(second.db === first.db).toBe(false);
      expect(await one(second, "SELECT count(*)::int AS n FROM reservation_settings")).toEqual(pristineSettings);
      expect(await one(second, "SELECT nextval('ticket_waitlist_position_seq')::int AS n")).toEqual({ n: 1 });
      expect(await one(second, "SELECT current_setting('application_name') AS name")).toEqual({ name: "" });
      expect(await one(second, "SELECT to_regclass('pg_temp.leftover') IS NULL AS gone")).toEqual({ gone: true });
      expect(await one(second, "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'")).toEqual({
        n: 0,
      });
    } finally {
      await second.destroy();
    }
  });

  it("is closed, not lent again, when a file changed its schema", async () => {
    const first = await createTestDatabase("pglite");
    await first.db.execute(sql`ALTER TABLE reservation_settings ADD COLUMN leftover int`);
    await first.destroy();

    const second = await createTestDatabase("pglite");
    try {
      expect(sameInstance(second, first)).toBe(false);
      const column = "SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'leftover'";
      expect(await one(second, column)).toEqual({ n: 0 });
    } finally {
      await second.destroy();
    }
  });
});
