import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { MailMessage } from "~/features/email/mail-message";

/**
 * E-mails waiting to go out, sent, or given up on. A message is stored before it is sent, so an outage of the
 * mail server delays a confirmation but never loses it; instances claim due rows with a lease.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    message: jsonb("message").$type<MailMessage>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while an instance is sending the message; a crashed sender's lease runs out. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
  id: uuid("id").primaryKey().defaultRandom(),
  file: text("file").notNull(),
  bytes: bigint("bytes", { mode: "number" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  error: text("error"),
});

/**
 * Data migrations written in TypeScript (decision 017): a SQL migration inserts a step's name here, and
 * `migrate()` runs that step right after the SQL migrations, deleting the row in the step's own transaction.
 */
export const pendingDataMigrations = pgTable("pending_data_migrations", {
  name: text("name").primaryKey(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
});
