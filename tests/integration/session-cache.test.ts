import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_ROLE, sessions, users } from "~/db/schema";
import { SESSION_CACHE_SECONDS, type Auth } from "~/features/accounts/auth.server";
import { getSessionUser, requireAdmin, sessionSetCookies, type SessionUser } from "~/features/accounts/session.server";
import { setDisabled } from "~/features/accounts/users.server";
import { signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

/** A fresh request, as each page view is (the session is read once per request). */
const requestWith = (cookie: string, path = "/reservation") =>
  new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });

/** The cookies with the cookie cache's expiry pushed an hour later, its signature left as it was. */
function withStretchedCookieCache(cookie: string) {
  return cookie.replace(/scene\.session_data=([^;]+)/, (_, value: string) => {
    const payload = JSON.parse(Buffer.from(value, "base64url").toString()) as { expiresAt: number };
    const stretched = { ...payload, expiresAt: payload.expiresAt + 3_600_000 };
    return `scene.session_data=${Buffer.from(JSON.stringify(stretched)).toString("base64url")}`;
  });
}

/** Moves the clock (Date only; timers and the database's own clock are untouched) past the cookie cache's life. */
function afterCacheLifetime() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + (SESSION_CACHE_SECONDS + 1) * 1000);
}

describe.each(databaseKinds)("the session and its cookie cache on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;
  let people = 0;
  const sessionUserOf = (cookie: string) => getSessionUser(auth, requestWith(cookie));

  async function signedIn() {
    people += 1;
    return signUpUser(auth, { name: `Gæst ${people}`, email: `gaest${people}@example.dk`, password: "Kajen-2026-sol" });
  }

  /** Signs the user out everywhere, as a password reset or the admin does: the session rows are gone. */
  const revokeSessions = (userId: string) => database.db.delete(sessions).where(eq(sessions.userId, userId));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    auth = testCollaborators(database).auth;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("signs in with a signed copy of the session that lives SESSION_CACHE_SECONDS", async () => {
    const { cookie } = await signedIn();
    expect(cookie).toMatch(/scene\.session_data=/);
    expect(SESSION_CACHE_SECONDS).toBeLessThanOrEqual(60);
  });

  it("lets better-auth answer from the cookie without reading the session while the copy lives", async () => {
    const { id, cookie } = await signedIn();
    const { internalAdapter } = await auth.$context;
    const findSession = vi.spyOn(internalAdapter, "findSession");
    try {
      expect(await sessionUserOf(cookie)).toMatchObject({ id, isAdmin: false });
      expect(findSession).not.toHaveBeenCalled();
      afterCacheLifetime();
      expect(await sessionUserOf(cookie)).toMatchObject({ id });
      expect(findSession).toHaveBeenCalledTimes(1);
    } finally {
      findSession.mockRestore();
    }
  });

  it("checks the same cookies once while the copy lives: later requests do not ask better-auth", async () => {
    const { id, cookie } = await signedIn();
    const getSession = vi.spyOn(auth.api, "getSession");
    try {
      expect(await sessionUserOf(cookie)).toMatchObject({ id });
      expect(await sessionUserOf(cookie)).toMatchObject({ id });
      expect(getSession).toHaveBeenCalledTimes(1);
      // Other cookies are another question: a copy whose lifetime was stretched fails its signature, and the
      // user comes from the database (with a new copy) instead.
      expect(await sessionUserOf(withStretchedCookieCache(cookie))).toMatchObject({ id });
      expect(getSession).toHaveBeenCalledTimes(2);
      afterCacheLifetime();
      expect(await sessionUserOf(cookie)).toMatchObject({ id });
      expect(getSession).toHaveBeenCalledTimes(3);
    } finally {
      getSession.mockRestore();
    }
  });

  it("ends a revoked session at once, and renews the copy of one that stands once the copy has run out", async () => {
    const revoked = await signedIn();
    const standing = await signedIn();
    expect(await sessionUserOf(revoked.cookie)).toMatchObject({ id: revoked.id });
    await revokeSessions(revoked.id);
    // The signed copy is still young, and better-auth would believe it: the app asks whether the session stands.
    expect(await sessionUserOf(revoked.cookie)).toBeNull();

    afterCacheLifetime();
    expect(await sessionUserOf(revoked.cookie)).toBeNull();
    const request = requestWith(standing.cookie);
    expect(await getSessionUser(auth, request)).toMatchObject({ id: standing.id });
    // The root middleware sends the renewed copy to the browser.
    expect((await sessionSetCookies(request)).some((cookie) => cookie.startsWith("scene.session_data="))).toBe(true);
  });

  it("ends a disabled or deleted account's session at once", async () => {
    const disabled = await signedIn();
    const deleted = await signedIn();
    expect(await sessionUserOf(disabled.cookie)).toMatchObject({ id: disabled.id });
    expect(await sessionUserOf(deleted.cookie)).toMatchObject({ id: deleted.id });
    const [admin] = await database.db.select({ id: users.id }).from(users).limit(1);
    await setDisabled(database.db, admin!.id, disabled.id, true);
    await database.db.delete(users).where(eq(users.id, deleted.id));
    expect(await sessionUserOf(disabled.cookie)).toBeNull();
    expect(await sessionUserOf(deleted.cookie)).toBeNull();
  });

  it("reads the account as it is now, not as the copy has it: name and admin rights", async () => {
    const { id, cookie } = await signedIn();
    expect(await sessionUserOf(cookie)).toMatchObject({ id, isAdmin: false });
    await database.db.update(users).set({ name: "Nyt Navn", role: ADMIN_ROLE }).where(eq(users.id, id));
    expect(await sessionUserOf(cookie)).toMatchObject({ id, name: "Nyt Navn", isAdmin: true });
    await database.db.update(users).set({ role: "user" }).where(eq(users.id, id));
    expect(await sessionUserOf(cookie)).toMatchObject({ id, isAdmin: false });
  });

  it("ends admin work at once when the admin is demoted or their session revoked", async () => {
    const demoted = await signedIn();
    const revoked = await signedIn();
    await database.db.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, demoted.id));
    await database.db.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, revoked.id));
    // The copies in the cookies were made before the promotion; the admin check does not trust them.
    expect(await requireAdmin(auth, requestWith(demoted.cookie, "/admin"))).toMatchObject({ isAdmin: true });

    await database.db.update(users).set({ role: "user" }).where(eq(users.id, demoted.id));
    await revokeSessions(revoked.id);
    const refusal = (cookie: string) =>
      requireAdmin(auth, requestWith(cookie, "/admin")).then(
        (user: SessionUser) => user,
        (thrown: unknown) => thrown,
      );
    expect(await refusal(demoted.cookie)).toMatchObject({ init: { status: 403 } });
    const redirect = await refusal(revoked.cookie);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get("Location")).toMatch(/^\/login/);
  });
});
