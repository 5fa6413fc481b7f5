import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { newsletterDeliveries, newsletterLetters, newsletterSettings, newsletterSubscribers } from "~/db/schema";
import type { Mailer } from "~/features/email/mailer.server";
import { LEASE_SECONDS } from "~/features/queue/queue.server";
import { resolveLetter } from "./letters.server";
import { letterMessage, type LetterMessageParts } from "./letter-render.server";
import { retryDelaySeconds } from "~/lib/retry";
import { outcomeOfFailure } from "./rules";
import { unsubscribeUrl } from "./subscription.server";

/*
 * The durable send queue (decision 040). A letter due to go out is started once, by whichever instance gets to it
 * first: its concerts are filled in, and one row per subscriber on the list is written, in one transaction. Every
 * instance then takes turns at the rows: a second's worth at a time (the rate), claimed under the settings row's
 * lock with the queue's short lease, which a heartbeat renews while they are sent (decision 061), so the rate holds
 * across instances and no message is sent by two at once. A row is marked sent right after the mail server took it;
 * a dead instance's rows come back within a lease. Each claim counts an attempt, and the writes of a claim are
 * fenced by its count: a claim taken over meanwhile changes nothing.
 */

export interface SendingDependencies {
  db: Database;
  /** The bulk transport (SMTP with a pool, or the .eml folder): the send queue is its own outbox. */
  delivery: Mailer;
  publicUrl: string;
  logger: Logger;
}

/** Turns letters whose time has come into their queue: each once, whichever instance gets there. */
export async function startDueLetters(deps: Pick<SendingDependencies, "db" | "publicUrl">, now = new Date()) {
  let started = 0;
  for (;;) {
    const began = await deps.db.transaction(async (tx) => {
      const [letter] = await tx
        .select()
        .from(newsletterLetters)
        .where(and(eq(newsletterLetters.status, "scheduled"), lte(newsletterLetters.sendAt, now)))
        .orderBy(asc(newsletterLetters.sendAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!letter) return false;
      const sent = await resolveLetter(tx, letter, deps.publicUrl, now);
      await tx
        .update(newsletterLetters)
        .set({ status: "sending", sent, startedAt: now })
        .where(eq(newsletterLetters.id, letter.id));
      await tx.execute(sql`
        insert into newsletter_deliveries (letter_id, subscriber_id, next_attempt_at)
        select ${letter.id}::uuid, id, ${now.toISOString()}::timestamptz
        from newsletter_subscribers where status = 'subscribed'
        on conflict do nothing`);
      return true;
    });
    if (!began) return started;
    started += 1;
  }
}

interface ClaimedMessage {
  letterId: string;
  subscriberId: string;
  attempts: number;
  email: string;
  unsubscribeToken: string;
  subscriberStatus: string;
}

/**
 * Claims the next second's worth of due messages, or says how long to wait for the next second when another
 * instance (or this one) has just taken this one's.
 */
async function claimNextSecond(
  db: Database,
  now: Date,
): Promise<{ wait: number } | { claimed: ClaimedMessage[]; all: boolean }> {
  return db.transaction(async (tx) => {
    await tx.insert(newsletterSettings).values({ id: 1 }).onConflictDoNothing();
    const [pace] = await tx
      .select({ rate: newsletterSettings.messagesPerSecond, nextSlotAt: newsletterSettings.nextSlotAt })
      .from(newsletterSettings)
      .where(eq(newsletterSettings.id, 1))
      .for("update");
    const slot = pace!.nextSlotAt;
    if (slot && slot > now) return { wait: slot.getTime() - now.getTime() };
    const due = tx
      .select({ letterId: newsletterDeliveries.letterId, subscriberId: newsletterDeliveries.subscriberId })
      .from(newsletterDeliveries)
      .innerJoin(newsletterLetters, eq(newsletterLetters.id, newsletterDeliveries.letterId))
      .where(
        and(
          eq(newsletterLetters.status, "sending"),
          eq(newsletterDeliveries.status, "waiting"),
          lte(newsletterDeliveries.nextAttemptAt, now),
          or(isNull(newsletterDeliveries.leaseUntil), lt(newsletterDeliveries.leaseUntil, now)),
        ),
      )
      .orderBy(asc(newsletterLetters.startedAt), asc(newsletterDeliveries.nextAttemptAt))
      .limit(pace!.rate)
      .for("update", { of: newsletterDeliveries, skipLocked: true });
    const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
    const claimed = await tx
      .update(newsletterDeliveries)
      .set({
        leaseUntil,
        attempts: sql`${newsletterDeliveries.attempts} + 1`,
      })
      .from(newsletterSubscribers)
      .where(
        and(
          sql`(${newsletterDeliveries.letterId}, ${newsletterDeliveries.subscriberId}) in (${due})`,
          eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId),
        ),
      )
      .returning({
        letterId: newsletterDeliveries.letterId,
        subscriberId: newsletterDeliveries.subscriberId,
        attempts: newsletterDeliveries.attempts,
        email: newsletterSubscribers.email,
        unsubscribeToken: newsletterSubscribers.unsubscribeToken,
        subscriberStatus: newsletterSubscribers.status,
      });
    if (claimed.length > 0) {
      await tx
        .update(newsletterSettings)
        .set({ nextSlotAt: new Date(now.getTime() + 1000) })
        .where(eq(newsletterSettings.id, 1));
    }
    // Fewer than a second's worth: that was all that is due now.
    return {
      claimed,
      all: claimed.length < pace!.rate,
    };
  });
}

