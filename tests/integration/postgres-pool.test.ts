import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";

describe.runIf(process.env.TEST_DATABASE_URL)("the PostgreSQL pool", () => {
  it("reports a broken idle connection and keeps serving", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    let reported: ((error: Error) => void) | undefined;
    const failure = new Promise<Error>((resolve) => (reported = resolve));
    const handle = await openDatabase({
      kind: "postgres",
      url,
      poolMax: 1,
      onIdleClientError: (error) => reported?.(error),
    });
    try {
      const pidResult = await handle.db.execute(sql`select pg_backend_pid() as pid`);
      const pid = (pidResult as unknown as { rows: { pid: number }[] }).rows[0]!.pid;

      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [pid]);
      await admin.end();

      expect((await failure).message).toMatch(/terminat/i);
      const again = await handle.db.execute(sql`select 1 as one`);
      expect((again as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
