import { Cron } from "croner";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { queueJobs } from "~/db/schema";
import {
  claimNext,
  rearm,
  releaseAllLeases,
  withHeartbeat,
  workQueue,
  type ClaimedJob,
  type QueueHandler,
} from "./queue.server";

/** The recurring jobs' queue: one row per job, keyed by its name. */
export const RECURRING_QUEUE = "recurring";

/** Work done on a schedule: every so many seconds after the last turn ended, or at a cron's times in Copenhagen. */
export interface RecurringJob {
  name: string;
  /** What the job does, in Danish, for the status page. */
  label: string;
  every: { seconds: number } | { cron: string };
  /** `signal` is aborted when the server stops or the turn's lease is lost: a long turn ends early. */
  run(turn: { signal: AbortSignal }): Promise<unknown>;
}

export interface RecurringJobState {
  name: string;
  label: string;
  every: RecurringJob["every"];
  running: boolean;
  lastStartedAt: Date | null;
  lastDurationMs: number | null;
  lastError: string | null;
  nextRunAt: Date | null;
}

const POLL_SECONDS = { recurring: 1, queues: 5 };

/** When a recurring job's next turn is due, after a turn that ended at `now`. */
export function nextTurnAt(every: RecurringJob["every"], now: Date) {
  if ("seconds" in every) return new Date(now.getTime() + every.seconds * 1000);
  return new Cron(every.cron, { paused: true, timezone: "Europe/Copenhagen" }).nextRun(now)!;
}

/**
 * Works the one queue in this process (decision 061): each handler's queue one job at a time, woken at once by work
 * enqueued here and polled for the rest (retries, another instance's left-overs), and the recurring jobs, each turn
 * on one instance, claimed like any job so a turn cut off by a crash runs again within a lease.
 */
