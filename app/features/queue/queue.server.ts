import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { queueJobs } from "~/db/schema";
import { retryDelaySeconds } from "~/lib/retry";

/*
 * The one queue (decision 061). A job is claimed under FOR UPDATE SKIP LOCKED with a short lease, which the worker's
 * heartbeat renews while the job runs; every later write is fenced by the lease it holds, so a worker that lost its
 * job (it stalled past the lease, and another took the job over) changes nothing. A dead instance's heartbeat stops,
 * and its jobs are free again within one lease.
 */

/** How long a claim holds without a heartbeat. */
export const LEASE_SECONDS = 30;

/** A job as its claim holds it: its writes count while `leaseUntil` is still the row's. */
export interface ClaimedJob {
  id: string;
  queue: string;
  key: string | null;
  payload: unknown;
  /** This claim included. */
  attempts: number;
  /** The moment of the claim: a failed try's pause counts from it. */
  claimedAt: Date;
  leaseUntil: Date;
}

/** A queue's work: what a job of it carries, how it runs, how often it is tried, how long a done one is kept. */
export interface QueueHandler<Payload = unknown> {
  queue: string;
  payload: z.ZodType<Payload>;
  maxAttempts: number;
  /** Done and given-up jobs are deleted after this many days (an e-mail holds an address and a receipt). */
  keepDoneDays: number;
  run(payload: Payload, job: { id: string; attempts: number; signal: AbortSignal }): Promise<void>;
  /** After the last try failed: what the job was for is told it will not happen (an upload marked failed). */
  givenUp?(payload: Payload, error: unknown): Promise<void>;
}

/** Puts a job in the queue; `db` may be a transaction, so that the job exists only if the work it follows commits. */
export async function enqueue(
  db: Database,
  queue: string,
  payload: unknown,
  { key = null, runAt = new Date() }: { key?: string | null; runAt?: Date } = {},
) {
  const [row] = await db
    .insert(queueJobs)
    .values({ queue, key, payload, runAt })
    .onConflictDoNothing()
    .returning({ id: queueJobs.id });
  return row?.id ?? null;
}

