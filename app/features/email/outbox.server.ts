import { and, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { queueJobs } from "~/db/schema";
import { enqueue, workQueue, type QueueHandler } from "~/features/queue/queue.server";
import type { MailMessage } from "./mail-message";
import type { Mailer } from "./mailer.server";

/** About a day of tries (30 s, 1 min, 2 min … then hourly) before a message is given up on. */
export const MAX_MAIL_ATTEMPTS = 30;
export const MAIL_QUEUE = "mail";
const KEEP_SENT_DAYS = 30;

/** A message as the queue keeps it. */
const mailPayload: z.ZodType<MailMessage> = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z
    .array(
      z.object({
        filename: z.string(),
        content: z.string(),
        contentType: z.string(),
        encoding: z.literal("base64").optional(),
      }),
    )
    .optional(),
  messageId: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/**
 * Every e-mail is first a job of the mail queue (decision 061), then sent through the delivery (SMTP or the .eml
 * folder), at once by the instance that stored it, or later by whichever instance's worker gets to it: a failed
 * send is tried again with growing pauses, and a message is never sent by two at the same time.
 */
export class MailOutbox implements Mailer {
  #running: Promise<unknown> = Promise.resolve();
  readonly handler: QueueHandler<MailMessage>;

  constructor(
    private readonly db: Database,
    delivery: Mailer,
    private readonly logger: Logger,
    /** The host of the site's Message-IDs (PUBLIC_URL's). */
    messageIdHost: string,
  ) {
    this.handler = {
      queue: MAIL_QUEUE,
      payload: mailPayload,
      maxAttempts: MAX_MAIL_ATTEMPTS,
      keepDoneDays: KEEP_SENT_DAYS,
      // One Message-ID for every try of a message: one sent again after a crash is the same message to the reader.
      run: (message, job) => delivery.send({ messageId: `<outbox.${job.id}@${messageIdHost}>`, ...message }),
    };
  }

  /** Stores the message and starts sending it; the caller does not wait for the mail server. */
  async send(message: MailMessage) {
    await this.enqueue(message);
    this.#running = this.#running
      .then(() => this.deliverDue())
      .catch((error: unknown) => this.logger.error({ err: error }, "the mail outbox could not be worked through"));
  }

  /** Stores the message to be sent; `db` may be a transaction, so that the message is sent only if it commits. */
  async enqueue(message: MailMessage, now = new Date(), db: Database = this.db) {
    await enqueue(db, MAIL_QUEUE, message, { runAt: now });
  }

  /** Resolves when the sending that `send` started is done (for tests and shutdown). */
  settled() {
    return this.#running.then(() => undefined);
  }

  /** Sends what is due now, one message at a time; answers how many went out and how many failed. */
  async deliverDue(now = new Date()) {
    const { done, failed } = await workQueue(this.db, this.logger, this.handler, { now });
    return { sent: done, failed };
  }

  /** The error of the newest message to `recipient` if it is still unsent, else null (the status page's test). */
  async lastFailureFor(recipient: string) {
    const [newest] = await this.db
      .select({ doneAt: queueJobs.doneAt, lastError: queueJobs.lastError })
      .from(queueJobs)
      .where(and(eq(queueJobs.queue, MAIL_QUEUE), eq(sql`${queueJobs.payload}->>'to'`, recipient)))
      .orderBy(desc(queueJobs.createdAt))
      .limit(1);
    return newest && !newest.doneAt ? (newest.lastError ?? "Ikke sendt endnu.") : null;
  }
}