export class QueueWorker {
  readonly #handlers = new Map<string, QueueHandler>();
  readonly #recurring = new Map<string, RecurringJob>();
  readonly #draining = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  readonly #turns = new Map<string, Promise<void>>();
  readonly #timers: NodeJS.Timeout[] = [];
  /** The poll's claims under way, if any: the next poll skips its turn, and the database stays open for them. */
  #claiming: Promise<void> | null = null;
  readonly #stopping = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    /** PGlite: this process owns the database, so every lease found at the start is a dead process's. */
    private readonly ownsTheDatabase: boolean,
  ) {}

  /** Takes up the work; `polling: false` leaves the turns to `runDueTurns` and `wake` (tests). */
  async start(
    { handlers, recurring }: { handlers: QueueHandler[]; recurring: RecurringJob[] },
    { polling = true, now = new Date() } = {},
  ) {
    for (const handler of handlers) this.#handlers.set(handler.queue, handler);
    for (const job of recurring) this.#recurring.set(job.name, job);
    if (this.ownsTheDatabase) await releaseAllLeases(this.db);
    await this.#armRecurring(now);
    if (!polling) return;
    this.#timers.push(
      setInterval(() => {
        this.#claiming ??= this.#startDueTurns().finally(() => (this.#claiming = null));
      }, POLL_SECONDS.recurring * 1000).unref(),
      setInterval(() => this.#handlers.forEach((_, queue) => this.wake(queue)), POLL_SECONDS.queues * 1000).unref(),
    );
    this.#handlers.forEach((_, queue) => this.wake(queue));
  }

  /** Works the queue now; if it is being worked, once more after. Resolves when the work is through. */
  wake(queue: string): Promise<void> {
    const handler = this.#handlers.get(queue);
    if (!handler || this.#stopping.signal.aborted) return Promise.resolve();
    const draining = this.#draining.get(queue);
    if (draining) {
      this.#again.add(queue);
      return draining;
    }
    const drain = (async () => {
      do {
        this.#again.delete(queue);
        while ((await workQueue(this.db, this.logger, handler, { signal: this.#stopping.signal })).done > 0);
      } while (this.#again.has(queue) && !this.#stopping.signal.aborted);
    })()
      .catch((error: unknown) => this.logger.error({ err: error, queue }, "a queue could not be worked"))
      .finally(() => this.#draining.delete(queue));
    this.#draining.set(queue, drain);
    return drain;
  }

  /** The recurring jobs as the database has them, on whichever instance they ran. */
  async recurringStates(now = new Date()): Promise<RecurringJobState[]> {
    const rows = await this.db
      .select()
      .from(queueJobs)
      .where(and(eq(queueJobs.queue, RECURRING_QUEUE), inArray(queueJobs.key, [...this.#recurring.keys()])));
    return [...this.#recurring.values()].map(({ name, label, every }) => {
      const row = rows.find((candidate) => candidate.key === name);
      const duration = (row?.payload as { lastDurationMs?: number } | undefined)?.lastDurationMs;
      return {
        name,
        label,
        every,
        running: Boolean(row?.leaseUntil && row.leaseUntil > now),
        lastStartedAt: row?.startedAt ?? null,
        lastDurationMs: duration ?? null,
        lastError: row?.lastError ?? null,
        nextRunAt: row?.runAt ?? null,
      };
    });
  }

  /** Starts the turns of the recurring jobs that are due and not running here; resolves when those have ended. */
  async runDueTurns(now = new Date()) {
    await this.#startDueTurns(now);
    await Promise.allSettled([...this.#turns.values()]);
  }

  /** Stops polling, ends the turns and jobs under way early (their signal), and waits for them. */
  async stop() {
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    this.#stopping.abort();
    await this.#claiming;
    await Promise.allSettled([...this.#draining.values(), ...this.#turns.values()]);
  }

  /**
   * Each recurring job has its row: a new one is due now (an interval) or at its cron's next time; a row whose next
   * turn is later than its schedule's next (the schedule was changed) is brought forward.
   */
  async #armRecurring(now: Date) {
    if (this.#recurring.size === 0) return;
    const rows = [...this.#recurring.values()].map((job) => ({
      queue: RECURRING_QUEUE,
      key: job.name,
      payload: {},
      runAt: "seconds" in job.every ? now : nextTurnAt(job.every, now),
    }));
    await this.db
      .insert(queueJobs)
      .values(rows)
      .onConflictDoUpdate({
        target: [queueJobs.queue, queueJobs.key],
        set: { runAt: sql`least(${queueJobs.runAt}, excluded.run_at)` },
      });
  }

  async #startDueTurns(now = new Date()) {
    if (this.#stopping.signal.aborted) return;
    try {
      for (;;) {
        const idle = [...this.#recurring.keys()].filter((name) => !this.#turns.has(name));
        const job = await claimNext(this.db, RECURRING_QUEUE, { now, keys: idle });
        if (!job) return;
        const turn = this.#turn(this.#recurring.get(job.key!)!, job).finally(() => this.#turns.delete(job.key!));
        this.#turns.set(job.key!, turn);
      }
    } catch (error) {
      this.logger.error({ err: error }, "the recurring jobs could not be claimed");
    }
  }

  async #turn(recurring: RecurringJob, job: ClaimedJob) {
    const started = Date.now();
    const outcome = await withHeartbeat(this.db, job, this.#stopping.signal, (signal) => recurring.run({ signal }));
    const error = outcome.ok ? null : outcome.error;
    if (error !== null) this.logger.error({ err: error, job: recurring.name }, "a background job failed");
    const ended = new Date();
    const written = await rearm(this.db, job, {
      next: nextTurnAt(recurring.every, ended),
      durationMs: ended.getTime() - started,
      error,
    }).catch((rearmError: unknown) => {
      this.logger.error({ err: rearmError, job: recurring.name }, "a background job's next turn could not be set");
      return true;
    });
    if (!written) this.logger.warn({ job: recurring.name }, "a background job outlived its lease");
  }
}
