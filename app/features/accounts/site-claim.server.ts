import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Database } from "~/db/client.server";
import { ADMIN_ROLE, siteClaim, users } from "~/db/schema";
import type { Auth } from "./auth.server";

/**
 * Claiming the site (decision 018): a start with no admin prints `/opsaetning/<token>`, where the owner creates
 * the admin account. The token stays in the database, the same on every instance and at every start, until the
 * transaction that makes the first admin deletes it.
 */
export const SETUP_PATH = "/opsaetning";

export function setupLink(publicUrl: string, token: string) {
  return `${publicUrl}${SETUP_PATH}/${token}`;
}

export async function hasAdmin(db: Pick<Database, "select">) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, ADMIN_ROLE)).limit(1);
  return admin !== undefined;
}

function sameToken(stored: string, given: string) {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The set-up token while the site has no admin: the one stored, or a new one (32 random bytes, base64url) when
 * none is. Instances starting at once agree on the first one written. Null once an admin exists, and then no
 * token is left behind.
 */
export async function setupToken(db: Database): Promise<string | null> {
  if (await hasAdmin(db)) {
    await forgetSetupToken(db);
    return null;
  }
  await db
    .insert(siteClaim)
    .values({ token: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ token: siteClaim.token }).from(siteClaim);
  return row?.token ?? null;
}

/** No set-up link any more: an admin was made another way (ADMIN_EMAIL). */
export async function forgetSetupToken(db: Database) {
  await db.delete(siteClaim);
}

/** What a set-up link is now: open, used (an admin exists, whatever the token), or not one we gave out. */
export async function setupLinkState(db: Database, token: string): Promise<"open" | "claimed" | "unknown"> {
  if (await hasAdmin(db)) return "claimed";
  const [row] = await db.select({ token: siteClaim.token }).from(siteClaim);
  return row && sameToken(row.token, token) ? "open" : "unknown";
}

export type ClaimResult =
  | { ok: true; userId: string }
  | { ok: false; reason: "claimed" | "unknown" | "email-taken" }
  /** better-auth's account rules refused the name or password (its before hook), with their Danish message. */
  | { ok: false; reason: "refused"; code: string | undefined; message: string };

/**
 * Creates the first admin through the link. The account is made by better-auth (its admin endpoint, so the
 * password and name rules of its before hook apply as to every other account) as an ordinary, verified user;
 * then one transaction takes the token row, checks that there is still no admin and makes this user the admin.
 * Of two claims at once, the second waits for the row and finds it gone: exactly one admin, and the loser's new
 * account is removed again.
 */
export async function claimSite(
  { db, auth }: { db: Database; auth: Auth },
  token: string,
  account: { name: string; email: string; password: string },
): Promise<ClaimResult> {
  const state = await setupLinkState(db, token);
  if (state !== "open") return { ok: false, reason: state };

  let userId: string;
  try {
    const { user } = await auth.api.createUser({
      body: { name: account.name, email: account.email, password: account.password, data: { emailVerified: true } },
    });
    userId = user.id;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = typeof error.body?.code === "string" ? error.body.code : undefined;
    if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return { ok: false, reason: "email-taken" };
    return { ok: false, reason: "refused", code, message: error.body?.message ?? error.message };
  }

  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx.select({ token: siteClaim.token }).from(siteClaim).for("update");
    if (!row || !sameToken(row.token, token) || (await hasAdmin(tx))) return false;
    await tx.delete(siteClaim);
    await tx.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, userId));
    return true;
  });
  if (claimed) return { ok: true, userId };
  await db.delete(users).where(eq(users.id, userId));
  return { ok: false, reason: "claimed" };
}
