import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, users } from "~/db/schema";

/**
 * Spec §4: the first sign-in creates the profile; every later one updates it with the latest login data
 * (name and e-mail as the account has them now, and the time). One statement, so it cannot race itself.
 */
export async function recordSignIn(db: Database, userId: string) {
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const now = new Date();
  await db
    .insert(profiles)
    .values({ userId, name: user.name, email: user.email, lastLoginAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { name: user.name, email: user.email, lastLoginAt: now, updatedAt: sql`now()` },
    });
}

/** Keeps the profile's copy of name and e-mail equal to the account's after a change. */
export async function syncProfileIdentity(db: Database, userId: string) {
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (user) await db.update(profiles).set(user).where(eq(profiles.userId, userId));
}

export interface Profile {
  userId: string;
  name: string;
  email: string;
  lastLoginAt: Date;
  updatedAt: Date;
  avatarUrl: string | null;
  address: string | null;
  phone: string | null;
}

export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const [profile] = await db
    .select({
      userId: profiles.userId,
      name: profiles.name,
      email: profiles.email,
      lastLoginAt: profiles.lastLoginAt,
      updatedAt: profiles.updatedAt,
      avatarUrl: profiles.avatarUrl,
      address: profiles.address,
      phone: profiles.phone,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return profile ?? null;
}

export async function updateContactDetails(db: Database, userId: string, details: { address: string; phone: string }) {
  await db.update(profiles).set(details).where(eq(profiles.userId, userId));
}
