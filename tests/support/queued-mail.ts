import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { queueJobs } from "~/db/schema";
import type { MailMessage } from "~/features/email/mail-message";
import { MAIL_QUEUE } from "~/features/email/outbox.server";

/** The mail queue's jobs (to an address, when named), oldest first, with the message each carries. */
export async function queuedMails(db: Database, to?: string) {
  const rows = await db
    .select()
    .from(queueJobs)
    .where(and(eq(queueJobs.queue, MAIL_QUEUE), to ? eq(sql`${queueJobs.payload}->>'to'`, to) : undefined))
    .orderBy(asc(queueJobs.createdAt));
  return rows.map((row) => ({ ...row, message: row.payload as MailMessage }));
}