/** Claims the queue's next due job (of the given keys only, when named), or answers null when none is due. */
export async function claimNext(
  db: Database,
  queue: string,
  { now = new Date(), keys }: { now?: Date; keys?: string[] } = {},
): Promise<ClaimedJob | null> {
  if (keys?.length === 0) return null;
  const due = db
    .select({ id: queueJobs.id })
    .from(queueJobs)
    .where(
      and(
        eq(queueJobs.queue, queue),
        isNull(queueJobs.doneAt),
        isNull(queueJobs.failedAt),
        lte(queueJobs.runAt, now),
        or(isNull(queueJobs.leaseUntil), lt(queueJobs.leaseUntil, now)),
        keys ? inArray(queueJobs.key, keys) : undefined,
      ),
    )
    .orderBy(asc(queueJobs.runAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(queueJobs)
    .set({ leaseUntil: leaseFrom(now), startedAt: now, attempts: sql`${queueJobs.attempts} + 1` })
    .where(inArray(queueJobs.id, due))
    .returning();
  if (!row) return null;
  const { id, key, payload, attempts, leaseUntil } = row;
  return { id, queue, key, payload, attempts, claimedAt: now, leaseUntil: leaseUntil! };
}

const leaseFrom = (now: Date) => new Date(now.getTime() + LEASE_SECONDS * 1000);

/** The row as this claim holds it. */
const held = (job: ClaimedJob) => and(eq(queueJobs.id, job.id), eq(queueJobs.leaseUntil, job.leaseUntil));

/** Writes to the job while the claim holds; false when the lease was lost meanwhile. */
async function writeHeld(db: Database, job: ClaimedJob, values: Partial<typeof queueJobs.$inferInsert>) {
  const marked = await db.update(queueJobs).set(values).where(held(job)).returning({ id: queueJobs.id });
  return marked.length > 0;
}

/** The heartbeat: holds the job for another lease from now; false when it was lost. */
export async function renewLease(db: Database, job: ClaimedJob, now = new Date()) {
  const leaseUntil = leaseFrom(now);
  const renewed = await writeHeld(db, job, { leaseUntil });
  if (renewed) job.leaseUntil = leaseUntil;
  return renewed;
}

export const markDone = (db: Database, job: ClaimedJob, now = new Date()) =>
  writeHeld(db, job, { doneAt: now, leaseUntil: null, lastError: null });

/** A failed try: tried again after the shared backoff, or given up on after the last. Null when the lease was lost. */
export async function markFailed(db: Database, job: ClaimedJob, error: unknown, maxAttempts: number) {
  const givenUp = job.attempts >= maxAttempts;
  const retryInSeconds = retryDelaySeconds(job.attempts);
  const written = await writeHeld(db, job, {
    leaseUntil: null,
    lastError: reasonOf(error),
    runAt: new Date(job.claimedAt.getTime() + retryInSeconds * 1000),
    failedAt: givenUp ? job.claimedAt : null,
  });
  return written ? { givenUp, retryInSeconds } : null;
}

/**
 * A recurring job's turn is over: its row waits for the next turn, with this one's length and error (if it had one)
 * for the status page. It is never done.
 */
export const rearm = (db: Database, job: ClaimedJob, turn: { next: Date; durationMs: number; error: unknown | null }) =>
  writeHeld(db, job, {
    runAt: turn.next,
    attempts: 0,
    leaseUntil: null,
    payload: { lastDurationMs: turn.durationMs },
    lastError: turn.error === null ? null : reasonOf(turn.error),
  });

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Works through the queue's due jobs one at a time, up to `limit`, and answers how many were done and how many
 * failed. Each claim's lease counts from its own moment: the jobs before it took time.
 */
export async function workQueue(
  db: Database,
  logger: Logger,
  handler: QueueHandler,
  { now = new Date(), limit = 20, signal }: { now?: Date; limit?: number; signal?: AbortSignal } = {},
) {
  let done = 0;
  let failed = 0;
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  while (done + failed < limit && !signal?.aborted) {
    const job = await claimNext(db, handler.queue, { now: clock() });
    if (!job) break;
    if (await runClaimed(db, logger, handler, job, { signal, clock })) done += 1;
    else failed += 1;
  }
  return { done, failed };
}

/** Runs a claimed job with its heartbeat and records the outcome; true when the job was done. */
export async function runClaimed(
  db: Database,
  logger: Logger,
  handler: QueueHandler,
  job: ClaimedJob,
  { signal, clock = () => new Date() }: { signal?: AbortSignal; clock?: () => Date } = {},
) {
  const entry = { queue: job.queue, jobId: job.id, attempts: job.attempts };
  const outcome = await withHeartbeat(db, job, signal, (held) =>
    handler.run(handler.payload.parse(job.payload), { id: job.id, attempts: job.attempts, signal: held }),
  );
  const now = clock();
  if (outcome.ok) {
    if (!(await markDone(db, job, now))) logger.warn(entry, "a job outlived its lease; another instance took it over");
    return true;
  }
  const failure = await markFailed(db, job, outcome.error, handler.maxAttempts);
  if (!failure) logger.warn(entry, "a job outlived its lease; another instance took it over");
  else if (failure.givenUp) {
    logger.error({ ...entry, err: outcome.error }, "a job failed its last try and is given up on");
    await handler.givenUp?.(handler.payload.parse(job.payload), outcome.error);
  } else logger.warn({ ...entry, err: outcome.error, ...failure }, "a job failed; it will be tried again");
  return false;
}

const HEARTBEAT_MS = (LEASE_SECONDS * 1000) / 3;

/**
 * Runs `work` while renewing the job's lease every third of it. `work`'s signal is aborted when the server stops or
 * the lease is lost, so a long job can end early; the last renewal is waited for, so the outcome's write is fenced
 * by the lease the job holds.
 */
export async function withHeartbeat(
  db: Database,
  job: ClaimedJob,
  stopping: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<unknown>,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  // One controller per job, told by the stopping server's signal: AbortSignal.any on the worker's long-lived signal
  // keeps every job's signal alive on Node 20 (nodejs/node#55351).
  const held = new AbortController();
  const stop = () => held.abort();
  stopping?.addEventListener("abort", stop, { once: true });
  if (stopping?.aborted) stop();
  let renewing: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(() => {
    // A renewal that cannot reach the database says nothing; the lease's own end does.
    if (Date.now() >= job.leaseUntil.getTime()) stop();
    renewing = renewing
      .then(() => renewLease(db, job))
      .then(
        (renewed) => renewed || stop(),
        () => undefined,
      );
  }, HEARTBEAT_MS).unref();
  try {
    await work(held.signal);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearInterval(heartbeat);
    stopping?.removeEventListener("abort", stop);
    await renewing;
  }
}

/** On PGlite the process owns the database alone: at its start, every lease is a dead process's, and ends now. */
export async function releaseAllLeases(db: Database) {
  await db
    .update(queueJobs)
    .set({ leaseUntil: null })
    .where(sql`${queueJobs.leaseUntil} is not null`);
}

/** Deletes the queue's jobs done, or given up on, more than `days` ago. */
export async function pruneDone(db: Database, queue: string, days: number, now = new Date()) {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(queueJobs)
    .where(and(eq(queueJobs.queue, queue), or(lt(queueJobs.doneAt, before), lt(queueJobs.failedAt, before))))
    .returning({ id: queueJobs.id });
  return removed.length;
}
