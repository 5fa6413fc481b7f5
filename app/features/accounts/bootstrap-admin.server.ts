import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { ADMIN_ROLE, calendarFeeds, twoFactors, users } from "~/db/schema";
import type { Auth } from "./auth.server";
import { forgetSetupToken, hasAdmin, setupLink, setupToken } from "./site-claim.server";

export const DEMO_ADMIN_EMAIL = "admin@scene.local";

/**
 * Makes the account with this address an admin that signs in with this password, and says what it did:
 * - "created": no account had the address; the new one is verified, so no e-mail goes out.
 * - "taken-over": an account that is not an admin had the address (anyone can sign one up): its password
 *   becomes this one, its sessions, second factor and calendar feed address go (the owner's is made anew on first
 *   use), and it is verified, unbanned and made an admin.
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
  const linkPassword = (userId: string) =>
    context.internalAdapter.linkAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: passwordHash,
    });
  if (!existing) {
    const user = await context.internalAdapter.createUser(
      { email, name: account.name ?? "Administrator", emailVerified: true, role: ADMIN_ROLE },
      { method: "admin" },
    );
    await linkPassword(user.id);
    return "created";
  }

  // The role comes last: until it is set, a start that stopped half-way does it all again.
  await context.internalAdapter.deleteUserSessions(existing.id);
  if (await context.internalAdapter.findCredentialAccount(existing.id)) {
    await context.internalAdapter.updatePassword(existing.id, passwordHash);
  } else {
    await linkPassword(existing.id);
  }
  await db.delete(twoFactors).where(eq(twoFactors.userId, existing.id));
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, existing.id));
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

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD make that account an admin (for automated deployments; no set-up link then).
 * Without them, a development start with no admin creates a demo admin and prints its password once; any other
 * start with no admin prints the set-up link where the owner creates the admin account (decision 018), the same
 * link at every start and on every instance until an admin exists.
 */
export async function bootstrapAdmin(
  db: Database,
  auth: Auth,
  options: {
    email?: string;
    password?: string;
    development: boolean;
    logger: Logger;
    /** Where the set-up link points: PUBLIC_URL, by default the loopback address and port. */
    publicUrl: string;
  },
) {
  if (options.email && options.password) {
    const email = options.email.toLowerCase();
    const result = await ensureAdmin(db, auth, { email, password: options.password });
    if (result === "taken-over") {
      options.logger.warn(
        { email },
        "ADMIN_EMAIL belonged to an account that was not an admin: its password is now ADMIN_PASSWORD, its sessions, second factor and calendar feed address are removed, and it is a verified admin",
      );
    } else {
      options.logger.info({ email, result }, "admin account ready");
    }
    await forgetSetupToken(db);
    return;
  }
  if (!options.development) {
    const token = await setupToken(db);
    if (token === null) return;
    const url = setupLink(options.publicUrl, token);
    options.logger.warn({ url }, "There is no admin account yet: open the set-up link to create it");
    // On stdout as well, plainly, whatever the log level and format: the owner's first minute starts here.
    process.stdout.write(
      `\n  No admin yet. Create the admin account here (the link works until an admin exists):\n\n    ${url}\n\n`,
    );
    return;
  }
  if (await hasAdmin(db)) return;
  const password = randomBytes(12).toString("base64url");
  await ensureAdmin(db, auth, { email: DEMO_ADMIN_EMAIL, password, name: "Demo-administrator" });
  console.warn(`\n  Demo admin created (shown once): ${DEMO_ADMIN_EMAIL} / ${password}\n`);
}
