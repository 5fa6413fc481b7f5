import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { dayClaims, queueJobs, rateLimits } from "~/db/schema";
import { allowAttempt, pruneRateLimits } from "~/features/accounts/email-rate-limit.server";
import {
  claimNext,
  enqueue,
  LEASE_SECONDS,
  pruneDone,
  renewLease,
  workQueue,
  type QueueHandler,
} from "~/features/queue/queue.server";
import { QueueWorker, RECURRING_QUEUE, type RecurringJob } from "~/features/queue/worker.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { demoProvider } from "~/features/payment/provider.server";
import { holdDay, removeExpiredHolds } from "~/features/rental/holds.server";
import { createOrder } from "~/features/rental/orders.server";
import { createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";
import { eventually } from "../support/eventually";

const logger = pino({ level: "silent" });
const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** A recurring job whose turns wait until the test lets them end. */
function slowJob(name: string): RecurringJob & { turns: () => number; finish: () => void } {
  let turns = 0;
  let release = () => {};
  return {
    name,
    label: "Et langsomt testjob",
    every: { seconds: 3600 },
    run: () => {
      turns += 1;
      return new Promise<void>((resolve) => (release = resolve));
    },
    turns: () => turns,
    finish: () => release(),
  };
}

/** A queue whose jobs fail as long as `failing` says so. */
function countingQueue(queue: string) {
  const done: string[] = [];
  const givenUp: string[] = [];
  const state = { failing: false };
  const handler: QueueHandler<{ name: string }> = {
    queue,
    payload: z.object({ name: z.string() }),
    maxAttempts: 3,
    keepDoneDays: 1,
    run: async ({ name }) => {
      if (state.failing) throw new Error("ingen forbindelse");
      done.push(name);
    },
    givenUp: async ({ name }) => void givenUp.push(name),
  };
  return { handler, done, givenUp, state };
}

describe.each(databaseKinds)("the one queue on %s", (kind) => {
  let database: TestDatabase;
  const workers: QueueWorker[] = [];
  const worker = () => {
    const made = new QueueWorker(database.db, logger, false);
    workers.push(made);
    return made;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolMax: 6 });
  });

  beforeEach(async () => {
    await Promise.all(workers.splice(0).map((made) => made.stop()));
    await database.db.delete(queueJobs);
  });

  afterAll(async () => {
    await Promise.all(workers.map((made) => made.stop()));
    await database?.destroy();
  });

  it("runs a recurring job's turn on one of two instances, and the next turn after its interval", async () => {
    const now = new Date();
    const slow = slowJob("sikkerhedskopi");
    const [one, two] = [worker(), worker()];
    await one.start({ handlers: [], recurring: [slow] }, { polling: false, now });
    await two.start({ handlers: [], recurring: [slow] }, { polling: false, now });
    const turns = Promise.all([one.runDueTurns(now), two.runDueTurns(now)]);
    await eventually(() => expect(slow.turns()).toBe(1));
    slow.finish();
    await turns;
    expect(slow.turns()).toBe(1);
    const [state] = await one.recurringStates(now);
    expect(state).toMatchObject({ name: "sikkerhedskopi", running: false, lastError: null });
    expect(state!.nextRunAt!.getTime()).toBeGreaterThanOrEqual(later(now, 3600).getTime());
    await two.runDueTurns(later(now, 1800));
    expect(slow.turns()).toBe(1);
  });

  it("runs again a turn cut off by a crash, once its lease has run out", async () => {
    const now = new Date();
    const slow = slowJob("koncertbrev");
    const survivor = worker();
    await survivor.start({ handlers: [], recurring: [slow] }, { polling: false, now });
    // An instance claimed the turn and died: no heartbeat renews its lease.
    expect(await claimNext(database.db, RECURRING_QUEUE, { now })).not.toBeNull();
    await survivor.runDueTurns(later(now, LEASE_SECONDS - 1));
    expect(slow.turns()).toBe(0);
    const turn = survivor.runDueTurns(later(now, LEASE_SECONDS + 1));
    await eventually(() => expect(slow.turns()).toBe(1));
    slow.finish();
    await turn;
  });

  it("records a failing turn on the status page's rows, and goes on at the next", async () => {
    const now = new Date();
    const failing: RecurringJob = {
      name: "fejler",
      label: "Et job der fejler",
      every: { seconds: 60 },
      run: () => Promise.reject(new Error("ingen forbindelse")),
    };
    const one = worker();
    await one.start({ handlers: [], recurring: [failing] }, { polling: false, now });
    await one.runDueTurns(now);
    const [state] = await one.recurringStates();
    expect(state).toMatchObject({ running: false, lastError: "ingen forbindelse" });
    expect(state!.lastStartedAt).toEqual(now);
    expect(state!.nextRunAt!.getTime()).toBeGreaterThan(now.getTime());
  });

  it("brings a cron job's next turn forward when its schedule is changed to an earlier time", async () => {
    const now = new Date("2026-12-02T12:00:00Z");
    const nightly: RecurringJob = {
      name: "backup",
      label: "Backup",
      every: { cron: "0 3 * * *" },
      run: async () => {},
    };
    await worker().start({ handlers: [], recurring: [nightly] }, { polling: false, now });
    const hourly = { ...nightly, every: { cron: "0 * * * *" } };
    const one = worker();
    await one.start({ handlers: [], recurring: [hourly] }, { polling: false, now });
    const [state] = await one.recurringStates(now);
    // 13:00 in Copenhagen is 12:00 UTC; the next whole hour is 14:00 there.
    expect(state!.nextRunAt).toEqual(new Date("2026-12-02T13:00:00Z"));
  });

  it("does each job once across workers, tries a failed one again after the backoff, and gives up after the last", async () => {
    const now = new Date();
    const { handler, done, givenUp: toldGivenUp, state } = countingQueue("test-queue");
    for (const name of ["a", "b", "c", "d", "e", "f"])
      await enqueue(database.db, handler.queue, { name }, { runAt: now });
    const results = await Promise.all([
      workQueue(database.db, logger, handler, { now }),
      workQueue(database.db, logger, handler, { now }),
    ]);
    expect(results.reduce((total, result) => total + result.done, 0)).toBe(6);
    expect(done.toSorted()).toEqual(["a", "b", "c", "d", "e", "f"]);

    state.failing = true;
    await enqueue(database.db, handler.queue, { name: "g" }, { runAt: now });
    expect(await workQueue(database.db, logger, handler, { now })).toEqual({ done: 0, failed: 1 });
    expect(await workQueue(database.db, logger, handler, { now: later(now, 29) })).toEqual({ done: 0, failed: 0 });
    expect(await workQueue(database.db, logger, handler, { now: later(now, 30) })).toEqual({ done: 0, failed: 1 });
    expect(await workQueue(database.db, logger, handler, { now: later(now, 3600) })).toEqual({ done: 0, failed: 1 });
    const [givenUp] = await database.db
      .select()
      .from(queueJobs)
      .where(and(eq(queueJobs.queue, handler.queue), eq(queueJobs.attempts, 3)));
    expect(givenUp).toMatchObject({ lastError: "ingen forbindelse", doneAt: null });
    expect(givenUp!.failedAt).toBeInstanceOf(Date);
    expect(toldGivenUp).toEqual(["g"]);
    // Kept a day, as done ones are, then forgotten with them.
    expect(await pruneDone(database.db, handler.queue, handler.keepDoneDays, later(now, 86_000))).toBe(0);
    expect(await pruneDone(database.db, handler.queue, handler.keepDoneDays, later(now, 2 * 86_400))).toBe(7);
    expect(await workQueue(database.db, logger, handler, { now: later(now, 86_400) })).toEqual({ done: 0, failed: 0 });
  });

  it("keeps a job with a key once, and fences a claim whose lease was lost: the job's new holder has it", async () => {
    const now = new Date();
    expect(await enqueue(database.db, "keyed", { name: "x" }, { key: "billede-1", runAt: now })).not.toBeNull();
    expect(await enqueue(database.db, "keyed", { name: "x" }, { key: "billede-1", runAt: now })).toBeNull();
    const stale = (await claimNext(database.db, "keyed", { now }))!;
    const taken = (await claimNext(database.db, "keyed", { now: later(now, LEASE_SECONDS + 1) }))!;
    expect(taken.id).toBe(stale.id);
    expect(await renewLease(database.db, stale)).toBe(false);
    expect(await renewLease(database.db, taken)).toBe(true);
  });

  it("wakes a queue at once for work enqueued in this process", async () => {
    const { handler, done } = countingQueue("wake-queue");
    const one = worker();
    await one.start({ handlers: [handler], recurring: [] }, { polling: false });
    await enqueue(database.db, handler.queue, { name: "straks" });
    await one.wake(handler.queue);
    expect(done).toEqual(["straks"]);
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
