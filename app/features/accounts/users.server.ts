import { asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ADMIN_ROLE, DOOR_ROLE, profiles, sessions, users } from "~/db/schema";

export const USERS_PAGE_SIZE = 20;

/** One page of users for the admin, searched by name or e-mail, sorted by name or last login. */
export async function listUsers(
  db: Database,
  options: { query: string; page: number; sort: "name" | "lastLogin"; descending: boolean },
) {
  const pattern = `%${options.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = options.query ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  // Who never signed in comes first going up and last going down; names are never null.
  const key = options.sort === "name" ? sql`lower(${users.name})` : profiles.lastLoginAt;
  const order = options.descending ? sql`${key} desc nulls last` : sql`${key} asc nulls first`;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        banned: users.banned,
        lastLoginAt: profiles.lastLoginAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((options.page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(({ role, banned, ...row }) => ({
      ...row,
      isAdmin: role === ADMIN_ROLE,
      isDoorStaff: role === DOOR_ROLE,
      disabled: banned,
    })),
    total: total?.n ?? 0,
  };
}

export class SelfChangeError extends Error {}

const roles = { user: "user", admin: ADMIN_ROLE, door: DOOR_ROLE } as const;

/**
 * Gives a user one role: plain user, administrator or door staff (dørpersonale, issue 36). An admin cannot change
 * their own, so the site always keeps one.
 */
export async function setRole(db: Database, actorId: string, userId: string, role: keyof typeof roles) {
  if (actorId === userId && role !== "admin") {
    throw new SelfChangeError("Du kan ikke fjerne din egen administratorrolle.");
  }
  await db.update(users).set({ role: roles[role] }).where(eq(users.id, userId));
}

/** Disables an account and ends its sessions at once, or enables it again. */
export async function setDisabled(db: Database, actorId: string, userId: string, disabled: boolean) {
  if (disabled && actorId === userId) throw new SelfChangeError("Du kan ikke spærre din egen konto.");
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ banned: disabled, banReason: disabled ? "Spærret af en administrator" : null })
      .where(eq(users.id, userId));
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
