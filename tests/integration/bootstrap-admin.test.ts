import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_ROLE, calendarFeeds, users } from "~/db/schema";
import type { Auth } from "~/features/accounts/auth.server";
import { bootstrapAdmin } from "~/features/accounts/bootstrap-admin.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as myDetailsLoader } from "~/routes/bruger";
import { loader as calendarFeedLoader } from "~/routes/kalender.feed";
import { callAuthApi, cookieHeader } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { createSession } from "../support/factories";
import { routeArgs } from "../support/route-args";
import { totpCode } from "../support/totp";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const ADMIN_EMAIL = "chef@havnescenen.dk";
const ADMIN_PASSWORD = "Admin-kode-2026";

describe.each(databaseKinds)("the admin named by ADMIN_EMAIL on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;
  let logged: { level: number; msg: string; email?: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) });

  const start = () =>
    bootstrapAdmin(database.db, auth, {
      email: "Chef@Havnescenen.dk",
      password: ADMIN_PASSWORD,
      development: false,
      logger,
      publicUrl: "http://localhost",
    });
  const signIn = (password: string) => callAuthApi("/sign-in/email", { email: ADMIN_EMAIL, password });
  const sessionOf = (cookie: string) => auth.api.getSession({ headers: new Headers({ Cookie: cookie }) });
  const warnings = () => logged.filter((line) => line.level === 40);
  /** Whether /bruger shows the cookies' account, or what it answers instead. */
  async function myDetailsWith(cookie: string) {
    try {
      return (await myDetailsLoader(routeArgs("/bruger", { headers: { Cookie: cookie } }))).email;
    } catch (thrown) {
      return (thrown as Response).status;
    }
  }
  async function calendarFeedStatus(token: string) {
    try {
      const args = routeArgs(`/kalender/${token}.ics`, { params: { feed: `${token}.ics` } });
      return (await calendarFeedLoader(args)).status;
    } catch (thrown) {
      return (thrown as { init: { status: number } }).init.status;
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    ({ auth } = collaborators);
  });

  beforeEach(() => {
    logged = [];
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("takes the address back from whoever signed it up first: their password, sessions, second factor and calendar feed stop working", async () => {
    const squatting = await callAuthApi("/sign-up/email", {
      name: "Ikke Chefen",
      email: ADMIN_EMAIL,
      password: "Squatter-kode-1",
    });
    expect(squatting.status).toBe(200);
    const [squatter] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
    const squatterCookie = await createSession(auth, squatter!.id);
    expect(await sessionOf(squatterCookie)).not.toBeNull();
    const enabled = await callAuthApi(
      "/two-factor/enable",
      { password: "Squatter-kode-1" },
      { cookie: squatterCookie },
    );
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const secret = new URL(totpURI).searchParams.get("secret")!;
    const confirmed = await callAuthApi(
      "/two-factor/verify-totp",
      { code: totpCode(secret) },
      { cookie: squatterCookie },
    );
    expect(confirmed.status).toBe(200);
    // Turning the second factor on gave the squatter's browser new cookies: a session and its signed copy.
    const squatterBrowser = cookieHeader(confirmed.headers.getSetCookie());
    expect(squatterBrowser).toMatch(/scene\.session_data=/);
    expect(await myDetailsWith(squatterBrowser)).toBe(ADMIN_EMAIL);
    const squatterFeed = "den-gamle-kalender-adresse-0123456789";
    await database.db.insert(calendarFeeds).values({ userId: squatter!.id, token: squatterFeed });
    expect(await calendarFeedStatus(squatterFeed)).toBe(200);

    await start();

    // At once, though the signed copy in the squatter's cookies is still young.
    expect(await myDetailsWith(squatterBrowser)).toBe(302);
    expect(await calendarFeedStatus(squatterFeed)).toBe(404);

    expect((await signIn("Squatter-kode-1")).status).toBe(401);
    expect(await sessionOf(squatterCookie)).toBeNull();
    const admin = await signIn(ADMIN_PASSWORD);
    expect(admin.status).toBe(200);
    expect(await admin.json()).toMatchObject({ user: { email: ADMIN_EMAIL, emailVerified: true } });
    const [account] = await database.db
      .select({ id: users.id, role: users.role, twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.email, ADMIN_EMAIL));
    expect(account).toEqual({ id: squatter!.id, role: ADMIN_ROLE, twoFactorEnabled: false });
    expect(warnings()).toEqual([expect.objectContaining({ email: ADMIN_EMAIL })]);
    expect(warnings()[0]?.msg).toMatch(/ADMIN_PASSWORD/);
  });

  it("leaves an existing admin alone at every later start: their own password and sessions stay", async () => {
    const signedIn = await signIn(ADMIN_PASSWORD);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const changed = await callAuthApi(
      "/change-password",
      { currentPassword: ADMIN_PASSWORD, newPassword: "Chefens-egen-kode-9" },
      { cookie },
    );
    expect(changed.status).toBe(200);

    await start();
    await start();

    expect((await signIn("Chefens-egen-kode-9")).status).toBe(200);
    expect((await signIn(ADMIN_PASSWORD)).status).toBe(401);
    expect(await sessionOf(cookie)).not.toBeNull();
    expect(warnings()).toEqual([]);
  });
});
