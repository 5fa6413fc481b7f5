import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queueJobs } from "~/db/schema";
import type { MailMessage } from "~/features/email/mail-message";
import { createMailer } from "~/features/email/mailer.server";
import { resetPasswordMessage } from "~/features/email/messages";
import { createMetrics } from "~/lib/metrics.server";
import { MAX_MAIL_ATTEMPTS, MailOutbox } from "~/features/email/outbox.server";
import { pruneDone } from "~/features/queue/queue.server";
import { queuedMails } from "../support/queued-mail";
import { eventually } from "../support/eventually";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const logger = pino({ level: "silent" });
const message = (to: string) => resetPasswordMessage("Havnescenen", to, "Mette", "http://localhost/nulstil?token=abc");

/** A mail server that can be "down" (answers 451 to every message) and counts what it accepted. */
async function startMailServer() {
  const accepted: string[] = [];
  const state = { down: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        if (state.down) return callback(Object.assign(new Error("Midlertidigt ude af drift"), { responseCode: 451 }));
        accepted.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return { url, accepted, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(databaseKinds)("mail outbox on %s", (kind) => {
  let database: TestDatabase;
  let mailServer: Awaited<ReturnType<typeof startMailServer>>;
  let outbox: MailOutbox;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    mailServer = await startMailServer();
    const delivery = createMailer({
      smtpUrl: mailServer.url,
      from: "Havnescenen <no-reply@havnescenen.dk>",
      dataDir: "/nonexistent",
      logger,
      metrics: createMetrics(),
    });
    outbox = new MailOutbox(database.db, delivery, logger, "havnescenen.dk");
  });

  afterAll(async () => {
    await mailServer?.close();
    await database?.destroy();
  });

  beforeEach(async () => {
    mailServer.accepted.length = 0;
    mailServer.state.down = false;
    await database.db.delete(queueJobs);
  });

  it("sends a message at once and records it as sent", async () => {
    await outbox.send(message("anna@example.dk"));
    await outbox.settled();
    expect(mailServer.accepted).toEqual(["anna@example.dk"]);
    const [row] = await queuedMails(database.db);
    expect(row).toMatchObject({ message: { to: "anna@example.dk" }, attempts: 1, lastError: null });
    expect(row!.doneAt).toBeInstanceOf(Date);
  });

  it("keeps a message through a mail server outage and sends it when the pause is over", async () => {
    mailServer.state.down = true;
    const start = new Date();
    await outbox.enqueue(message("bo@example.dk"), start);
    expect(await outbox.deliverDue(start)).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await queuedMails(database.db);
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, leaseUntil: null });
    expect(waiting!.lastError).toMatch(/Midlertidigt ude af drift/);
    expect(waiting!.runAt.getTime()).toBe(start.getTime() + 30_000);

    mailServer.state.down = false;
    expect(await outbox.deliverDue(new Date(start.getTime() + 29_000))).toEqual({ sent: 0, failed: 0 });
    expect(await outbox.deliverDue(new Date(start.getTime() + 30_000))).toEqual({ sent: 1, failed: 0 });
    expect(mailServer.accepted).toEqual(["bo@example.dk"]);
    const [sent] = await queuedMails(database.db);
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
  });

  it("gives up after the last attempt and says so", async () => {
    mailServer.state.down = true;
    const now = new Date();
    await outbox.enqueue(message("carl@example.dk"), now);
    await database.db.update(queueJobs).set({ attempts: MAX_MAIL_ATTEMPTS - 1 });
    await outbox.deliverDue(now);
    const [row] = await queuedMails(database.db);
    expect(row!.attempts).toBe(MAX_MAIL_ATTEMPTS);
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(await outbox.deliverDue(new Date(now.getTime() + 24 * 60 * 60 * 1000))).toEqual({ sent: 0, failed: 0 });
  });

  it("sends each message once when several senders work through the outbox at the same time", async () => {
    const now = new Date();
    for (let index = 0; index < 12; index += 1) await outbox.enqueue(message(`gaest${index}@example.dk`), now);
    const second = new MailOutbox(
      database.db,
      createMailer({
        smtpUrl: mailServer.url,
        from: "x@havnescenen.dk",
        dataDir: "/nonexistent",
        logger,
        metrics: createMetrics(),
      }),
      logger,
      "havnescenen.dk",
    );
    const results = await Promise.all([outbox.deliverDue(now), second.deliverDue(now), outbox.deliverDue(now)]);
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(12);
    expect(mailServer.accepted.toSorted()).toEqual(
      Array.from({ length: 12 }, (_, index) => `gaest${index}@example.dk`).toSorted(),
    );
  });

  it("lets a send that outlived its lease change nothing: the instance that took the message over has it", async () => {
    const now = new Date();
    await outbox.enqueue(message("sen@example.dk"), now);
    let failLate: (error: Error) => void = () => {};
    const slow = new MailOutbox(
      database.db,
      { send: () => new Promise<void>((_resolve, reject) => (failLate = reject)) },
      logger,
      "havnescenen.dk",
    );
    const stalled = slow.deliverDue(now);
    await eventually(async () => expect((await queuedMails(database.db))[0]!.leaseUntil).not.toBeNull());
    // Its lease ran out: another instance takes the message over and sends it.
    expect(await outbox.deliverDue(new Date(now.getTime() + 60 * 1000))).toEqual({ sent: 1, failed: 0 });
    failLate(new Error("Forbindelsen blev afbrudt"));
    expect(await stalled).toEqual({ sent: 0, failed: 1 });
    const [row] = await queuedMails(database.db);
    expect(row).toMatchObject({ lastError: null, failedAt: null, leaseUntil: null });
    expect(row!.doneAt).toBeInstanceOf(Date);
  });

  it("sends a message again after a crash under the same Message-ID, so the reader sees one message", async () => {
    const now = new Date();
    await outbox.enqueue(message("kopi@example.dk"), now);
    const handed: MailMessage[] = [];
    // The first instance hands the message to the mail server and dies before it marks it sent.
    const dying = new MailOutbox(
      database.db,
      {
        send: (sent) => {
          handed.push(sent);
          return new Promise<void>(() => {});
        },
      },
      logger,
      "havnescenen.dk",
    );
    void dying.deliverDue(now);
    await eventually(() => expect(handed).toHaveLength(1));
    const again = new MailOutbox(
      database.db,
      { send: async (sent) => void handed.push(sent) },
      logger,
      "havnescenen.dk",
    );
    expect(await again.deliverDue(new Date(now.getTime() + 60 * 1000))).toEqual({ sent: 1, failed: 0 });
    expect(handed[1]!.messageId).toBe(handed[0]!.messageId);
    expect(handed[0]!.messageId).toMatch(/^<outbox\.[0-9a-f-]{36}@havnescenen\.dk>$/);
  });

  it("prunes sent messages after 30 days, never unsent ones", async () => {
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await outbox.enqueue(message("sendt@example.dk"), old);
    await outbox.enqueue(message("venter@example.dk"), old);
    await database.db
      .update(queueJobs)
      .set({ doneAt: old })
      .where(eq(sql`${queueJobs.payload}->>'to'`, "sendt@example.dk"));
    expect(await pruneDone(database.db, outbox.handler.queue, outbox.handler.keepDoneDays)).toBe(1);
    expect((await queuedMails(database.db)).map((row) => row.message.to)).toEqual(["venter@example.dk"]);
  });
});
