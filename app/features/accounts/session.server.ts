import { and, eq, gt, sql } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { preparedPerDatabase } from "~/db/database";
import { ADMIN_ROLE, DOOR_ROLE, sessions, users } from "~/db/schema";
import { requestContext } from "~/lib/request-context";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, SESSION_CACHE_SECONDS, type Auth } from "./auth.server";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  /** Door staff, or an admin: may check tickets in at `/indgang` (issue 36). */
  isDoorStaff: boolean;
  twoFactorEnabled: boolean;
}

interface SessionRead {
  user: SessionUser | null;
  /** Set-Cookie headers better-auth gave with the answer (a renewed cookie cache), for the response. */
  setCookies: string[];
}

const sessionOf = new WeakMap<Request, Promise<SessionRead>>();

/**
 * The signed-in user of this request, or null: the one reader of who is signed in and of admin rights (decision
 * 027), which every door asks: the route guard, `requireUser`/`requireAdmin`, the upload permission before a body
 * is read, the draft preview, the root loader. better-auth checks the signed cookies, from its cookie cache without
 * a query; then one query confirms that the session still stands and reads the account as it is now, role
 * included. Signing out elsewhere, disabling, deleting, demoting or taking the address back (`ADMIN_EMAIL`) ends
 * what the old cookies may do on their next request. Read once per request.
 */
export async function getSessionUser(auth: Auth, request: Request): Promise<SessionUser | null> {
  const read = sessionOf.get(request) ?? readSession(auth, request);
  sessionOf.set(request, read);
  return (await read).user;
}

/**
 * The Set-Cookie headers of this request's session read (better-auth renews the cookie cache when it has run
 * out), for the root middleware to send; none when the session was not read.
 */
export async function sessionSetCookies(request: Request): Promise<string[]> {
  return (await sessionOf.get(request))?.setCookies ?? [];
}

/**
 * The account behind a session that stands: not signed out or revoked, not expired, not disabled. Every signed-in
 * request asks it, so it is a prepared statement.
 */
const standingSessionUser = preparedPerDatabase((db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, sql`now()`), eq(users.banned, false)),
    )
    .prepare("standing_session_user"),
);

async function readSession(auth: Auth, request: Request): Promise<SessionRead> {
  const { sessionId, setCookies } = await signedSession(auth, request);
  if (!sessionId) return { user: null, setCookies };
  const [row] = await standingSessionUser(auth.db).execute({ sessionId });
  if (!row) return { user: null, setCookies };
  const { role, ...user } = row;
  return {
    user: { ...user, isAdmin: role === ADMIN_ROLE, isDoorStaff: role === ADMIN_ROLE || role === DOOR_ROLE },
    setCookies,
  };
}

/**
 * Session ids better-auth has read from a valid cookie cache, by the Cookie header that carried them, for the
 * cache's lifetime. The same cookies give the same answer meanwhile (better-auth checks the signature and the
 * expiry, and with a database it renews nothing in between), so a signed-in user's next requests skip the HMAC
 * checks and better-auth's endpoint machinery: about a millisecond of CPU per request. A browser drops the copy
 * when it runs out, so its next Cookie header is new and better-auth reads it. Whether the session still stands
 * is asked of the database for every request all the same (`readSession`).
 */
const verifiedCookieCaches = new WeakMap<Auth, Map<string, { sessionId: string; validUntil: number }>>();
const VERIFIED_COOKIE_CACHES_MAX = 10_000;

async function signedSession(auth: Auth, request: Request): Promise<{ sessionId?: string; setCookies: string[] }> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !hasSessionCookie(cookie)) return { setCookies: [] };
  let verified = verifiedCookieCaches.get(auth);
  if (!verified) verifiedCookieCaches.set(auth, (verified = new Map()));
  const now = Date.now();
  // Most requests of a signed-in user end here.
  const known = verified.get(cookie);
  if (known && known.validUntil > now) return { sessionId: known.sessionId, setCookies: [] };
  if (known) verified.delete(cookie);
  const { headers, response: session } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!session) return { setCookies };
  const sessionId = session.session.id;
  // No Set-Cookie: better-auth trusted the cookie cache as it is (after a database read it sends a new one).
  if (setCookies.length === 0) {
    if (verified.size >= VERIFIED_COOKIE_CACHES_MAX) {
      for (const [key, entry] of verified) if (entry.validUntil <= now) verified.delete(key);
      if (verified.size >= VERIFIED_COOKIE_CACHES_MAX) verified.delete(verified.keys().next().value!);
    }
    verified.set(cookie, { sessionId, validUntil: now + SESSION_CACHE_SECONDS * 1000 });
  }
  return { sessionId, setCookies };
}

export function loginPath(returnTo: string) {
  return returnTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: returnTo })}`;
}

/** For every page and action that needs a user: a visitor is sent to the login page and back. */
export async function requireUser(auth: Auth, request: Request, url: URL = new URL(request.url)): Promise<SessionUser> {
  const user = await getSessionUser(auth, request);
  if (!user) throw redirect(loginPath(safeRedirectPath(`${url.pathname}${url.search}`)));
  return user;
}

/** `requireUser`, and 403 (with `reason`) for a signed-in user who is not `allowed`. */
const requireUserWho =
  (allowed: (user: SessionUser) => boolean, reason: string) =>
  async (auth: Auth, request: Request, url: URL = new URL(request.url)): Promise<SessionUser> => {
    const user = await requireUser(auth, request, url);
    if (!allowed(user)) throw data({ reason }, { status: 403 });
    return user;
  };

/** For every admin loader and action: a visitor goes to the login page, a signed-in non-admin gets 403. */
export const requireAdmin = requireUserWho((user) => user.isAdmin, "not-admin");

/** For the door's page and its check-ins: door staff and admins; anyone else signed in gets 403. */
export const requireDoorStaff = requireUserWho((user) => user.isDoorStaff, "not-door-staff");

/**
 * Calls better-auth's own HTTP endpoint from a route action, so its rate limits, hooks and cookie
 * handling apply exactly as for a browser. The caller's cookies and address go along; the answer's
 * Set-Cookie headers are for the caller to pass on.
 */
export async function callAuth(
  auth: Auth,
  request: Request,
  context: Readonly<RouterContextProvider>,
  endpoint: string,
  body?: Record<string, unknown>,
  extraHeaders: Record<string, string> = {},
) {
  const baseURL = auth.options.baseURL as string;
  const headers = new Headers({
    ...extraHeaders,
    origin: baseURL,
    [CLIENT_IP_HEADER]: context.get(requestContext).clientIp,
  });
  for (const name of ["cookie", "user-agent", "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (body) headers.set("content-type", "application/json");
  const response = await auth.handler(
    new Request(`${baseURL}${AUTH_BASE_PATH}${endpoint}`, {
      method: body ? "POST" : "GET",
      headers,
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  const payload: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code = typeof payload === "object" && payload !== null && "code" in payload ? String(payload.code) : undefined;
  return { ok: response.ok, status: response.status, code, payload, setCookies: response.headers.getSetCookie() };
}

export function withCookies(setCookies: string[], init: Headers = new Headers()) {
  for (const cookie of setCookies) init.append("Set-Cookie", cookie);
  return init;
}

/** Whether a request carries a session cookie (signed-in pages must never be stored by a cache). */
export function hasSessionCookie(cookieHeader: string | null) {
  return /(?:^|;\s*)(?:__Secure-)?scene\.session_token=/.test(cookieHeader ?? "");
}
