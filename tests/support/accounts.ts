import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ADMIN_ROLE, users } from "~/db/schema";
import type { Auth } from "~/features/accounts/auth.server";
import { action as authApiAction } from "~/routes/api.auth";
import { routeArgs } from "./route-args";

export const TEST_PUBLIC_URL = "http://localhost";
export const TEST_SECRET = "test-secret-that-is-long-enough-for-better-auth";

/** The Cookie header a browser would send after receiving these Set-Cookie headers. */
export function cookieHeader(setCookies: string[]) {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

let lastClientAddress = 0;

/** A client address no other request in this process has used, so per-address limits start from zero. */
export function freshClientAddress() {
  lastClientAddress += 1;
  return `10.${(lastClientAddress >> 16) & 255}.${(lastClientAddress >> 8) & 255}.${lastClientAddress & 255}`;
}

/** A request to /api/auth/* as a script would send it, through the app's own route for that path. */
export async function callAuthApi(
  path: string,
  body: Record<string, unknown>,
  { cookie, clientIp = freshClientAddress() }: { cookie?: string; clientIp?: string } = {},
) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: TEST_PUBLIC_URL });
  if (cookie) headers.set("Cookie", cookie);
  return authApiAction(
    routeArgs(`/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body), clientIp }),
  );
}

/**
 * Signs a new user up through better-auth's API and opens the link of their verification e-mail, which
 * signs them in; returns their id and session cookie.
 */
export async function signUpUser(auth: Auth, user: { name: string; email: string; password: string }) {
  const { user: created } = await auth.api.signUpEmail({ body: user });
  const token = await createEmailVerificationToken(TEST_SECRET, created.email, undefined, undefined, {
    userId: created.id,
  });
  const verified = await auth.api.verifyEmail({ query: { token }, asResponse: true });
  return { id: created.id, cookie: cookieHeader(verified.headers.getSetCookie()) };
}

/** Signs up "Chef" and makes them admin (role `kab-webadmin`); returns their session cookie. */
export async function signUpAdmin(auth: Auth, db: Database) {
  const admin = await signUpUser(auth, { name: "Chef", email: "chef@example.dk", password: "Havnen-2026-kaj" });
  await db.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, admin.id));
  return admin.cookie;
}
