import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "~/features/accounts/bootstrap-admin.server";
import { setCollaborators } from "~/lib/collaborators.server";
import routes from "~/routes";
import { cookieHeader } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { snapshot } from "../support/snapshot";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Action = (args: ReturnType<typeof routeArgs>) => unknown;

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? parent || "/" : `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [
      {
        path: pattern
          .replace(/:[^/]+/g, "1")
          .replace(/^\/\*$/, "/finnes-ikke")
          .replace(/\*$/, "sign-up/email"),
        file: entry.file,
      },
      ...flatten(entry.children ?? [], pattern),
    ];
  });
}

const modules = import.meta.glob<{ action?: Action }>("../../app/routes/*.{ts,tsx}");
const routesWithActions = (
  await Promise.all(
    flatten(routes as RouteConfigEntry[]).map(async (route) => ({
      ...route,
      action: (await modules[`../../app/${route.file}`]!()).action,
    })),
  )
).filter((route): route is typeof route & { action: Action } => Boolean(route.action));

const boundary = "----scene";
/** What a careless or hostile client sends instead of a form. */
const malformedBodies: { name: string; headers: Record<string, string>; body?: string }[] = [
  { name: "bad JSON", headers: { "Content-Type": "application/json" }, body: '{"day": ' },
  {
    name: "broken multipart",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: `--${boundary}\r\nContent-Disposition: form-data; name="day"\r\n\r\n2026-12-24`,
  },
  { name: "wrong content type", headers: { "Content-Type": "text/plain" }, body: "day=2026-12-24" },
  { name: "empty body", headers: {} },
  {
    name: "one huge field",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "x".repeat(60_000), day: "y".repeat(60_000) }).toString(),
  },
];

/** What a person is told, wherever an action's answer keeps it. */
async function messageOf(outcome: unknown): Promise<string | undefined> {
  let payload: unknown = outcome;
  if (outcome instanceof Response)
    payload = await outcome
      .clone()
      .json()
      .catch(() => undefined);
  else if (outcome && typeof outcome === "object" && "data" in outcome) payload = outcome.data;
  if (!payload || typeof payload !== "object") return undefined;
  const { error, message, formError, toast, fieldErrors } = payload as Record<string, unknown>;
  const firstFieldError = fieldErrors && Object.values(fieldErrors as Record<string, string[]>).flat()[0];
  const candidates = [
    error,
    message,
    formError,
    (toast as { message?: unknown } | undefined)?.message,
    firstFieldError,
  ];
  return candidates.find((candidate): candidate is string => typeof candidate === "string" && candidate.length > 0);
}

/** The status an action's outcome gives the client: thrown or returned, a Response or `data()`. */
function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === "object" && "init" in outcome) {
    return (outcome as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  if (outcome instanceof Error) return 500;
  return 200;
}

async function outcomeOf(action: Action, args: ReturnType<typeof routeArgs>) {
  let outcome: unknown;
  try {
    outcome = await action(args);
  } catch (thrown) {
    outcome = thrown;
  }
  return {
    status: statusOf(outcome),
    message: await messageOf(outcome),
    error: outcome instanceof Error ? outcome.message : undefined,
  };
}

describe.each(databaseKinds)("malformed bodies on %s", (kind) => {
  let database: TestDatabase;
  let dataDir = "";
  const callers: { name: string; cookie: string }[] = [{ name: "visitor", cookie: "" }];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = mkdtempSync(path.join(tmpdir(), "scene-malformed-"));
    const collaborators = testCollaborators(database, { dataDir, env: { ENABLE_TEST_ROUTES: "true" } });
    setCollaborators(collaborators);
    const { auth } = collaborators;
    await ensureAdmin(database.db, auth, { email: "chef@havnescenen.dk", password: "Admin-kode-2026", name: "Chef" });
    const admin = await auth.api.signInEmail({
      body: { email: "chef@havnescenen.dk", password: "Admin-kode-2026" },
      asResponse: true,
    });
    const member = await auth.api.signUpEmail({
      body: { name: "Medlem", email: "medlem@example.dk", password: "Kajen-2026-sol" },
      asResponse: true,
    });
    callers.push(
      { name: "member", cookie: cookieHeader(member.headers.getSetCookie()) },
      { name: "admin", cookie: cookieHeader(admin.headers.getSetCookie()) },
    );
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds the routes that take a body", () => {
    expect(routesWithActions.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/login", "/reservation", "/kurv", "/bruger", "/album/create", "/api/color-mode"]),
    );
  });

  it.each(routesWithActions)(
    "$path answers every malformed body with 3xx or 4xx and changes nothing",
    async (route) => {
      // Attempts are counted by the rate limits, by design; nothing else may change.
      const before = await snapshot(database, { except: ["rate_limits"] });
      const answers: string[] = [];
      for (const caller of callers) {
        for (const { name, headers, body } of malformedBodies) {
          const args = routeArgs(route.path, {
            method: "POST",
            headers: { ...headers, Origin: "http://localhost", ...(caller.cookie ? { Cookie: caller.cookie } : {}) },
            body,
          });
          const { status, error } = await outcomeOf(route.action, args);
          // A visitor may be sent to the login page; nobody may get a 2xx or a server error.
          if (status < 300 || status >= 500) answers.push(`${caller.name}, ${name}: ${status} ${error ?? ""}`);
        }
      }
      expect(answers).toEqual([]);
      expect(await snapshot(database, { except: ["rate_limits"] })).toEqual(before);
    },
  );
});
