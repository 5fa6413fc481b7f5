import pino from "pino";
import type { Database } from "~/db/client.server";
import { createAuth, setAuth, type Auth } from "~/features/accounts/auth.server";
import type { MailMessage } from "~/features/email/mailer.server";

export const TEST_PUBLIC_URL = "http://localhost";

/** better-auth on the given test database, with a mailer that keeps what it "sends". */
export function setUpAccounts(db: Database): { auth: Auth; sentMail: MailMessage[] } {
  const sentMail: MailMessage[] = [];
  const auth = createAuth({
    db,
    secret: "test-secret-that-is-long-enough-for-better-auth",
    publicUrl: TEST_PUBLIC_URL,
    siteName: "Havnescenen",
    mailer: { send: async (message) => void sentMail.push(message) },
    logger: pino({ level: "silent" }),
  });
  setAuth(auth);
  return { auth, sentMail };
}

/** The Cookie header a browser would send after receiving these Set-Cookie headers. */
export function cookieHeader(setCookies: string[]) {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** Signs a new user up through better-auth's API and returns their id and session cookie. */
export async function signUpUser(auth: Auth, user: { name: string; email: string; password: string }) {
  const response = await auth.api.signUpEmail({ body: user, asResponse: true });
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, cookie: cookieHeader(response.headers.getSetCookie()) };
}
