import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { ADMIN_ROLE, twoFactors, users } from "~/db/schema";
import type { Auth } from "./auth.server";

export const DEMO_ADMIN_EMAIL = "admin@scene.local";

/**
 * Makes the account with this address an admin that signs in with this password, and says what it did:
 * - "created": no account had the address; the new one is verified, so no e-mail goes out.
 * - "taken-over": an account that is not an admin had the address (anyone can sign one up): its password
 *   becomes this one, its sessions and second factor go, and it is verified, unbanned and made an admin.
 * - "already-admin": left as it is, so a restart neither resets the admin's own password nor signs them out.
 */
export async function ensureAdmin(
  db: Database,
  auth: Auth,
  account: { email: string; password: string; name?: string },
): Promise<"created" | "taken-over" | "already-admin"> {
  const email = account.email.toLowerCase();
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (existing?.role === ADMIN_ROLE) return "already-admin";

  const context = await auth.$context;
  const passwordHash = await context.password.hash(account.password);
  if (!existing) {
    const user = await context.internalAdapter.createUser(
      { email, name: account.name ?? "Administrator", emailVerified: true, role: ADMIN_ROLE },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: passwordHash,
    });
    return "created";
  }

  // The role comes last: until it is set, a start that stopped half-way does it all again.
  await context.internalAdapter.deleteUserSessions(existing.id);
  if (await context.internalAdapter.findCredentialAccount(existing.id)) {
    await context.internalAdapter.updatePassword(existing.id, passwordHash);
  } else {
    await context.internalAdapter.linkAccount({
      userId: existing.id,
      providerId: "credential",
      accountId: existing.id,
      password: passwordHash,
    });
  }
  await db.delete(twoFactors).where(eq(twoFactors.userId, existing.id));
  await context.internalAdapter.updateUser(existing.id, {
    emailVerified: true,
    twoFactorEnabled: false,
    banned: false,
    banReason: null,
    banExpires: null,
    role: ADMIN_ROLE,
  });
  return "taken-over";
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
    const email = options.email.toLowerCase();
    const result = await ensureAdmin(db, auth, { email, password: options.password });
    if (result === "taken-over") {
      options.logger.warn(
        { email },
        "ADMIN_EMAIL belonged to an account that was not an admin: its password is now ADMIN_PASSWORD, its sessions and second factor are removed, and it is a verified admin",
      );
    } else {
      options.logger.info({ email, result }, "admin account ready");
    }
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
