import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accessOf, routeRules, type Access } from "~/features/accounts/access";
import { routeGuard } from "~/features/accounts/route-guard.server";
import { collaborators, setCollaborators } from "~/lib/collaborators.server";
import routes from "~/routes";
import { signUpUser } from "../support/accounts";
import { createSession, createUser } from "../support/factories";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

interface RouteModule {
  loader?: (args: ReturnType<typeof routeArgs>) => unknown;
  action?: (args: ReturnType<typeof routeArgs>) => unknown;
}

/** Every route of app/routes.ts: its pattern as React Router's middleware sees it, and a sample path. */
function flatten(entries: RouteConfigEntry[], parent = ""): { pattern: string; path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? parent || "/" : `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [
      { pattern, path: pattern.replace(/:[^/]+/g, "1").replace(/\*$/, "x"), file: entry.file },
      ...flatten(entry.children ?? [], pattern),
    ];
  });
}

const allRoutes = flatten(routes as RouteConfigEntry[]);
const needing = (access: Access, method: "GET" | "POST") =>
  allRoutes.filter((route) => routeRules[route.pattern] && accessOf(routeRules[route.pattern]!, method) === access);
// The profile API answers a visitor itself (tests/integration/profile-api.test.ts); the guard is tested here.
const guardedPages = allRoutes.filter(
  (route) =>
    ["user", "admin", "door"].includes(routeRules[route.pattern]?.access ?? "") && !route.pattern.startsWith("/api/"),
);
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
  thrown instanceof Response ? thrown.status : thrown?.init?.status;

/** Runs the root's guard for a request to `path` matched as `pattern`; what it threw, and whether it went on. */
async function guard(pattern: string, path: string, init: Parameters<typeof routeArgs>[1] = {}) {
  const next = vi.fn(async () => new Response("route ran"));
  // React Router hands middleware the pattern without the root's slash ("kurv", "album/:id"; "/" for the index).
  const args = { ...routeArgs(path, init), pattern: pattern === "/" ? pattern : pattern.slice(1) };
  const thrown = await thrownBy(() => routeGuard(collaborators(), args, next));
  return { thrown, status: statusOf(thrown), ran: next.mock.calls.length > 0 };
}

// The guard reads the session through the collaborators' better-auth, so every test here runs with them set.
let database: TestDatabase;
let memberCookie = "";
let doorCookie = "";

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  const collaborators = testCollaborators(database, { env: { ENABLE_TEST_ROUTES: "true" } });
  setCollaborators(collaborators);
  ({ cookie: memberCookie } = await signUpUser(collaborators.auth, {
    name: "Medlem",
    email: "medlem@example.dk",
    password: "Kajen-2026-sol",
  }));
  const door = await createUser(database.db, { id: "doerpersonale", role: "door" });
  doorCookie = await createSession(collaborators.auth, door.id);
});

afterAll(async () => {
  setCollaborators(undefined);
  await database?.destroy();
});

describe("route access declarations", () => {
  it("every route of app/routes.ts declares who may use it", () => {
    const undeclared = allRoutes.filter((route) => !routeRules[route.pattern]).map((route) => route.pattern);
    expect(undeclared).toEqual([]);
  });

  it("declares nothing for a route that does not exist", () => {
    const patterns = new Set(allRoutes.map((route) => route.pattern));
    expect(Object.keys(routeRules).filter((pattern) => !patterns.has(pattern))).toEqual([]);
  });

  it("knows the user and admin pages there are", () => {
    expect(needing("user", "GET").map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/bruger", "/bruger/update", "/kurv", "/alle-reservationer"]),
    );
    expect(needing("admin", "GET").map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/album/:id", "/alle-brugere", "/reservationer", "/test"]),
    );
    expect(needing("user", "POST").map((route) => route.pattern)).toContain("/reservation");
  });

  it("refuses a route that declares nothing, before it runs", async () => {
    const { thrown, ran } = await guard("/ny-side", "/ny-side");
    expect(ran).toBe(false);
    expect(String(thrown)).toContain("declares no access");
  });
});

describe("route guards", () => {
  describe.each(["GET", "POST"] as const)("%s", (method) => {
    const pages = (access: Access) => needing(access, method).filter((route) => !route.pattern.startsWith("/api/"));

    it.each(pages("user"))("the guard sends a visitor from $pattern to the login page", async ({ pattern, path }) => {
      const { status, thrown, ran } = await guard(pattern, path, { method });
      expect(ran).toBe(false);
      expect(status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    });

    it.each(needing("user", method).filter((route) => route.pattern.startsWith("/api/")))(
      "the guard answers a visitor's call to $pattern with 401",
      async ({ pattern, path }) => {
        const { status, ran } = await guard(pattern, path, { method });
        expect(ran).toBe(false);
        expect(status).toBe(401);
      },
    );

    it.each(pages("admin"))(
      "the guard refuses $pattern to a visitor, a non-admin and door staff",
      async ({ pattern, path }) => {
        expect((await guard(pattern, path, { method })).status).toBe(302);
        const member = await guard(pattern, path, { method, headers: { Cookie: memberCookie } });
        expect(member).toMatchObject({ status: 403, ran: false });
        const door = await guard(pattern, path, { method, headers: { Cookie: doorCookie } });
        expect(door).toMatchObject({ status: 403, ran: false });
      },
    );

    it.each(pages("door"))(
      "the guard lets door staff into $pattern, and refuses a plain user",
      async ({ pattern, path }) => {
        expect((await guard(pattern, path, { method })).status).toBe(302);
        expect(await guard(pattern, path, { method, headers: { Cookie: memberCookie } })).toMatchObject({
          status: 403,
          ran: false,
        });
        expect((await guard(pattern, path, { method, headers: { Cookie: doorCookie } })).ran).toBe(true);
      },
    );

    it.each(needing("loopback", method))(
      "the guard hides $pattern from a request that did not come from this machine",
      async ({ pattern, path }) => {
        expect(await guard(pattern, path, { method, clientIp: "203.0.113.5" })).toMatchObject({
          status: 404,
          ran: false,
        });
        expect((await guard(pattern, path, { method })).ran).toBe(true);
      },
    );
  });

  it("lets a signed-in user through to a user page", async () => {
    expect((await guard("/kurv", "/kurv", { headers: { Cookie: memberCookie } })).ran).toBe(true);
  });

  // The route modules ask for their user as well; a module that forgot would still be guarded, but its own
  // check is what hands it the user it acts for.
  it.each(guardedPages)("$pattern's own loader and action send a visitor to the login page", async ({ path, file }) => {
    const module = await load(file);
    for (const handler of [module.loader, module.action].filter(Boolean)) {
      const method = handler === module.action ? "POST" : "GET";
      const thrown = await thrownBy(() => handler!(routeArgs(path, { method })));
      expect(statusOf(thrown), `${method} ${path}`).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it.each(guardedPages.filter((route) => ["admin", "door"].includes(routeRules[route.pattern]!.access)))(
    "$pattern's own loader and action answer 403 to a signed-in user without the role",
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
