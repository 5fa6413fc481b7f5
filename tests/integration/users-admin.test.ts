import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROLE, sessions, users } from "~/db/schema";
import { ensureAdmin } from "~/features/accounts/bootstrap-admin.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as usersAction, loader as usersLoader } from "~/routes/alle-brugere";
import { action as loginAction } from "~/routes/login";
import { cookieHeader, signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { createUser } from "../support/factories";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const post = (fields: Record<string, string>, cookie: string) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { Cookie: cookie },
});

describe.each(databaseKinds)("the users list on %s", (kind) => {
  let database: TestDatabase;
  let adminCookie = "";
  let adminId = "";
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    const { auth } = collaborators;
    await ensureAdmin(database.db, auth, { email: "chef@havnescenen.dk", password: "Admin-kode-2026", name: "Chef" });
    const signedIn = await auth.api.signInEmail({
      body: { email: "chef@havnescenen.dk", password: "Admin-kode-2026" },
      asResponse: true,
    });
    adminCookie = cookieHeader(signedIn.headers.getSetCookie());
    adminId = ((await signedIn.json()) as { user: { id: string } }).user.id;
    // One guest signs in with a password below; the others only need to be listed (hashing 23 passwords took
    // most of this file's time). Each later guest signed in later, so the last one has the latest login.
    const signedUp = await signUpUser(auth, {
      name: "Gæst 07",
      email: "gaest7@example.dk",
      password: "Kajen-2026-sol",
    });
    ids["Gæst 07"] = signedUp.id;
    const start = Date.now();
    for (let index = 1; index <= 23; index++) {
      const name = `Gæst ${String(index).padStart(2, "0")}`;
      if (ids[name]) continue;
      const profile = { lastLoginAt: new Date(start + index * 1000) };
      ids[name] = (await createUser(database.db, { name, email: `gaest${index}@example.dk`, profile })).id;
    }
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("pages through users 20 at a time, sorted by name", async () => {
    const first = await usersLoader(routeArgs("/alle-brugere", { headers: { Cookie: adminCookie } }));
    expect(first).toMatchObject({ total: 24, pages: 2, page: 1 });
    expect(first.users).toHaveLength(20);
    expect(first.users[0]?.name).toBe("Chef");
    const second = await usersLoader(routeArgs("/alle-brugere?side=2", { headers: { Cookie: adminCookie } }));
    expect(second.users.map((user) => user.name)).toEqual(["Gæst 20", "Gæst 21", "Gæst 22", "Gæst 23"]);
  });

  it("searches by name or e-mail and sorts the other way", async () => {
    const found = await usersLoader(
      routeArgs("/alle-brugere?q=GAEST1&sorter=navn&faldende=1", { headers: { Cookie: adminCookie } }),
    );
    expect(found.users.map((user) => user.email)).toEqual([
      "gaest19@example.dk",
      "gaest18@example.dk",
      "gaest17@example.dk",
      "gaest16@example.dk",
      "gaest15@example.dk",
      "gaest14@example.dk",
      "gaest13@example.dk",
      "gaest12@example.dk",
      "gaest11@example.dk",
      "gaest10@example.dk",
      "gaest1@example.dk",
    ]);
    const byLogin = await usersLoader(
      routeArgs("/alle-brugere?sorter=login&faldende=1", { headers: { Cookie: adminCookie } }),
    );
    // The verification link signs each guest in, so the last one made has the latest login.
    expect(byLogin.users[0]?.name).toBe("Gæst 23");
    const wild = await usersLoader(routeArgs("/alle-brugere?q=%25", { headers: { Cookie: adminCookie } }));
    expect(wild.total).toBe(0);
  });

  it("grants and removes the admin role, but never an admin's own", async () => {
    const guest = ids["Gæst 05"]!;
    await usersAction(routeArgs("/alle-brugere", post({ intent: "grant-admin", userId: guest }, adminCookie)));
    expect((await database.db.select({ role: users.role }).from(users).where(eq(users.id, guest)))[0]?.role).toBe(
      ADMIN_ROLE,
    );
    await usersAction(routeArgs("/alle-brugere", post({ intent: "remove-admin", userId: guest }, adminCookie)));
    expect((await database.db.select({ role: users.role }).from(users).where(eq(users.id, guest)))[0]?.role).toBe(
      "user",
    );

    const own = await usersAction(
      routeArgs("/alle-brugere", post({ intent: "remove-admin", userId: adminId }, adminCookie)),
    );
    expect(own.init).toMatchObject({ status: 400 });
    expect(own.data.formError).toBe("Du kan ikke fjerne din egen administratorrolle.");
    expect((await database.db.select({ role: users.role }).from(users).where(eq(users.id, adminId)))[0]?.role).toBe(
      ADMIN_ROLE,
    );
  });

  it("disables an account: its sessions end and it cannot sign in; enabling lets it in again", async () => {
    const guest = ids["Gæst 07"]!;
    const signIn = () =>
      loginAction(
        routeArgs("/login", {
          method: "POST",
          body: new URLSearchParams({ intent: "sign-in", email: "gaest7@example.dk", password: "Kajen-2026-sol" }),
          clientIp: "198.51.100.7",
        }),
      ).catch((thrown: unknown) => thrown);
    expect(((await signIn()) as Response).status).toBe(302);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, guest))).not.toHaveLength(0);

    await usersAction(routeArgs("/alle-brugere", post({ intent: "disable", userId: guest }, adminCookie)));
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, guest))).toHaveLength(0);
    const refused = (await signIn()) as { data: { formError: string } };
    expect(refused.data.formError).toBe("Kontoen er spærret. Kontakt os, hvis du mener, det er en fejl.");

    await usersAction(routeArgs("/alle-brugere", post({ intent: "enable", userId: guest }, adminCookie)));
    expect(((await signIn()) as Response).status).toBe(302);
  });
});
