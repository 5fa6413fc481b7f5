import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { requiredAccess } from "~/features/accounts/access";
import routes from "~/routes";
import { cookieHeader, setUpAccounts } from "../support/accounts";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

interface RouteModule {
  loader?: (args: ReturnType<typeof routeArgs>) => unknown;
  action?: (args: ReturnType<typeof routeArgs>) => unknown;
}

/** Every route of app/routes.ts with its full path, dynamic segments filled with a sample value. */
function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || "/" : `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [{ path: path.replace(/:[^/]+/g, "1"), file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

const guarded = flatten(routes as RouteConfigEntry[]).filter((route) => requiredAccess(route.path) !== "public");
const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");
const load = (file: string) => modules[`../../app/${file}`]!();

async function thrownBy(work: () => unknown) {
  try {
    await work();
  } catch (thrown) {
    return thrown as Response | { init: { status: number } };
  }
  return undefined;
}
const statusOf = (thrown: Awaited<ReturnType<typeof thrownBy>>) =>
  thrown instanceof Response ? thrown.status : thrown?.init.status;

describe("route guards", () => {
  let database: TestDatabase;
  let memberCookie = "";

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    setDatabase(database);
    const { auth } = setUpAccounts(database.db);
    const response = await auth.api.signUpEmail({
      body: { name: "Medlem", email: "medlem@example.dk", password: "Kajen-2026-sol" },
      asResponse: true,
    });
    memberCookie = cookieHeader(response.headers.getSetCookie());
  });

  afterAll(async () => {
    setDatabase(undefined);
    await database?.destroy();
  });

  it("knows the user pages there are", () => {
    expect(guarded.map((route) => route.path)).toEqual(expect.arrayContaining(["/bruger", "/bruger/update"]));
  });

  it.each(guarded)("$path sends a visitor to the login page from its loader and action", async ({ path, file }) => {
    const module = await load(file);
    for (const handler of [module.loader, module.action].filter(Boolean)) {
      const thrown = await thrownBy(() =>
        handler!(routeArgs(path, { method: handler === module.action ? "POST" : "GET" })),
      );
      expect(statusOf(thrown), `${path}`).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it.each(guarded.filter((route) => requiredAccess(route.path) === "admin"))(
    "$path answers 403 to a signed-in non-admin from its loader and action",
    async ({ path, file }) => {
      const module = await load(file);
      for (const handler of [module.loader, module.action].filter(Boolean)) {
        const method = handler === module.action ? "POST" : "GET";
        const thrown = await thrownBy(() => handler!(routeArgs(path, { method, headers: { Cookie: memberCookie } })));
        expect(statusOf(thrown), `${method} ${path}`).toBe(403);
      }
    },
  );
});
