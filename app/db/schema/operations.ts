import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant, uuidId } from "./columns";
import type { MailMessage } from "~/features/email/mail-message";

/**
 * E-mails waiting to go out, sent, or given up on. A message is stored before it is sent, so an outage of the
 * mail server delays a confirmation but never loses it; instances claim due rows with a lease.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuidId(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    message: jsonb("message").$type<MailMessage>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    /** Set while an instance is sending the message; a crashed sender's lease runs out. */
    leaseUntil: instant("lease_until"),
    lastError: text("last_error"),
    sentAt: instant("sent_at"),
    failedAt: instant("failed_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_due")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    check("mail_outbox_attempts", sql`${table.attempts} >= 0`),
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
