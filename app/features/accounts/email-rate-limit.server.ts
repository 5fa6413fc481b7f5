import { randomUUID } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

/**
 * better-auth limits each client address; this limits each e-mail address across all clients, so guessing
 * one account's password from many machines is slowed too, and so is filling one inbox. Same table, keys
 * prefixed "email:". Counted in better-auth's hook (auth-rules.server.ts), so every door counts.
 */
export const emailLimits = {
  "sign-in": { windowSeconds: 60, max: 10 },
  "sign-in-code": { windowSeconds: 60, max: 5 },
  "password-reset": { windowSeconds: 60, max: 3 },
  "sign-up": { windowSeconds: 60, max: 3 },
} as const;

export type EmailLimitedAction = keyof typeof emailLimits;

/** Counts one attempt and says whether it is within the limit. One statement, so concurrent attempts all count. */
export function allowEmailAttempt(db: Database, action: EmailLimitedAction, email: string, now = Date.now()) {
  return allowAttempt(db, `email:${action}:${email.toLowerCase()}`, emailLimits[action], now);
}

/**
 * Counts one attempt under `key` in a window of `windowSeconds` and says whether it is within `max`: the one
 * counter of the rate_limits table, for e-mail addresses here and, say, ticket holds per client address.
 */
export async function allowAttempt(
  db: Database,
  key: string,
  { windowSeconds, max }: { windowSeconds: number; max: number },
  now = Date.now(),
) {
  const windowStart = now - windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= max;
}

/** Every limit's window is an hour or less: a day after its last attempt, a counter (and the address in its key) goes. */
const KEEP_COUNTERS_MS = 24 * 60 * 60 * 1000;

/** Deletes the counters no window needs any more (the job `rate-limit-pruning`). */
export async function pruneRateLimits(db: Database, now = Date.now()) {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, now - KEEP_COUNTERS_MS))
    .returning({ key: rateLimits.key });
  return removed.length;
}