/** The letters' messages, made once per letter and process: only the unsubscribe link differs per recipient. */
const partsCache = new Map<string, LetterMessageParts>();

async function partsOf(db: Database, letterId: string) {
  const cached = partsCache.get(letterId);
  if (cached) return cached;
  const [letter] = await db
    .select({ sent: newsletterLetters.sent })
    .from(newsletterLetters)
    .where(eq(newsletterLetters.id, letterId));
  if (!letter?.sent) throw new Error(`newsletter ${letterId} has no content to send`);
  const parts = letterMessage(letter.sent);
  if (partsCache.size > 20) partsCache.clear();
  partsCache.set(letterId, parts);
  return parts;
}

async function deliverOne(deps: SendingDependencies, message: ClaimedMessage, now: () => Date) {
  const { db } = deps;
  const key = heldByClaim(message);
  if (message.subscriberStatus !== "subscribed") {
    await db.update(newsletterDeliveries).set({ status: "skipped", leaseUntil: null }).where(key);
    return "skipped" as const;
  }
  const parts = await partsOf(db, message.letterId);
  const host = new URL(deps.publicUrl).hostname;
  try {
    await deps.delivery.send(
      parts.personal({
        to: message.email,
        unsubscribeUrl: unsubscribeUrl(deps.publicUrl, message.unsubscribeToken),
        // The same for every try of the message: a mail server or client that has it already sees it is the same.
        messageId: `<${message.letterId}.${message.subscriberId}@${host}>`,
      }),
    );
    const [marked] = await db
      .update(newsletterDeliveries)
      .set({ status: "sent", sentAt: now(), leaseUntil: null, lastError: null })
      .where(key)
      .returning({ status: newsletterDeliveries.status });
    if (!marked) {
      deps.logger.warn(
        { letterId: message.letterId, subscriberId: message.subscriberId },
        "a newsletter message took longer than its lease: another instance may have sent it too",
      );
    }
    return "sent" as const;
  } catch (error) {
    const outcome = outcomeOfFailure(error, message.attempts);
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const at = now();
    await db
      .update(newsletterDeliveries)
      .set({
        status: outcome === "retry" ? "waiting" : "failed",
        leaseUntil: null,
        lastError: reason,
        nextAttemptAt: new Date(at.getTime() + retryDelaySeconds(message.attempts) * 1000),
      })
      .where(key);
    if (outcome === "bouncing") {
      await db
        .update(newsletterSubscribers)
        .set({ status: "bouncing", bouncedAt: at })
        .where(eq(newsletterSubscribers.id, message.subscriberId));
    }
    deps.logger.warn({ err: error, letterId: message.letterId, outcome }, "a newsletter message was not sent");
    return outcome;
  }
}

/** The row as this claim holds it: not taken over by a later claim, nor skipped meanwhile. */
const heldByClaim = (message: ClaimedMessage) =>
  and(
    eq(newsletterDeliveries.letterId, message.letterId),
    eq(newsletterDeliveries.subscriberId, message.subscriberId),
    eq(newsletterDeliveries.attempts, message.attempts),
    eq(newsletterDeliveries.status, "waiting"),
  );

