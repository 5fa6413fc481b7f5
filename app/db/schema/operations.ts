import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, instant, uuidId } from "./columns";

/**
 * The one queue of background work (decision 061): each row a job of a named queue (an e-mail to send, an upload
 * to encode) or a recurring job (`queue = 'recurring'`, keyed by its name, re-armed after each turn). Instances claim
 * due rows with a lease that every later write is fenced by; a job is done, tried again later, or given up on.
 */
export const queueJobs = pgTable(
  "queue_jobs",
  {
    id: uuidId(),
    queue: text("queue").notNull(),
    /** Unique within the queue: a job with a key is there once (an upload's id, a recurring job's name). */
    key: text("key"),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    runAt: instant("run_at").notNull().defaultNow(),
    /** Set while an instance works the job; a dead instance's lease runs out, and its heartbeat stops renewing it. */
    leaseUntil: instant("lease_until"),
    /** When the job was last claimed (a recurring job's last turn). */
    startedAt: instant("started_at"),
    lastError: text("last_error"),
    doneAt: instant("done_at"),
    failedAt: instant("failed_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("queue_jobs_key").on(table.queue, table.key),
    index("queue_jobs_due")
      .on(table.queue, table.runAt)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
    check("queue_jobs_attempts", sql`${table.attempts} >= 0`),
  ],
);

/** Backups made by the scheduled job or by hand through a running server: the status page shows the last. */
export const backupRuns = pgTable("backup_runs", {
  id: uuidId(),
  file: text("file").notNull(),
  bytes: bigint("bytes", { mode: "number" }),
  startedAt: instant("started_at").notNull().defaultNow(),
  finishedAt: instant("finished_at"),
  error: text("error"),
});

/**
 * Data migrations written in TypeScript (decision 017): a SQL migration inserts a step's name here, and
 * `migrate()` runs that step right after the SQL migrations, deleting the row in the step's own transaction.
 */
export const pendingDataMigrations = pgTable("pending_data_migrations", {
  name: text("name").primaryKey(),
  requestedAt: instant("requested_at").notNull().defaultNow(),
});
