import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayClaims, rateLimits } from "~/db/schema";
import { allowAttempt, pruneRateLimits } from "~/features/accounts/email-rate-limit.server";
import { JobRunner, type Job } from "~/features/jobs/jobs.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { demoProvider } from "~/features/payment/provider.server";
import { holdDay, removeExpiredHolds } from "~/features/rental/holds.server";
import { createOrder } from "~/features/rental/orders.server";
import { createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";
import { eventually } from "../support/eventually";

const logger = pino({ level: "silent" });

function slowJob(name: string, exclusive: boolean) {
  let runs = 0;
  let release = () => {};
  const job: Job = {
    name,
    label: "Et langsomt testjob",
    everySeconds: 3600,
    exclusive,
    run: () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    },
  };
  return { job, runs: () => runs, finish: () => release() };
}

describe.each(databaseKinds)("background jobs on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolMax: 6 });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("never runs two turns of one job at once in a process, and records each turn", async () => {
    const runner = new JobRunner(database, logger);
    const slow = slowJob("langsom", false);
    const first = runner.runOnce(slow.job);
    expect(await runner.runOnce(slow.job)).toBe("skipped");
    await eventually(() => expect(slow.runs()).toBe(1));
    slow.finish();
    expect(await first).toBe("ran");
    expect(runner.states()).toEqual([
      expect.objectContaining({ name: "langsom", runs: 1, skipped: 1, running: false, lastError: null }),
    ]);
  });

  it("records a failing turn and goes on", async () => {
    const runner = new JobRunner(database, logger);
    const failing: Job = {
      name: "fejler",
      label: "Et job der fejler",
      everySeconds: 60,
      exclusive: true,
      run: () => Promise.reject(new Error("ingen forbindelse")),
    };
    expect(await runner.runOnce(failing)).toBe("ran");
    expect(runner.states()[0]).toMatchObject({ runs: 1, lastError: "ingen forbindelse" });
  });

  it("forgets the counters of attempts (and the addresses in their keys) a day after their last attempt", async () => {
    const now = Date.now();
    const window = { windowSeconds: 3600, max: 3 };
    await allowAttempt(database.db, `newsletter:email:gammel-${kind}@example.dk`, window, now - 25 * 3_600_000);
    await allowAttempt(database.db, `newsletter:email:ny-${kind}@example.dk`, window, now - 23 * 3_600_000);
    await pruneRateLimits(database.db, now);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain(`newsletter:email:gammel-${kind}@example.dk`);
    expect(keys).toContain(`newsletter:email:ny-${kind}@example.dk`);
  });

  it("deletes holds that ran out and are on no order, and nothing else", async () => {
    const today = todayInCopenhagen();
    await createUser(database.db, { id: "job-anna", name: "Anna", profile: false });
    await createUser(database.db, { id: "job-bo", name: "Bo", profile: { address: "Kajen 2, 8000 Aarhus C" } });
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await holdDay(database.db, "job-anna", addDays(today, 40), past);
    await holdDay(database.db, "job-anna", addDays(today, 41));
    await holdDay(database.db, "job-bo", addDays(today, 42), past);
    expect((await createOrder(database.db, "job-bo", demoProvider, past)).ok).toBe(true);

    expect(await removeExpiredHolds(database.db)).toBe(1);
    const left = await database.db
      .select({ day: dayClaims.day, userId: dayClaims.userId })
      .from(dayClaims)
      .where(eq(dayClaims.kind, "hold"));
    expect(left.map((claim) => claim.day).toSorted()).toEqual([addDays(today, 41), addDays(today, 42)]);
  });
});

describe.runIf(databaseKinds.includes("postgres"))("exclusive jobs across instances on postgres", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { poolMax: 6 });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("runs an exclusive job on one instance at a time; the other skips its turn", async () => {
    const [one, two] = [new JobRunner(database, logger), new JobRunner(database, logger)];
    const slow = slowJob("sikkerhedskopi", true);
    const first = one.runOnce(slow.job);
    await eventually(() => expect(slow.runs()).toBe(1));
    expect(await two.runOnce(slow.job)).toBe("skipped");
    slow.finish();
    expect(await first).toBe("ran");

    const again = slowJob("sikkerhedskopi", true);
    const turn = two.runOnce(again.job);
    await eventually(() => expect(again.runs()).toBe(1));
    again.finish();
    expect(await turn).toBe("ran");
  });
});
