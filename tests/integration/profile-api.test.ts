import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { ensureAdmin } from "~/features/accounts/bootstrap-admin.server";
import { action as createProfile } from "~/routes/api.profile.create";
import { loader as getProfile } from "~/routes/api.profile.get";
import { action as updateProfile } from "~/routes/api.profile.update";
import { cookieHeader, setUpAccounts, signUpUser } from "../support/accounts";
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

const json = (method: string, body: unknown, cookie?: string) => ({
  method,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
});

describe.each(databaseKinds)("the profile API on %s", (kind) => {
  let database: TestDatabase;
  const people: Record<"mette" | "jonas" | "admin", { id: string; cookie: string }> = {} as never;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    setDatabase(database);
    const { auth } = setUpAccounts(database.db);
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
    setDatabase(undefined);
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

  it("answers invalid bodies with 400 and field errors, changing nothing", async () => {
    const { mette } = people;
    const result = await answer(() =>
      updateProfile(
        routeArgs(`/api/prisma/update-profile/${mette.id}`, {
          params: { id: mette.id },
          ...json("PATCH", { userId: mette.id, name: "  ", avatar_url: "https://evil.example/x.png" }, mette.cookie),
        }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toMatchObject({
      name: ["Feltet skal udfyldes"],
      avatar_url: ["Skal være et billede fra sidens eget lager"],
    });
    const after = await answer(() =>
      getProfile(
        routeArgs(`/api/prisma/get-profile/${mette.id}`, {
          params: { userId: mette.id },
          headers: { Cookie: mette.cookie },
        }),
      ),
    );
    expect((after.body.data as { name: string }).name).toBe("mette");
  });

  it("updates a user's own profile and refuses someone else's", async () => {
    const { mette, jonas } = people;
    const updated = await answer(() =>
      updateProfile(
        routeArgs(`/api/prisma/update-profile/${mette.id}`, {
          params: { id: mette.id },
          ...json("PATCH", { userId: mette.id, name: "Mette Hansen" }, mette.cookie),
        }),
      ),
    );
    expect(updated).toMatchObject({ status: 200, body: { data: { name: "Mette Hansen" } } });

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

  it("creates (or refreshes) the caller's own profile", async () => {
    const { jonas } = people;
    const result = await answer(() =>
      createProfile(
        routeArgs("/api/prisma/create-profile/", {
          ...json(
            "POST",
            {
              userId: jonas.id,
              name: "Jonas Nielsen",
              email: "jonas@example.dk",
              last_login_at: "2026-11-23T08:00:00+01:00",
              updated_at: "2026-11-23T08:00:00+01:00",
              avatar_url: null,
            },
            jonas.cookie,
          ),
        }),
      ),
    );
    expect(result).toMatchObject({
      status: 201,
      body: { data: { name: "Jonas Nielsen", last_login_at: "2026-11-23T07:00:00.000Z" } },
    });
  });
});
