import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_ROLE, siteClaim, users } from "~/db/schema";
import type { Auth } from "~/features/accounts/auth.server";
import { bootstrapAdmin, ensureAdmin } from "~/features/accounts/bootstrap-admin.server";
import { claimSite, setupLinkState, setupToken } from "~/features/accounts/site-claim.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as setupAction, loader as setupLoader } from "~/routes/opsaetning";
import { callAuthApi, cookieHeader } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const owner = { name: "Ejer Jensen", email: "ejer@havnescenen.dk", password: "Kajkanten-2026-sol" };

const admins = (database: TestDatabase) =>
  database.db.select({ email: users.email }).from(users).where(eq(users.role, ADMIN_ROLE));

describe.each(databaseKinds)("claiming the site through the set-up link on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;

  // A fresh database per case: each starts with no admin.
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    ({ auth } = collaborators);
  });

  afterEach(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  afterAll(() => vi.restoreAllMocks());

  const claim = (token: string, account = owner) => claimSite({ db: database.db, auth }, token, account);

  it("keeps one token, the same at every start and on every instance, until an admin exists", async () => {
    const tokens = await Promise.all([setupToken(database.db), setupToken(database.db)]);
    const token = tokens[0]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens[1]).toBe(token);
    expect(await setupToken(database.db)).toBe(token);
    expect(await setupLinkState(database.db, token)).toBe("open");
    expect(await setupLinkState(database.db, `${token.slice(0, -1)}x`)).toBe("unknown");
    expect(await setupLinkState(database.db, "")).toBe("unknown");
  });

  it("makes the owner a verified admin who can sign in, and deletes the token with it", async () => {
    const token = (await setupToken(database.db))!;
    const result = await claim(token);
    expect(result.ok).toBe(true);

    expect(await admins(database)).toEqual([{ email: owner.email }]);
    expect(await database.db.select().from(siteClaim)).toEqual([]);
    const signedIn = await callAuthApi("/sign-in/email", { email: owner.email, password: owner.password });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { email: owner.email, emailVerified: true } });

    // Used: this token and any other are refused, and no new one is made.
    expect(await setupLinkState(database.db, token)).toBe("claimed");
    expect(await setupLinkState(database.db, "anything")).toBe("claimed");
    expect(await claim(token, { ...owner, email: "nummer2@example.dk" })).toEqual({ ok: false, reason: "claimed" });
    expect(await setupToken(database.db)).toBeNull();
    expect(await database.db.select().from(siteClaim)).toEqual([]);
  });

  it("holds the owner to the site's account rules (better-auth's hook) and keeps the link open after a refusal", async () => {
    const token = (await setupToken(database.db))!;
    const weak = await claim(token, { ...owner, password: "ejer12" });
    expect(weak).toMatchObject({ ok: false, reason: "refused", code: "PASSWORD_NOT_ALLOWED" });
    expect(weak.ok === false && weak.reason === "refused" && weak.message).toMatch(/mindst 10 tegn/);
    const nameless = await claim(token, { ...owner, name: "  " });
    expect(nameless).toMatchObject({ ok: false, reason: "refused", code: "NAME_NOT_ALLOWED" });

    await callAuthApi("/sign-up/email", { name: "Tidlig", email: "tidlig@example.dk", password: "Solnedgang-77" });
    expect(await claim(token, { ...owner, email: "tidlig@example.dk" })).toEqual({ ok: false, reason: "email-taken" });
    expect(await claim("not-the-token")).toEqual({ ok: false, reason: "unknown" });

    expect(await admins(database)).toEqual([]);
    expect(await database.db.select({ email: users.email }).from(users)).toEqual([{ email: "tidlig@example.dk" }]);
    expect(await setupLinkState(database.db, token)).toBe("open");
  });

  it("makes exactly one admin of two claims at once, and removes the other's new account", async () => {
    const token = (await setupToken(database.db))!;
    const results = await Promise.all([
      claim(token, { ...owner, email: "en@example.dk" }),
      claim(token, { ...owner, email: "to@example.dk" }),
      claim(token, { ...owner, email: "tre@example.dk" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: "claimed" },
      { ok: false, reason: "claimed" },
    ]);
    const [admin] = await admins(database);
    expect(await admins(database)).toHaveLength(1);
    expect(await database.db.select({ email: users.email }).from(users)).toEqual([admin]);
    expect(await database.db.select().from(siteClaim)).toEqual([]);
  });

  it("prints the same link at each start without ADMIN_EMAIL, and none once ADMIN_EMAIL has made an admin", async () => {
    const logged: { msg: string; url?: string }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    const start = (env: { email?: string; password?: string } = {}) =>
      bootstrapAdmin(database.db, auth, { ...env, development: false, logger, publicUrl: "https://scene.example" });
    try {
      await start();
      await start();
    } finally {
      write.mockRestore();
    }
    const links = logged.map((line) => line.url).filter(Boolean);
    expect(links).toHaveLength(2);
    expect(links[1]).toBe(links[0]);
    expect(links[0]).toMatch(/^https:\/\/scene\.example\/opsaetning\/[A-Za-z0-9_-]{43}$/);
    expect(printed.join("")).toContain(links[0]);

    await start({ email: "drift@example.dk", password: "Drift-kode-2026" });
    expect(await database.db.select().from(siteClaim)).toEqual([]);
    expect(await setupLinkState(database.db, links[0]!.split("/").at(-1)!)).toBe("claimed");
  });

  it("the page: 200 with the form, the owner signed in and sent to the admin, then 410 for the link and 404 for a stranger's", async () => {
    const token = (await setupToken(database.db))!;
    const page = (path: string) => setupLoader(routeArgs(path, { params: { token: path.split("/").at(-1)! } }));
    const opened = await page(`/opsaetning/${token}`);
    expect(opened.init?.status).toBe(200);
    expect(opened.data).toEqual({ state: "open", isAdmin: false });
    expect((await page("/opsaetning/fremmed")).init?.status).toBe(404);

    const sent = await setupAction(
      routeArgs(`/opsaetning/${token}`, {
        method: "POST",
        body: new URLSearchParams({ name: owner.name, email: owner.email, password: owner.password }),
        params: { token },
      }),
    );
    expect(sent).toBeInstanceOf(Response);
    const redirect = sent as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/page");
    const session = await auth.api.getSession({
      headers: new Headers({ Cookie: cookieHeader(redirect.headers.getSetCookie()) }),
    });
    expect(session?.user).toMatchObject({ email: owner.email, role: ADMIN_ROLE });

    const used = await page(`/opsaetning/${token}`);
    expect(used.init?.status).toBe(410);
    expect(used.data).toEqual({ state: "claimed", isAdmin: false });
    expect((await page("/opsaetning/fremmed")).init?.status).toBe(410);
    const again = await setupAction(
      routeArgs(`/opsaetning/${token}`, {
        method: "POST",
        body: new URLSearchParams({ name: "Anden", email: "anden@example.dk", password: "Boelgerne-2026" }),
        params: { token },
      }),
    );
    expect((again as { init: { status: number } }).init.status).toBe(410);
    expect(await admins(database)).toEqual([{ email: owner.email }]);
  });

  it("ensureAdmin (ADMIN_EMAIL) is unaffected: the claim refuses once it has made an admin", async () => {
    const token = (await setupToken(database.db))!;
    await ensureAdmin(database.db, auth, { email: "drift@example.dk", password: "Drift-kode-2026" });
    expect(await claim(token)).toEqual({ ok: false, reason: "claimed" });
  });
});
