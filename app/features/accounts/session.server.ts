import { data, redirect, type RouterContextProvider } from "react-router";
import { ADMIN_ROLE } from "~/db/schema";
import { requestContext } from "~/lib/request-context";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from "./auth.server";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
}

interface SessionRead {
  user: SessionUser | null;
  /** Set-Cookie headers better-auth gave with the answer (a renewed cookie cache), for the response. */
  setCookies: string[];
  /** When the session itself ends. */
  sessionExpiresAt?: number;
}

const sessionOf = new WeakMap<Request, Promise<SessionRead>>();
const checkedSessionOf = new WeakMap<Request, Promise<SessionRead>>();

/**
 * The signed-in user of this request, or null. Only the fields the app needs leave this function. Read once
 * per request: the route guard, the root loader and the route's own loader all ask. Usually from better-auth's
 * signed cookie cache, without a query: a session revoked elsewhere is noticed within `SESSION_CACHE_SECONDS`.
 */
export async function getSessionUser(auth: Auth, request: Request): Promise<SessionUser | null> {
  return (await sessionRead(auth, request)).user;
}

function sessionRead(auth: Auth, request: Request) {
  let read = checkedSessionOf.get(request) ?? sessionOf.get(request);
  if (!read) {
    read = readSessionThroughCookieCache(auth, request);
    sessionOf.set(request, read);
  }
  return read;
}

/** The same, asked of the database whatever the cookie cache says: for admin rights, which must end at once. */
async function getCheckedSessionUser(auth: Auth, request: Request): Promise<SessionUser | null> {
  let read = checkedSessionOf.get(request);
  if (!read) {
    read = readSession(auth, request, true);
    checkedSessionOf.set(request, read);
  }
  return (await read).user;
}

/**
 * The Set-Cookie headers of this request's session read (better-auth renews the cookie cache when it has run
 * out), for the root middleware to send; none when the session was not read.
 */
export async function sessionSetCookies(request: Request): Promise<string[]> {
  const reads = [sessionOf.get(request), checkedSessionOf.get(request)].filter((read) => read !== undefined);
  return (await Promise.all(reads)).flatMap((read) => read.setCookies);
}

/**
 * Sessions better-auth has read from a valid cookie cache, by the Cookie header that carried them, until the cache
 * runs out. The same cookies give the same answer until then (better-auth checks the signature and the expiry,
 * and with a database it renews nothing in between), so a signed-in user's next requests skip the HMAC checks and
 * better-auth's endpoint machinery: about a millisecond of CPU per request. Nothing here outlives the cookie
 * cache itself, so a session revoked elsewhere still ends within `SESSION_CACHE_SECONDS`.
 */
const verifiedCookieCaches = new WeakMap<Auth, Map<string, { read: SessionRead; validUntil: number }>>();
const VERIFIED_COOKIE_CACHES_MAX = 10_000;

async function readSessionThroughCookieCache(auth: Auth, request: Request): Promise<SessionRead> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return readSession(auth, request, false);
  let verified = verifiedCookieCaches.get(auth);
  if (!verified) verifiedCookieCaches.set(auth, (verified = new Map()));
  const now = Date.now();
  // Known cookies are looked up before the cookie cache is decoded: most requests of a signed-in user end here.
  const known = verified.get(cookie);
  if (known && known.validUntil > now) return known.read;
  if (known) verified.delete(cookie);
  const cacheExpiresAt = cookieCacheExpiry(cookie);
  if (cacheExpiresAt === null) return readSession(auth, request, false);
  const read = await readSession(auth, request, false);
  // No Set-Cookie: better-auth trusted the cookie cache as it is (after a database read it sends a new one).
  if (read.user && read.setCookies.length === 0 && cacheExpiresAt > now) {
    if (verified.size >= VERIFIED_COOKIE_CACHES_MAX) {
      for (const [key, entry] of verified) if (entry.validUntil <= now) verified.delete(key);
      if (verified.size >= VERIFIED_COOKIE_CACHES_MAX) verified.delete(verified.keys().next().value!);
    }
    verified.set(cookie, { read, validUntil: Math.min(cacheExpiresAt, read.sessionExpiresAt ?? cacheExpiresAt) });
  }
  return read;
}

/**
 * When the cookie cache in this Cookie header runs out, as the cookie says; null without one. Unverified, and
 * only used for an entry whose cookies better-auth has verified.
 */
function cookieCacheExpiry(cookie: string): number | null {
  const value = /(?:^|;\s*)(?:__Secure-)?scene\.session_data=([^;]+)/.exec(cookie)?.[1];
  if (!value) return null;
  try {
    const { expiresAt } = JSON.parse(Buffer.from(decodeURIComponent(value), "base64url").toString("utf8")) as {
      expiresAt?: unknown;
    };
    return typeof expiresAt === "number" ? expiresAt : null;
  } catch {
    return null;
  }
}

async function readSession(auth: Auth, request: Request, disableCookieCache: boolean): Promise<SessionRead> {
  const { headers, response: session } = await auth.api.getSession({
    headers: request.headers,
    query: disableCookieCache ? { disableCookieCache: true } : {},
    returnHeaders: true,
  });
  const setCookies = headers.getSetCookie();
  if (!session) return { user: null, setCookies };
  const { id, name, email, emailVerified, role, twoFactorEnabled } = session.user as typeof session.user & {
    role?: string | null;
    twoFactorEnabled?: boolean | null;
  };
  return {
    sessionExpiresAt: new Date(session.session.expiresAt).getTime(),
    user: {
      id,
      name,
      email,
      emailVerified,
      isAdmin: role === ADMIN_ROLE,
      twoFactorEnabled: twoFactorEnabled ?? false,
    },
    setCookies,
  };
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

/** For every admin loader and action: a visitor goes to the login page, a signed-in non-admin gets 403. */
export async function requireAdmin(
  auth: Auth,
  request: Request,
  url: URL = new URL(request.url),
): Promise<SessionUser> {
  // Not from the cookie cache: a revoked session, a disabled account or a role taken away ends admin work at once.
  const user = await getCheckedSessionUser(auth, request);
  if (!user) throw redirect(loginPath(safeRedirectPath(`${url.pathname}${url.search}`)));
  if (!user.isAdmin) throw data({ reason: "not-admin" }, { status: 403 });
  return user;
}

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
) {
  const baseURL = auth.options.baseURL as string;
  const headers = new Headers({ origin: baseURL, [CLIENT_IP_HEADER]: context.get(requestContext).clientIp });
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
