import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { MailMessage } from "./mail-message";
import type { Mailer } from "./mailer.server";
import { retryDelaySeconds } from "~/lib/retry";

/** About a day of tries (30 s, 1 min, 2 min … then hourly) before a message is given up on. */
export const MAX_MAIL_ATTEMPTS = 30;
const LEASE_SECONDS = 5 * 60;
const BATCH_SIZE = 20;

/**
 * Every e-mail is first stored in `mail_outbox`, then sent through the delivery (SMTP or the .eml folder).
 * A failed send is tried again with growing pauses, by whichever instance's job gets to it first: due rows
 * are claimed with a lease under FOR UPDATE SKIP LOCKED, so no message goes out twice at the same time. What a
 * send then writes holds only while its lease does: a send that outlived it, taken over meanwhile, changes nothing.
 */
export class MailOutbox implements Mailer {
  #running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly delivery: Mailer,
    private readonly logger: Logger,
    /** The host of the site's Message-IDs (PUBLIC_URL's). */
    private readonly messageIdHost: string,
  ) {}

  /** Stores the message and starts sending it; the caller does not wait for the mail server. */
  async send(message: MailMessage) {
    await this.enqueue(message);
    this.#running = this.#running
      .then(() => this.deliverDue())
      .catch((error: unknown) => this.logger.error({ err: error }, "the mail outbox could not be worked through"));
  }

  /** Stores the message to be sent; `db` may be a transaction, so that the message is sent only if it commits. */
  async enqueue(message: MailMessage, now = new Date(), db: Database = this.db) {
    await db
      .insert(mailOutbox)
      .values({ recipient: message.to, subject: message.subject, message, nextAttemptAt: now });
  }

  /** Resolves when the sending that `send` started is done (for tests and shutdown). */
  settled() {
    return this.#running.then(() => undefined);
  }

  /**
   * Sends what is due now, claiming one message at a time so that each send has a whole lease (longer than
   * the mail server's timeouts); returns how many went out and how many failed.
   */
  async deliverDue(now = new Date()) {
    let sent = 0;
    let failed = 0;
    const started = Date.now();
    for (let turn = 0; turn < BATCH_SIZE; turn += 1) {
      // Each claim's lease counts from its own moment, not from the turn's start: the sends before it took time.
      const claimedAt = new Date(now.getTime() + (Date.now() - started));
      const [row] = await this.claimDue(claimedAt);
      if (!row) break;
      try {
        // One Message-ID for every try of a message: one sent again after a crash is the same message to the reader.
        await this.delivery.send({ messageId: `<outbox.${row.id}@${this.messageIdHost}>`, ...row.message });
        const marked = await this.db
          .update(mailOutbox)
          .set({ sentAt: new Date(), leaseUntil: null, lastError: null })
          .where(this.stillLeased(row))
          .returning({ id: mailOutbox.id });
        if (marked.length === 0) this.tookOver(row);
        sent += 1;
      } catch (error) {
        failed += 1;
        await this.recordFailure(row, error, claimedAt);
      }
    }
    return { sent, failed };
  }

  /** The row as this send claimed it: its lease not run out and taken over by another instance. */
  private stillLeased(row: typeof mailOutbox.$inferSelect) {
    return and(eq(mailOutbox.id, row.id), eq(mailOutbox.leaseUntil, row.leaseUntil!));
  }

  private tookOver(row: typeof mailOutbox.$inferSelect) {
    this.logger.warn(
      { mailId: row.id, subject: row.subject },
      "an e-mail took longer than its lease; it was taken over",
    );
  }

  /** The error of the newest message to `recipient` if it is still unsent, else null (the status page's test). */
  async lastFailureFor(recipient: string) {
    const [newest] = await this.db
      .select({ sentAt: mailOutbox.sentAt, lastError: mailOutbox.lastError })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, recipient))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return newest && !newest.sentAt ? (newest.lastError ?? "Ikke sendt endnu.") : null;
  }

  /** Deletes sent messages older than `days` (they hold addresses and receipts). */
  async pruneSent(days = 30, now = new Date()) {
    const removed = await this.db
      .delete(mailOutbox)
      .where(lt(mailOutbox.sentAt, new Date(now.getTime() - days * 24 * 60 * 60 * 1000)))
      .returning({ id: mailOutbox.id });
    return removed.length;
  }

  private async claimDue(now: Date) {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, now),
          or(isNull(mailOutbox.leaseUntil), lt(mailOutbox.leaseUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(1)
      .for("update", { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async recordFailure(row: typeof mailOutbox.$inferSelect, error: unknown, now: Date) {
    const reason = error instanceof Error ? error.message : String(error);
    const givenUp = row.attempts >= MAX_MAIL_ATTEMPTS;
    const retryInSeconds = retryDelaySeconds(row.attempts);
    const marked = await this.db
      .update(mailOutbox)
      .set({
        leaseUntil: null,
        lastError: reason.slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + retryInSeconds * 1000),
        failedAt: givenUp ? now : null,
      })
      .where(this.stillLeased(row))
      .returning({ id: mailOutbox.id });
    if (marked.length === 0) return this.tookOver(row);
    const entry = { err: error, mailId: row.id, subject: row.subject, attempts: row.attempts };
    if (givenUp) this.logger.error(entry, "an e-mail could not be sent and is given up on");
    else this.logger.warn({ ...entry, retryInSeconds }, "sending an e-mail failed; it will be tried again");
  }
}
