import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROLE, profiles, users } from "~/db/schema";
import type { Auth } from "~/features/accounts/auth.server";
import { ensureAdmin } from "~/features/accounts/bootstrap-admin.server";
import { allowEmailAttempt } from "~/features/accounts/email-rate-limit.server";
import { requireAdmin } from "~/features/accounts/session.server";
import type { MailMessage } from "~/features/email/mailer.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as authApiLoader } from "~/routes/api.auth";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as updateAction, loader as updateLoader } from "~/routes/bruger.update";
import { loader as myDetailsLoader } from "~/routes/bruger";
import { loader as rootLoader } from "~/root";
import { cookieHeader } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

function form(fields: Record<string, string>) {
  return { method: "POST", body: new URLSearchParams(fields) } as const;
}

/** Runs an action or loader and returns the thrown or returned Response-like result. */
async function outcome(work: () => Promise<unknown>) {
  try {
    return { returned: await work() } as { returned?: unknown; thrown?: unknown };
  } catch (thrown) {
    return { thrown };
  }
}

const password = "Kajen-2026-sol";

describe.each(databaseKinds)("accounts on %s", (kind) => {
  let database: TestDatabase;
  let auth: Auth;
  let sentMail: MailMessage[];
  let cookie = "";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    ({ auth } = collaborators);
    sentMail = collaborators.mailer.sent;
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("refuses a weak password with every reason, in Danish, and creates nothing", async () => {
    const { returned } = await outcome(() =>
      loginAction(
        routeArgs("/login", form({ intent: "sign-up", name: "Mette", email: "mette@example.dk", password: "mette12" })),
      ),
    );
    const result = returned as { init: { status: number }; data: { fieldErrors: Record<string, string[]> } };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.password).toEqual([
      "Adgangskoden skal have mindst 10 tegn.",
      "Adgangskoden må ikke indeholde din e-mailadresse.",
    ]);
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("signs up, and the link in the Danish verification e-mail signs in and creates the profile", async () => {
    const { returned } = await outcome(() =>
      loginAction(
        routeArgs(
          "/login",
          form({
            intent: "sign-up",
            name: "Mette Hansen",
            email: " Mette@Example.dk ",
            password,
            redirectTo: "/bruger",
          }),
        ),
      ),
    );
    expect(returned).toMatchObject({ data: { intent: "sign-up", sentTo: "mette@example.dk" } });
    expect(await database.db.select().from(profiles)).toHaveLength(0);

    const verification = sentMail.at(-1);
    expect(verification).toMatchObject({ to: "mette@example.dk", subject: "Bekræft din e-mailadresse" });
    const link = verification?.text.match(/http:\/\/localhost\/api\/auth\/verify-email\?token=\S+/)?.[0];
    const response = (await authApiLoader(routeArgs(link!))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/bruger");
    const setCookies = response.headers.getSetCookie();
    expect(
      setCookies.some((value) => /^scene\.session_token=.+HttpOnly/i.test(value) && /SameSite=Lax/i.test(value)),
    ).toBe(true);
    cookie = cookieHeader(setCookies);

    const [profile] = await database.db.select().from(profiles);
    expect(profile).toMatchObject({ name: "Mette Hansen", email: "mette@example.dk", address: null });
  });

  it("gives the layout the signed-in user, not an admin", async () => {
    const root = await rootLoader(routeArgs("/", { headers: { Cookie: cookie } }));
    expect(root).toMatchObject({
      isAuthenticated: true,
      isAdmin: false,
      user: { name: "Mette Hansen", email: "mette@example.dk" },
      profile: { avatarUrl: null, hasAddress: false },
    });
    const visitor = await rootLoader(routeArgs("/"));
    expect(visitor).toMatchObject({ isAuthenticated: false, isAdmin: false, user: null, profile: null });
  });

  it("says the same for a wrong password and an unknown e-mail", async () => {
    const messages = [];
    for (const email of ["mette@example.dk", "ukendt@example.dk"]) {
      const { returned } = await outcome(() =>
        loginAction(routeArgs("/login", form({ intent: "sign-in", email, password: "Forkert-kode-99" }))),
      );
      messages.push((returned as { data: { formError: string } }).data.formError);
    }
    expect(messages).toEqual(["Forkert e-mail eller adgangskode.", "Forkert e-mail eller adgangskode."]);
  });

  it("validates and normalises address and phone, and changes nothing on bad input", async () => {
    const bad = await outcome(() =>
      updateAction(
        routeArgs("/bruger/update", {
          ...form({ intent: "contact-details", address: "   ", phone: "1234" }),
          headers: { Cookie: cookie },
        }),
      ),
    );
    const errors = (bad.returned as { data: { fieldErrors: Record<string, string[]> } }).data.fieldErrors;
    expect(errors).toEqual({ address: ["Feltet skal udfyldes"], phone: ["Skriv et dansk telefonnummer med 8 cifre"] });

    const good = await outcome(() =>
      updateAction(
        routeArgs("/bruger/update", {
          ...form({ intent: "contact-details", address: " Havnegade 3, 8000 Aarhus C ", phone: "0045 20 12 34 56" }),
          headers: { Cookie: cookie },
        }),
      ),
    );
    expect((good.thrown as Response).headers.get("Location")).toBe("/bruger");
    const [profile] = await database.db.select({ address: profiles.address, phone: profiles.phone }).from(profiles);
    expect(profile).toEqual({ address: "Havnegade 3, 8000 Aarhus C", phone: "+4520123456" });

    const details = await myDetailsLoader(routeArgs("/bruger", { headers: { Cookie: cookie } }));
    expect(details).toMatchObject({ address: "Havnegade 3, 8000 Aarhus C", phone: "20 12 34 56" });
  });

  it.each([
    ["/bruger/update?redirectTo=%2Fkurv", "/kurv"],
    ["/bruger/update?redirectTo=https%3A%2F%2Fevil.example%2F", "/bruger"],
    ["/bruger/update?redirectTo=%2F%2Fevil.example", "/bruger"],
    ["/bruger/update", "/bruger"],
  ])("after saving at %s, goes on to %s: back where the user came from, never to another site", async (path, to) => {
    const saved = await outcome(() =>
      updateAction(
        routeArgs(path, {
          ...form({ intent: "contact-details", address: "Havnegade 3, 8000 Aarhus C", phone: "20123456" }),
          headers: { Cookie: cookie },
        }),
      ),
    );
    expect((saved.thrown as Response).headers.get("Location")).toBe(to);
  });

  it("sends a visitor from a user page to the login page and back", async () => {
    const { thrown } = await outcome(() => updateLoader(routeArgs("/bruger/update?x=1")));
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fbruger%2Fupdate%3Fx%3D1");
    const post = await outcome(() =>
      updateAction(routeArgs("/bruger/update", form({ address: "A", phone: "20123456" }))),
    );
    expect((post.thrown as Response).status).toBe(302);
  });

  it("answers 403 to a signed-in non-admin on an admin check", async () => {
    const { thrown } = await outcome(() =>
      requireAdmin(auth, new Request("http://localhost/alle-brugere", { headers: { Cookie: cookie } })),
    );
    expect((thrown as { init: { status: number } }).init.status).toBe(403);
  });

  it("ends the session on sign-out", async () => {
    const result = (await logoutAction(routeArgs("/logout", { ...form({}), headers: { Cookie: cookie } }))) as {
      data: { signedOut: boolean };
      init: { headers: Headers };
    };
    expect(result.data.signedOut).toBe(true);
    // The browser drops both the session cookie and its signed copy (the cookie cache, decision 013).
    const cleared = result.init.headers.getSetCookie().filter((setCookie) => /max-age=0/i.test(setCookie));
    const names = cleared.map((setCookie) => setCookie.split("=")[0]);
    expect(names).toEqual(expect.arrayContaining(["scene.session_token", "scene.session_data"]));
    const kept = cookie
      .split("; ")
      .filter((pair) => !names.includes(pair.split("=")[0]!))
      .join("; ");
    const root = await rootLoader(routeArgs("/", { headers: { Cookie: kept } }));
    expect(root.isAuthenticated).toBe(false);
  });

  it("refuses the 6th sign-in attempt in a minute from one address, in Danish", async () => {
    const statuses: number[] = [];
    let lastMessage = "";
    for (let attempt = 0; attempt < 6; attempt++) {
      const { returned } = await outcome(() =>
        loginAction(
          routeArgs("/login", {
            ...form({ intent: "sign-in", email: "mette@example.dk", password: "Forkert-kode-99" }),
            clientIp: "203.0.113.7",
          }),
        ),
      );
      const result = returned as { init: { status: number }; data: { formError: string } };
      statuses.push(result.init.status);
      lastMessage = result.data.formError;
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(lastMessage).toBe("For mange forsøg. Vent et minut, og prøv igen.");
  });

  it("limits sign-ins per e-mail across addresses: the 11th in a minute is refused", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      const { returned } = await outcome(() =>
        loginAction(
          routeArgs("/login", {
            ...form({ intent: "sign-in", email: "maal@example.dk", password: "Forkert-kode-99" }),
            clientIp: `203.0.113.${100 + attempt}`,
          }),
        ),
      );
      statuses.push((returned as { init: { status: number } }).init.status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it("opens the per-e-mail limit again when the minute has passed", async () => {
    const start = Date.now();
    const attempts = [];
    for (let attempt = 0; attempt < 4; attempt++)
      attempts.push(await allowEmailAttempt(database.db, "password-reset", "ny@example.dk", start));
    expect(attempts).toEqual([true, true, true, false]);
    expect(await allowEmailAttempt(database.db, "password-reset", "NY@example.dk", start + 61_000)).toBe(true);
  });

  it("creates the bootstrap admin without an e-mail, leaves it alone after, and takes over a user's address", async () => {
    const mailBefore = sentMail.length;
    expect(await ensureAdmin(database.db, auth, { email: "Chef@Havnescenen.dk", password: "Admin-kode-2026" })).toBe(
      "created",
    );
    expect(sentMail).toHaveLength(mailBefore);
    const signedIn = await outcome(() =>
      loginAction(
        routeArgs("/login", {
          ...form({ intent: "sign-in", email: "chef@havnescenen.dk", password: "Admin-kode-2026" }),
          clientIp: "192.0.2.9",
        }),
      ),
    );
    expect((signedIn.thrown as Response).status).toBe(302);
    expect(await ensureAdmin(database.db, auth, { email: "chef@havnescenen.dk", password: "Admin-kode-2026" })).toBe(
      "already-admin",
    );
    expect(await ensureAdmin(database.db, auth, { email: "mette@example.dk", password: "Admin-kode-2027" })).toBe(
      "taken-over",
    );
    const admins = await database.db.select({ email: users.email }).from(users).where(eq(users.role, ADMIN_ROLE));
    expect(admins.map((admin) => admin.email).sort()).toEqual(["chef@havnescenen.dk", "mette@example.dk"]);
  });
});
