import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import type { DatabaseHandle } from "~/db/client.server";

export interface Job {
  name: string;
  /** What the job does, in Danish, for the status page. */
  label: string;
  everySeconds: number;
  /**
   * Runs on one instance at a time (a PostgreSQL advisory lock); the others skip that turn. Jobs that are
   * safe to run side by side (claiming rows with SKIP LOCKED) leave it off.
   */
  exclusive: boolean;
  /** `signal` is aborted when the server stops: a long turn ends early rather than hold the shutdown up. */
  run(turn?: { signal: AbortSignal }): Promise<unknown>;
}

export interface JobState extends Pick<Job, "name" | "label" | "everySeconds"> {
  runs: number;
  skipped: number;
  running: boolean;
  lastStartedAt: Date | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

/** Any constant: the namespace of the jobs' advisory locks (the migrations use their own). */
const JOB_LOCK_NAMESPACE = 727_274;
/** The lock's one answer, checked: Database leaves a raw result's type to the driver (see client.server.ts). */
const lockAnswer = z.object({ rows: z.tuple([z.object({ locked: z.boolean() })]) });

const NEVER_RUN = { runs: 0, skipped: 0, running: false, lastStartedAt: null, lastDurationMs: null, lastError: null };

function lockKey(name: string) {
  return createHash("sha256").update(name).digest().readInt32BE(0);
}

/**
 * Runs the background jobs in-process, each on its own timer, never two turns of one job at once in a
 * process, and an exclusive job on one instance at a time across all that share the PostgreSQL database.
 */
export class JobRunner {
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #states = new Map<string, JobState>();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #stopping = new AbortController();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: Logger,
  ) {}

  start(jobs: Job[]) {
    for (const job of jobs) {
      this.#stateOf(job);
      this.#timers.push(setInterval(() => void this.runOnce(job), job.everySeconds * 1000).unref());
    }
  }

  states(): JobState[] {
    return [...this.#states.values()].map((state) => ({ ...state }));
  }

  /** One turn of the job: "ran", or "skipped" when it is running here or, if exclusive, on another instance. */
  async runOnce(job: Job): Promise<"ran" | "skipped"> {
    const state = this.#stateOf(job);
    if (state.running) {
      state.skipped += 1;
      return "skipped";
    }
    state.running = true;
    const turn = this.#turn(job, state).finally(() => {
      state.running = false;
      this.#inFlight.delete(turn);
    });
    this.#inFlight.add(turn);
    return turn;
  }

  /** Stops the timers and waits for the turns under way. */
  async stop() {
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    this.#stopping.abort();
    await Promise.allSettled([...this.#inFlight]);
  }

  async #turn(job: Job, state: JobState): Promise<"ran" | "skipped"> {
    const started = Date.now();
    try {
      const ran = job.exclusive ? await this.#exclusively(job) : (await job.run(this.#turnContext), true);
      if (!ran) {
        state.skipped += 1;
        return "skipped";
      }
      state.lastError = null;
    } catch (error) {
      state.lastError = error instanceof Error ? error.message : String(error);
      this.logger.error({ err: error, job: job.name }, "a background job failed");
    } finally {
      state.lastStartedAt = new Date(started);
      state.lastDurationMs = Date.now() - started;
    }
    state.runs += 1;
    return "ran";
  }

  /** PGlite lives in this process alone; PostgreSQL is shared, so the turn holds a transaction-scoped lock. */
  async #exclusively(job: Job) {
    if (this.database.kind === "pglite") return job.run(this.#turnContext).then(() => true);
    return this.database.db.transaction(async (tx) => {
      const answer = lockAnswer.parse(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, ${lockKey(job.name)}) as locked`),
      );
      if (!answer.rows[0].locked) return false;
      await job.run(this.#turnContext);
      return true;
    });
  }

  get #turnContext() {
    return { signal: this.#stopping.signal };
  }

  #stateOf({ name, label, everySeconds }: Job) {
    const state = this.#states.get(name) ?? { name, label, everySeconds, ...NEVER_RUN };
    this.#states.set(name, state);
    return state;
  }
}