/** The heartbeat of a second's worth on its way: the claims still held get another lease from now. */
async function renewLeases(db: Database, messages: ClaimedMessage[]) {
  const leaseUntil = new Date(Date.now() + LEASE_SECONDS * 1000);
  // Only those still on their way: a sent or failed one's lease was ended by its outcome.
  await db
    .update(newsletterDeliveries)
    .set({ leaseUntil })
    .where(and(isNotNull(newsletterDeliveries.leaseUntil), or(...messages.map(heldByClaim))));
}

/** Letters with nothing left to send are done. */
export async function finishSentLetters(db: Database, now = new Date()) {
  const finished = await db
    .update(newsletterLetters)
    .set({ status: "sent", finishedAt: now })
    .where(
      and(
        eq(newsletterLetters.status, "sending"),
        sql`not exists (select 1 from newsletter_deliveries d where d.letter_id = ${newsletterLetters.id} and d.status = 'waiting')`,
      ),
    )
    .returning({ id: newsletterLetters.id });
  for (const { id } of finished) partsCache.delete(id);
  return finished.length;
}

/**
 * One turn of the send queue: starts the letters whose time has come, then sends a second's worth at a time,
 * at the set rate, for up to `forMs` (and at least one claim), and marks the letters that are done. Answers how
 * many were sent.
 */
export async function workTheSendQueue(
  deps: SendingDependencies,
  { forMs = 5000, clock = () => new Date(), signal }: { forMs?: number; clock?: () => Date; signal?: AbortSignal } = {},
) {
  // The turn's length is real time; `clock` is what the rows are stamped with (a test's may stand still).
  const started = performance.now();
  await startDueLetters(deps, clock());
  let sent = 0;
  // At least one claim a turn: on a stalled machine the time can be gone before the first, and the turn then sent
  // nothing at all.
  for (let claims = 0; !signal?.aborted && (claims === 0 || performance.now() - started < forMs); claims++) {
    const claim = await claimNextSecond(deps.db, clock());
    if ("wait" in claim) {
      if (performance.now() + claim.wait - started >= forMs) break;
      await new Promise((resolve) => setTimeout(resolve, claim.wait));
      continue;
    }
    // The whole second's worth at once: the bulk transport's pool sends them over its few connections, one after
    // another on each (handed one at a time, it pauses between them). A stopping server finishes this second's.
    let renewing: Promise<unknown> = Promise.resolve();
    const heartbeat = setInterval(
      () => {
        renewing = renewing.then(() => renewLeases(deps.db, claim.claimed)).catch(() => undefined);
      },
      (LEASE_SECONDS * 1000) / 3,
    ).unref();
    const outcomes = await Promise.all(claim.claimed.map((message) => deliverOne(deps, message, clock))).finally(
      async () => {
        clearInterval(heartbeat);
        await renewing;
      },
    );
    sent += outcomes.filter((outcome) => outcome === "sent").length;
    if (claim.all) break;
  }
  await finishSentLetters(deps.db, clock());
  return sent;
}

/** A letter's messages by state, for the admin's progress bar. */
export async function sendProgress(db: Database, letterId: string) {
  const rows = await db
    .select({ status: newsletterDeliveries.status, count: sql<number>`count(*)::int` })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.letterId, letterId))
    .groupBy(newsletterDeliveries.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { sent: of("sent"), waiting: of("waiting"), failed: of("failed"), skipped: of("skipped") };
}

/** Puts a letter's failed messages back in the queue ("Prøv igen"), except to addresses that bounce or left. */
export async function retryFailed(db: Database, letterId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const again = await tx
      .update(newsletterDeliveries)
      .set({ status: "waiting", attempts: 0, nextAttemptAt: now, lastError: null })
      .where(
        and(
          eq(newsletterDeliveries.letterId, letterId),
          eq(newsletterDeliveries.status, "failed"),
          inArray(
            newsletterDeliveries.subscriberId,
            tx
              .select({ id: newsletterSubscribers.id })
              .from(newsletterSubscribers)
              .where(eq(newsletterSubscribers.status, "subscribed")),
          ),
        ),
      )
      .returning({ id: newsletterDeliveries.subscriberId });
    if (again.length > 0) {
      await tx
        .update(newsletterLetters)
        .set({ status: "sending", finishedAt: null })
        .where(eq(newsletterLetters.id, letterId));
    }
    return again.length;
  });
}
