import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { ADMIN_ROLE, users } from "~/db/schema";
import type { Auth } from "./auth.server";

export const DEMO_ADMIN_EMAIL = "admin@scene.local";

/**
 * Creates the account (verified, so no e-mail goes out) unless it exists, then makes it an admin.
 * Safe to run at every start.
 */
export async function ensureAdmin(
  db: Database,
  auth: Auth,
  account: { email: string; password: string; name?: string },
) {
  const email = account.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!existing) {
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser(
      { email, name: account.name ?? "Administrator", emailVerified: true },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(account.password),
    });
  }
  await db.update(users).set({ role: ADMIN_ROLE, emailVerified: true }).where(eq(users.email, email));
  return existing ? "promoted" : "created";
}

async function hasAdmin(db: Database) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, ADMIN_ROLE)).limit(1);
  return Boolean(admin);
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD make that account an admin. Without them, a development start with no admin
 * creates a demo admin and prints its password once; a production start with no admin only warns.
 */
export async function bootstrapAdmin(
  db: Database,
  auth: Auth,
  options: { email?: string; password?: string; development: boolean; logger: Logger },
) {
  if (options.email && options.password) {
    const result = await ensureAdmin(db, auth, { email: options.email, password: options.password });
    options.logger.info({ email: options.email.toLowerCase(), result }, "admin account ready");
    return;
  }
  if (await hasAdmin(db)) return;
  if (!options.development) {
    options.logger.warn("There is no admin account: set ADMIN_EMAIL and ADMIN_PASSWORD and restart");
    return;
  }
  const password = randomBytes(12).toString("base64url");
  await ensureAdmin(db, auth, { email: DEMO_ADMIN_EMAIL, password, name: "Demo-administrator" });
  console.warn(`\n  Demo admin created (shown once): ${DEMO_ADMIN_EMAIL} / ${password}\n`);
}
