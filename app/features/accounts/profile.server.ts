import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, sessions, users } from "~/db/schema";
import { publicFileUrl } from "~/features/storage/storage";

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
      avatarKey: profiles.avatarKey,
      address: profiles.address,
      phone: profiles.phone,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile) return null;
  const { avatarKey, ...rest } = profile;
  return { ...rest, avatarUrl: avatarKey ? publicFileUrl(avatarKey) : null };
}

/**
 * Applies what a user may change about themselves. The name is the account's (the profile keeps a copy), so it
 * changes there and is copied from there. `createMissing` first makes a missing profile from the account, as
 * the sign-in does, with the latest sign-in the server knows of.
 */
export async function changeProfile(
  db: Database,
  userId: string,
  changes: { name?: string; address?: string | null; phone?: string | null },
  { createMissing = false } = {},
) {
  await db.transaction(async (tx) => {
    if (createMissing) {
      await tx.execute(sql`
        insert into ${profiles} (user_id, name, email, last_login_at)
        select ${users.id}, ${users.name}, ${users.email},
          coalesce((select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id}), ${users.createdAt})
        from ${users} where ${users.id} = ${userId}
        on conflict (user_id) do nothing`);
    }
    if (changes.name !== undefined) {
      await tx.update(users).set({ name: changes.name, updatedAt: new Date() }).where(eq(users.id, userId));
      await syncProfileIdentity(tx, userId);
    }
    const details = {
      ...(changes.address != null ? { address: changes.address } : {}),
      ...(changes.phone != null ? { phone: changes.phone } : {}),
    };
    if (Object.keys(details).length > 0) await tx.update(profiles).set(details).where(eq(profiles.userId, userId));
  });
}
