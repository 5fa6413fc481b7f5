import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import {
  events,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSettings,
  newsletterSubscribers,
} from "~/db/schema";
import type { MailMessage, Mailer } from "~/features/email/mailer.server";
import { queueMonthlyDigest } from "~/features/newsletter/digest.server";
import { saveLetter, scheduleLetter } from "~/features/newsletter/letters.server";
import { sendProgress, startDueLetters, workTheSendQueue } from "~/features/newsletter/sending.server";
import { unsubscribe } from "~/features/newsletter/subscription.server";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const PUBLIC_URL = "https://havnescenen.dk";
const logger = pino({ level: "silent" });

/** A mail server in memory: what it took, and refusals by address (an SMTP error's responseCode). */
function recordingDelivery(refusals: Record<string, number> = {}) {
  const taken: MailMessage[] = [];
  const delivery: Mailer = {
    async send(message) {
      const code = refusals[message.to];
      // As nodemailer reports a recipient the server refuses.
      if (code) throw Object.assign(new Error(`${code} refused`), { responseCode: code, command: "RCPT TO" });
      taken.push(message);
    },
  };
  return { delivery, taken };
}

describe.each(databaseKinds)("the newsletter's send queue on %s", (kind) => {
  let database: TestDatabase;
  let db: Database;
  let run = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(() => database.destroy());

  // Each test has the list to itself: letters and subscribers of another are gone.
  beforeEach(async () => {
    run += 1;
    await db.delete(newsletterLetters);
    await db.delete(newsletterSubscribers);
    await db.insert(newsletterSettings).values({ id: 1 }).onConflictDoNothing();
    await db.update(newsletterSettings).set({ messagesPerSecond: 500, nextSlotAt: null, monthlyDigest: false });
  });

  const address = (label: string, index: number) => `${label}-${index}-${run}@example.dk`;

  async function subscribers(
    count: number,
    status: "subscribed" | "pending" | "unsubscribed" | "bouncing" = "subscribed",
  ) {
    const rows = Array.from({ length: count }, (_, index) => ({
      email: address(status, index),
      status,
      source: "page",
      consentWording: "Ja tak",
      unsubscribeToken: randomBytes(16).toString("base64url"),
      confirmedAt: status === "pending" ? null : new Date(),
    }));
    return db.insert(newsletterSubscribers).values(rows).returning();
  }

  async function letterDueNow(subject = `Brev ${run}`) {
    const saved = await saveLetter(db, {
      subject,
      blocks: [{ type: "text", html: '<p>Hej fra <a href="/koncerter">scenen</a></p>' }, { type: "concerts" }],
    });
    if (!saved.ok) throw new Error("not saved");
    expect(await scheduleLetter(db, saved.id, new Date(Date.now() - 1000))).toBe(true);
    return saved.id;
  }

  it("sends one message to each address on the list, and none to those waiting, gone or bouncing", async () => {
    const onList = await subscribers(5);
    await subscribers(2, "pending");
    await subscribers(2, "unsubscribed");
    await subscribers(1, "bouncing");
    const { delivery, taken } = recordingDelivery();
    const letterId = await letterDueNow();

    expect(await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger })).toBe(5);

    expect(taken.map((message) => message.to).sort()).toEqual(onList.map((row) => row.email).sort());
    const [letter] = await db.select().from(newsletterLetters).where(eq(newsletterLetters.id, letterId));
    expect(letter).toMatchObject({ status: "sent" });
    expect(await sendProgress(db, letterId)).toEqual({ sent: 5, waiting: 0, failed: 0, skipped: 0 });
  });

  it("gives every message its own unsubscribe link, the one-click headers, a text part and a steady Message-ID", async () => {
    const [fan] = await subscribers(1);
    const { delivery, taken } = recordingDelivery();
    const letterId = await letterDueNow("Nyt fra Havnescenen");
    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger });

    const [message] = taken;
    const link = `${PUBLIC_URL}/nyhedsbrev/afmeld/${fan!.unsubscribeToken}`;
    expect(message!.subject).toBe("Nyt fra Havnescenen");
    expect(message!.headers).toMatchObject({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(message!.messageId).toBe(`<${letterId}.${fan!.id}@havnescenen.dk>`);
    expect(message!.html).toContain(`href="${link}"`);
    expect(message!.text).toContain(`Afmeld nyhedsbrevet: ${link}`);
    // A site path in the text is a full address in a mail.
    expect(message!.html).toContain(`href="${PUBLIC_URL}/koncerter"`);
    expect(message!.text).toContain("NÆSTE KONCERTER");
  });

  it("keeps to the rate: a second's worth at a time, across every instance", async () => {
    await subscribers(12);
    await db.update(newsletterSettings).set({ messagesPerSecond: 5 });
    const { delivery, taken } = recordingDelivery();
    const letterId = await letterDueNow();
    const frozen = new Date();

    // The clock stands still: the next second never comes, so one second's five go and no more.
    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => frozen });
    expect(taken).toHaveLength(5);
    // Another instance in the same second waits its turn too.
    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => frozen });
    expect(taken).toHaveLength(5);

    const nextSecond = new Date(frozen.getTime() + 1000);
    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => nextSecond });
    expect(taken).toHaveLength(10);
    expect(await sendProgress(db, letterId)).toMatchObject({ sent: 10, waiting: 2 });
  });

  it("sends a second's worth in a turn whose time ran out before its first claim (a stalled machine)", async () => {
    await subscribers(4);
    await db.update(newsletterSettings).set({ messagesPerSecond: 3 });
    const { delivery, taken } = recordingDelivery();
    const letterId = await letterDueNow();

    expect(await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 0 })).toBe(3);
    expect(taken).toHaveLength(3);
    expect(await sendProgress(db, letterId)).toMatchObject({ sent: 3, waiting: 1 });
  });

  it("marks an address the mail server refuses for good as bouncing, and tries a passing failure again later", async () => {
    const [gone, busy, fine] = await subscribers(3);
    const { delivery, taken } = recordingDelivery({ [gone!.email]: 550, [busy!.email]: 451 });
    const letterId = await letterDueNow();
    const now = new Date();

    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => now });
    expect(taken.map((message) => message.to)).toEqual([fine!.email]);
    const [bounced] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, gone!.id));
    expect(bounced).toMatchObject({ status: "bouncing" });
    expect(await sendProgress(db, letterId)).toEqual({ sent: 1, waiting: 1, failed: 1, skipped: 0 });

    // Not before its pause (30 s after the first try) …
    const [waiting] = await db
      .select()
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.letterId, letterId), eq(newsletterDeliveries.subscriberId, busy!.id)));
    expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    // … then it goes, once the server takes it.
    const later = new Date(now.getTime() + 31_000);
    const { delivery: mended, taken: second } = recordingDelivery();
    await workTheSendQueue({ db, delivery: mended, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => later });
    expect(second.map((message) => message.to)).toEqual([busy!.email]);
    expect(await sendProgress(db, letterId)).toEqual({ sent: 2, waiting: 0, failed: 1, skipped: 0 });

    // The bouncing address gets no later letter.
    const nextLetter = await letterDueNow("Næste brev");
    const { delivery: third, taken: thirdTaken } = recordingDelivery();
    const laterStill = new Date(later.getTime() + 2000);
    await workTheSendQueue(
      { db, delivery: third, publicUrl: PUBLIC_URL, logger },
      { forMs: 500, clock: () => laterStill },
    );
    expect(thirdTaken.map((message) => message.to).sort()).toEqual([busy!.email, fine!.email].sort());
    expect(await sendProgress(db, nextLetter)).toMatchObject({ sent: 2, failed: 0 });
  });

  it("skips the rest of a send under way to an address that unsubscribes in the middle of it", async () => {
    const [leaving, staying] = await subscribers(2);
    const letterId = await letterDueNow();
    await startDueLetters({ db, publicUrl: PUBLIC_URL });
    expect(await unsubscribe(db, leaving!.unsubscribeToken)).toBe(true);

    const { delivery, taken } = recordingDelivery();
    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger });
    expect(taken.map((message) => message.to)).toEqual([staying!.email]);
    expect(await sendProgress(db, letterId)).toEqual({ sent: 1, waiting: 0, failed: 0, skipped: 1 });
  });

  it("leaves what a stopped instance had claimed until its lease runs out, then sends it once", async () => {
    await subscribers(4);
    const letterId = await letterDueNow();
    await startDueLetters({ db, publicUrl: PUBLIC_URL });
    const now = new Date();
    // Another instance claimed two and stopped before sending them.
    const claimed = await db.select().from(newsletterDeliveries).limit(2);
    for (const row of claimed) {
      await db
        .update(newsletterDeliveries)
        .set({ leaseUntil: new Date(now.getTime() + 60_000), attempts: 1 })
        .where(
          and(eq(newsletterDeliveries.letterId, row.letterId), eq(newsletterDeliveries.subscriberId, row.subscriberId)),
        );
    }
    const { delivery, taken } = recordingDelivery();
    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => now });
    expect(taken).toHaveLength(2);

    const afterLease = new Date(now.getTime() + 61_000);
    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => afterLease });
    expect(taken).toHaveLength(4);
    expect(new Set(taken.map((message) => message.to)).size).toBe(4);
    expect(await sendProgress(db, letterId)).toMatchObject({ sent: 4, waiting: 0 });
  });

  it("finishes the second's worth on its way when the server stops, and leaves the rest for the next instance", async () => {
    await subscribers(9);
    await db.update(newsletterSettings).set({ messagesPerSecond: 3 });
    const letterId = await letterDueNow();
    const stopping = new AbortController();
    const taken: MailMessage[] = [];
    const delivery: Mailer = {
      async send(message) {
        taken.push(message);
        stopping.abort();
      },
    };
    await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { signal: stopping.signal });
    expect(taken).toHaveLength(3);
    expect(await sendProgress(db, letterId)).toMatchObject({ sent: 3, waiting: 6 });

    const next = recordingDelivery();
    await workTheSendQueue({ db, delivery: next.delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 10_000 });
    expect(next.taken).toHaveLength(6);
    const rows = await db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.letterId, letterId));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("delivers each message once when two instances work the same letter at the same time", async () => {
    const onList = await subscribers(120);
    // Three seconds' worth: the instances take turns at the seconds.
    await db.update(newsletterSettings).set({ messagesPerSecond: 40 });
    await letterDueNow();
    // PostgreSQL: a second instance with its own connections; PGlite lives in one process, so two turns at once.
    const second =
      kind === "postgres" ? await openDatabase({ kind: "postgres", url: database.url!, poolMax: 4 }) : null;
    try {
      const { delivery, taken } = recordingDelivery();
      await Promise.all([
        workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 20_000 }),
        workTheSendQueue({ db: second?.db ?? db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 20_000 }),
        workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 20_000 }),
      ]);
      expect(taken).toHaveLength(120);
      expect(new Set(taken.map((message) => message.to))).toEqual(new Set(onList.map((row) => row.email)));
    } finally {
      await second?.close();
    }
  });

  it("starts a letter once, however many instances find it due at once", async () => {
    await subscribers(30);
    const letterId = await letterDueNow();
    const second =
      kind === "postgres" ? await openDatabase({ kind: "postgres", url: database.url!, poolMax: 4 }) : null;
    try {
      const started = await Promise.all([
        startDueLetters({ db, publicUrl: PUBLIC_URL }),
        startDueLetters({ db: second?.db ?? db, publicUrl: PUBLIC_URL }),
        startDueLetters({ db, publicUrl: PUBLIC_URL }),
      ]);
      expect(started.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(await sendProgress(db, letterId)).toMatchObject({ waiting: 30 });
    } finally {
      await second?.close();
    }
  });

  it("queues the monthly digest once on the 1st at 10.00 with several instances, and not again without news", async () => {
    await subscribers(3);
    await db.update(newsletterSettings).set({ monthlyDigest: true });
    const december = new Date("2026-12-01T09:00:00Z");
    const [concert] = await db
      .insert(events)
      .values({
        title: `Julekoncert ${run}`,
        startsAt: new Date("2026-12-18T19:00:00Z"),
        published: true,
        ticketSale: "none",
      })
      .returning();
    await db.insert(events).values({
      title: `Nytårskoncert ${run}`,
      startsAt: new Date("2027-01-08T19:00:00Z"),
      published: true,
      ticketSale: "none",
    });
    const second =
      kind === "postgres" ? await openDatabase({ kind: "postgres", url: database.url!, poolMax: 4 }) : null;
    try {
      expect(await queueMonthlyDigest(db, PUBLIC_URL, new Date("2026-12-01T08:59:00Z"))).toBe("not-due");
      const outcomes = await Promise.all([
        queueMonthlyDigest(db, PUBLIC_URL, december),
        queueMonthlyDigest(second?.db ?? db, PUBLIC_URL, december),
      ]);
      expect(outcomes.filter((outcome) => outcome === "queued")).toHaveLength(1);
      const { delivery, taken } = recordingDelivery();
      await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => december });
      expect(taken).toHaveLength(3);
      // December's concerts only, not January's.
      expect(taken[0]!.text).toContain(concert!.title);
      expect(taken[0]!.text).not.toContain(`Nytårskoncert ${run}`);

      // January: its concert is new, so January's digest goes; February has nothing new, so nothing goes.
      const january = new Date("2027-01-01T09:30:00Z");
      expect(await queueMonthlyDigest(db, PUBLIC_URL, january)).toBe("queued");
      await workTheSendQueue({ db, delivery, publicUrl: PUBLIC_URL, logger }, { forMs: 500, clock: () => january });
      expect(await queueMonthlyDigest(db, PUBLIC_URL, new Date("2027-02-01T09:30:00Z"))).toBe("nothing-new");
    } finally {
      await second?.close();
      await db.delete(events);
    }
  });
});
