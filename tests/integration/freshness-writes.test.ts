import pino from "pino";
import { CUSTOMER_TYPES } from "~/features/rental/customer-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { getReservationSettings } from "~/features/rental/settings.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as createAction } from "~/routes/admin.create";
import { action as settingsAction } from "~/routes/admin.reservationsindstillinger";
import { action as authAction } from "~/routes/api.auth";
import { action as colorModeAction } from "~/routes/api.color-mode";
import { createFreshness } from "../../server/freshness";
import { PageCache } from "../../server/page-cache";
import { signUpAdmin, signUpUser } from "../support/accounts";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";
import { eventually } from "../support/eventually";

/** Each write through its real route, with the server's freshness module over a page cache of its own. */
describe.each(databaseKinds)("what a write says it changed, on %s", (kind) => {
  let database: TestDatabase;
  let cookie: string;
  let collaborators: TestCollaborators;
  let notices: { stop(): Promise<void> } | undefined;
  const pageCache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });

  const post = (path: string, fields: Record<string, string>) =>
    routeArgs(path, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });
  const statusOf = (answer: unknown) =>
    answer instanceof Response ? answer.status : ((answer as { init: { status?: number } | null }).init?.status ?? 200);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const freshness = createFreshness({
      db: database.db,
      logger: pino({ level: "silent" }),
      pageCache,
      tellOthers: false,
    });
    collaborators = testCollaborators(database, { freshness });
    notices = await freshness.listen({ database, databaseUrl: database.url, onDay: () => undefined });
    setCollaborators(collaborators);
    cookie = await signUpAdmin(collaborators.auth, database.db);
  });
  beforeEach(() => {
    for (const path of ["/", "/videoer", "/reservation"])
      pageCache.store(`system ${path}`, { body: "<p>gammel</p>", nonce: "n", headers: [] });
  });
  afterAll(async () => {
    setCollaborators(undefined);
    await notices?.stop();
    await database?.destroy();
  });

  it("a published video empties every visitor page; a refused one empties none", async () => {
    const refused = await createAction(
      post("/youtube/create", { youtube_title: "", youtube_link: "https://youtu.be/x" }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(pageCache.size).toBe(3);
    const fields = { youtube_title: "Ny video", youtube_link: "https://youtu.be/aqz-KE-bpKQ", published: "on" };
    expect(statusOf(await createAction(post("/youtube/create", fields)))).toBe(302);
    expect(pageCache.size).toBe(0);
  });

  it("the admin's reservation settings are forgotten with every page as they are saved", async () => {
    const kept = await getReservationSettings(database.db);
    const fields = {
      ...Object.fromEntries(
        CUSTOMER_TYPES.flatMap((type) => [
          [`weekdayPrice_${type}`, "4.100"],
          [`weekendPrice_${type}`, "6.100"],
          [`bookingMode_${type}`, "direct"],
        ]),
      ),
      weekdayPrice_forening: "2.100",
      depositumKind: "none",
      balanceDaysBefore: "30",
      requestDays: "3",
      offerDays: "7",
      invoiceDays: "14",
      holdMinutes: "20",
      horizonDays: "365",
      maxDaysPerOrder: String(kept.maxDaysPerOrder + 1),
      cancellationDays: "14",
      bufferDays: "0",
    };
    expect(statusOf(await settingsAction(post("/reservationsindstillinger", fields)))).toBe(200);
    expect(pageCache.size).toBe(0);
    const saved = await getReservationSettings(database.db);
    expect(saved.maxDaysPerOrder).toBe(kept.maxDaysPerOrder + 1);
    expect(saved.customerTerms.forening).toMatchObject({ weekdayPriceOere: 210_000, weekendPriceOere: 610_000 });
  });

  it("a deleted account frees its days, and the database's notice of them empties the calendar's pages", async () => {
    const leaving = await signUpUser(collaborators.auth, {
      name: "Lise",
      email: "lise@example.dk",
      password: "Havnen-2026-kaj",
    });
    const held = await holdDay(database.db, leaving.id, addDays(todayInCopenhagen(), 30));
    expect(held.ok).toBe(true);
    await eventually(() => expect(pageCache.get("system /reservation")).toBeUndefined());
    pageCache.store("system /reservation", { body: "<p>gammel</p>", nonce: "n", headers: [] });
    const deleted = await authAction(
      routeArgs("/api/auth/delete-user", {
        method: "POST",
        body: "{}",
        headers: { Cookie: leaving.cookie, "Content-Type": "application/json", Origin: "http://localhost" },
      }),
    );
    expect(deleted.status).toBe(200);
    await eventually(() => expect(pageCache.get("system /reservation")).toBeUndefined());
    expect(pageCache.get("system /videoer")).toBeDefined();
  });

  it("a visitor's colour mode changes no page anyone else sees", async () => {
    expect(statusOf(await colorModeAction(post("/api/color-mode", { colorMode: "dark" })))).toBe(200);
    expect(pageCache.size).toBe(3);
  });
});
