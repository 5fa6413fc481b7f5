import { makeSignature } from "better-auth/crypto";
import { ADMIN_ROLE, DOOR_ROLE } from "~/db/schema";
import type { Auth } from "./auth.server";

/**
 * For the end-to-end tests' planted sessions (routes/test-session.ts, loopback only): finds or creates a
 * verified account with the role and opens a real session through better-auth's own adapter, whose hooks
 * run as for a sign-in; returns the session cookie signed with the server's secret.
 */
export async function openTestSession(
  auth: Auth,
  { email, name, role }: { email: string; name: string; role: "user" | "admin" | "door" },
) {
  const context = await auth.$context;
  const roleName = role === "admin" ? ADMIN_ROLE : role === "door" ? DOOR_ROLE : "user";
  const existing = await context.internalAdapter.findUserByEmail(email);
  if (existing) await context.internalAdapter.updateUser(existing.user.id, { role: roleName });
  const { id: userId } = existing
    ? existing.user
    : await context.internalAdapter.createUser(
        { email, name, emailVerified: true, role: roleName },
        { method: "admin" },
      );
  const session = await context.internalAdapter.createSession(userId);
  return {
    userId,
    cookie: {
      name: context.authCookies.sessionToken.name,
      value: `${session.token}.${await makeSignature(session.token, context.secret)}`,
      expires: Math.floor(session.expiresAt.getTime() / 1000),
    },
  };
}
