import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dayClaims, profiles, users } from "~/db/schema";
import { collaborators as currentCollaborators, setCollaborators } from "~/lib/collaborators.server";
import { ensureAdmin } from "~/features/accounts/bootstrap-admin.server";
import type { MailMessage } from "~/features/email/mailer.server";
import { demoProvider } from "~/features/payment/provider.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import { action as cancelAction } from "~/routes/admin.reservationer";
import { routeGuard } from "~/features/accounts/route-guard.server";
import * as createProfileRoute from "~/routes/api.profile.create";
import { loader as getProfile } from "~/routes/api.profile.get";
import * as updateProfileRoute from "~/routes/api.profile.update";
import { cookieHeader, signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

interface DataResult {
  data: Record<string, unknown>;
  init?: { status?: number };
}

/** A route's answer as { status, body }, whether it returned or threw, a Response or data(). */
async function answer(work: () => unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  let result: unknown;
  try {
    result = await work();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: await result.json() };
  const dataResult = result as DataResult;
  if (dataResult && typeof dataResult === "object" && "data" in dataResult && "init" in dataResult) {
    return { status: dataResult.init?.status ?? 200, body: dataResult.data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

const { action: createProfile } = createProfileRoute;
const { action: updateProfile } = updateProfileRoute;

/** The Response a route returned or threw. */
async function answerOf(work: () => unknown): Promise<Response> {
  try {
    return (await work()) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

const json = (method: string, body: unknown, cookie?: string) => ({
  method,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
});

describe.each(databaseKinds)("the profile API on %s", (kind) => {
  let database: TestDatabase;
  let sentMail: MailMessage[];
  const people: Record<"mette" | "jonas" | "admin", { id: string; cookie: string }> = {} as never;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    const { auth } = collaborators;
    sentMail = collaborators.mailer.sent;
    await ensureAdmin(database.db, auth, { email: "chef@havnescenen.dk", password: "Admin-kode-2026" });
    for (const [key, email, password] of [
      ["mette", "mette@example.dk", "Kajen-2026-sol"],
      ["jonas", "jonas@example.dk", "Kajen-2026-maane"],
      ["admin", "chef@havnescenen.dk", "Admin-kode-2026"],
    ] as const) {
      if (key !== "admin") await signUpUser(auth, { name: key, email, password });
      const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
      const body = (await response.json()) as { user: { id: string } };
      people[key] = { id: body.user.id, cookie: cookieHeader(response.headers.getSetCookie()) };
    }
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("gives a user their own profile in the spec's shape", async () => {
    const { mette } = people;
    const result = await answer(() =>
      getProfile(
        routeArgs(`/api/prisma/get-profile/${mette.id}`, {
          params: { userId: mette.id },
          headers: { Cookie: mette.cookie },
        }),
      ),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      authenticated: true,
      data: { userId: mette.id, email: "mette@example.dk", avatar_url: null },
    });
    expect(Object.keys(result.body.data as object).sort()).toEqual(
      ["address", "avatar_url", "email", "last_login_at", "name", "phone", "updated_at", "userId"].sort(),
    );
  });

  it("refuses another user's profile with 403, a visitor with 401, and lets an admin read any", async () => {
    const { mette, jonas, admin } = people;
    const path = `/api/prisma/get-profile/${jonas.id}`;
    expect(
      (
        await answer(() =>
          getProfile(routeArgs(path, { params: { userId: jonas.id }, headers: { Cookie: mette.cookie } })),
        )
      ).status,
    ).toBe(403);
    expect((await answer(() => getProfile(routeArgs(path, { params: { userId: jonas.id } })))).status).toBe(401);
    expect(
      (
        await answer(() =>
          getProfile(routeArgs(path, { params: { userId: jonas.id }, headers: { Cookie: admin.cookie } })),
        )
      ).status,
    ).toBe(200);
  });

  const readProfile = async (person: { id: string; cookie: string }) =>
    (
      await answer(() =>
        getProfile(
          routeArgs(`/api/prisma/get-profile/${person.id}`, {
            params: { userId: person.id },
            headers: { Cookie: person.cookie },
          }),
        ),
      )
    ).body.data as Record<string, unknown>;
  const patchProfile = (person: { id: string; cookie: string }, body: Record<string, unknown>) =>
    answer(() =>
      updateProfile(
        routeArgs(`/api/prisma/update-profile/${person.id}`, {
          params: { id: person.id },
          ...json("PATCH", body, person.cookie),
        }),
      ),
    );
  const postProfile = (person: { id: string; cookie: string }, body: Record<string, unknown>) =>
    answer(() => createProfile(routeArgs("/api/prisma/create-profile/", json("POST", body, person.cookie))));

  it("answers another method than the one a changing route takes with 405, its Allow header and a Danish message", async () => {
    const { mette } = people;
    const tries = [
      {
        route: updateProfileRoute,
        pattern: "api/prisma/update-profile/:id",
        path: `/api/prisma/update-profile/${mette.id}`,
        allow: "PATCH",
      },
      {
        route: createProfileRoute,
        pattern: "api/prisma/create-profile",
        path: "/api/prisma/create-profile",
        allow: "POST",
      },
    ];
    for (const { route, pattern, path, allow } of tries) {
      const params = { id: mette.id };
      // Anyone may be told so: the guard lets a visitor's GET through to the answer.
      const next = vi.fn(async () => new Response());
      await routeGuard(currentCollaborators(), { ...routeArgs(path, { params }), pattern }, next);
      expect(next).toHaveBeenCalled();
      const answers = [
        await answerOf(() => route.loader()),
        await answerOf(() => route.action(routeArgs(path, { params, ...json("PUT", {}, mette.cookie) }))),
      ];
      for (const response of answers) {
        expect(response.status).toBe(405);
        expect(response.headers.get("Allow")).toBe(allow);
        expect(await response.json()).toEqual({ error: `Her kan kun sendes med ${allow}.` });
      }
    }
  });

  it("answers invalid bodies with 400 and field errors, changing nothing", async () => {
    const { mette } = people;
    const result = await patchProfile(mette, { userId: mette.id, name: "  ", phone: "12" });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toMatchObject({
      name: ["Feltet skal udfyldes"],
      phone: ["Skriv et dansk telefonnummer med 8 cifre"],
    });
    expect((await readProfile(mette)).name).toBe("mette");
  });

  it("updates a user's own profile and refuses someone else's", async () => {
    const { mette, jonas } = people;
    const updated = await patchProfile(mette, { userId: mette.id, name: "Mette Hansen" });
    expect(updated).toMatchObject({ status: 200, body: { data: { name: "Mette Hansen" } } });
    const [account] = await database.db.select({ name: users.name }).from(users).where(eq(users.id, mette.id));
    expect(account?.name).toBe("Mette Hansen");

    const refused = await answer(() =>
      updateProfile(
        routeArgs(`/api/prisma/update-profile/${jonas.id}`, {
          params: { id: jonas.id },
          ...json("PATCH", { userId: jonas.id, name: "Overtaget" }, mette.cookie),
        }),
      ),
    );
    expect(refused.status).toBe(403);
  });

  it("takes the whole record back as the client echoes it, and changes only name, address and phone", async () => {
    const { jonas } = people;
    const before = await readProfile(jonas);
    const result = await patchProfile(jonas, {
      ...before,
      name: "Jonas Nielsen",
      address: "Havnegade 4, 8000 Aarhus C",
      phone: "20 12 34 56",
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      name: "Jonas Nielsen",
      address: "Havnegade 4, 8000 Aarhus C",
      phone: "+4520123456",
      email: before.email,
      last_login_at: before.last_login_at,
      avatar_url: null,
    });
    // The same instant written with another offset is the same value.
    const lastLogin = new Date(before.last_login_at as string);
    const copenhagen = new Date(lastLogin.getTime() + 3_600_000).toISOString().replace(/\.(\d+)Z$/, ".$1+01:00");
    expect((await patchProfile(jonas, { userId: jonas.id, last_login_at: copenhagen })).status).toBe(200);
  });

  it.each([
    ["email", "overtaget@example.dk", "email"],
    ["role", "kab-webadmin", "role"],
    ["last_login_at", "2020-01-01T00:00:00Z", "last_login_at"],
    ["updated_at", "2020-01-01T00:00:00Z", "updated_at"],
    ["avatar_url", "/storage/v1/object/public/users/1700000000000.webp", "avatar_url"],
  ])("refuses a changed %s with 400 naming the field, and changes nothing", async (field, value, named) => {
    const { mette } = people;
    const before = await readProfile(mette);
    for (const send of [
      () => patchProfile(mette, { ...before, name: "Ændret navn", address: "Kajen 1, 8000 Aarhus C", [field]: value }),
      () => postProfile(mette, { ...before, name: "Ændret navn", [field]: value }),
    ]) {
      const result = await send();
      expect(result.status).toBe(400);
      expect(result.body.error).toContain(named);
      expect(Object.keys(result.body.fieldErrors as object)).toEqual([field]);
      expect(await readProfile(mette)).toEqual(before);
    }
    const [account] = await database.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, mette.id));
    expect(account).toEqual({ email: "mette@example.dk", role: "user" });
  });

  it("creates (or refreshes) the caller's own profile from the account, taking only the name from the body", async () => {
    const { jonas } = people;
    const before = await readProfile(jonas);
    const result = await postProfile(jonas, {
      userId: jonas.id,
      name: "Jonas N.",
      email: before.email,
      last_login_at: before.last_login_at,
      updated_at: before.updated_at,
      avatar_url: null,
    });
    expect(result).toMatchObject({
      status: 201,
      body: { data: { name: "Jonas N.", email: "jonas@example.dk", last_login_at: before.last_login_at } },
    });

    await database.db.delete(profiles).where(eq(profiles.userId, jonas.id));
    const recreated = await postProfile(jonas, { userId: jonas.id, name: "Jonas N." });
    expect(recreated).toMatchObject({ status: 201, body: { data: { email: "jonas@example.dk", avatar_url: null } } });
  });

  it("sends the admin's cancellation notice to the account's own e-mail, never a profile copy", async () => {
    const { jonas, admin } = people;
    // A copy written before the profile API stopped taking e-mail addresses.
    await database.db.update(profiles).set({ email: "angriber@example.dk" }).where(eq(profiles.userId, jonas.id));
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, jonas.id));
    await database.db
      .update(profiles)
      .set({ address: "Havnegade 4, 8000 Aarhus C", phone: "+4520123456" })
      .where(eq(profiles.userId, jonas.id));
    const day = addDays(todayInCopenhagen(), 30);
    expect((await holdDay(database.db, jonas.id, day)).ok).toBe(true);
    const order = await createOrder(database.db, jonas.id, demoProvider);
    expect(order.ok).toBe(true);
    await confirmOrder(database.db, order.ok ? order.orderId : "");
    const [claim] = await database.db.select({ id: dayClaims.id }).from(dayClaims).where(eq(dayClaims.day, day));

    sentMail.length = 0;
    const result = await answer(() =>
      cancelAction(
        routeArgs("/admin/reservationer", {
          method: "POST",
          body: new URLSearchParams({ claimId: claim!.id, reason: "Vandskade" }),
          headers: { Cookie: admin.cookie },
        }),
      ),
    );
    expect(result.status).toBe(200);
    expect(sentMail.map((message) => message.to)).toEqual(["jonas@example.dk"]);
  });
});
