import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { getBasket, holdDay } from "~/features/rental/holds.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action } from "~/routes/kurv";
import { signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createFreshness } from "../../server/freshness";
import { PageCache } from "../../server/page-cache";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";
import { eventually } from "../support/eventually";

describe.each(databaseKinds)("taking a day out of the basket on %s", (kind) => {
  let database: TestDatabase;
  let mine: { id: string; cookie: string };
  let theirs: { id: string; cookie: string };
  const day = addDays(todayInCopenhagen(), 20);
  const theirDay = addDays(todayInCopenhagen(), 21);
  const pageCache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
  const daysHeard: string[] = [];
  let notices: { stop(): Promise<void> } | undefined;
  const cachePages = () => {
    for (const path of ["/", "/reservation"])
      pageCache.store(`system ${path}`, { body: "<p>x</p>", nonce: "n", headers: [] });
  };

  const remove = (cookie: string, claimId: string) =>
    action(
      routeArgs("/kurv", {
        method: "POST",
        body: new URLSearchParams({ intent: "remove", claimId }),
        headers: { Cookie: cookie },
      }),
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    const freshness = createFreshness({
      db: database.db,
      logger: pino({ level: "silent" }),
      pageCache,
      tellOthers: false,
    });
    notices = await freshness.listen({ database, databaseUrl: database.url, onDay: (heard) => daysHeard.push(heard) });
    mine = await signUpUser(collaborators.auth, { name: "Mia", email: "mia@example.dk", password: "Havnen-2026-kaj" });
    theirs = await signUpUser(collaborators.auth, {
      name: "Tue",
      email: "tue@example.dk",
      password: "Havnen-2026-kaj",
    });
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await notices?.stop();
    await database?.destroy();
  });

  it("frees the day, and the database's notice of it empties the calendar's cached pages only", async () => {
    const held = await holdDay(database.db, mine.id, day);
    if (!held.ok) throw new Error(`the hold was refused: ${held.reason}`);
    await eventually(() => expect(daysHeard).toContain(day));
    cachePages();
    await remove(mine.cookie, held.claimId);
    expect((await getBasket(database.db, mine.id)).items).toEqual([]);
    await eventually(() => expect(pageCache.get("system /reservation")).toBeUndefined());
    expect(pageCache.get("system /")).toBeDefined();
  });

  it("changes nothing, and no page, for a day that is not in the user's basket: another's hold stays", async () => {
    const held = await holdDay(database.db, theirs.id, theirDay);
    if (!held.ok) throw new Error(`the hold was refused: ${held.reason}`);
    await eventually(() => expect(daysHeard).toContain(theirDay));
    daysHeard.length = 0;
    await remove(mine.cookie, held.claimId);
    expect((await getBasket(database.db, theirs.id)).items.map((item) => item.day)).toEqual([theirDay]);
    // A later change is heard after anything the removal would have told.
    const later = addDays(theirDay, 1);
    expect((await holdDay(database.db, mine.id, later)).ok).toBe(true);
    await eventually(() => expect(daysHeard).toContain(later));
    expect(daysHeard).not.toContain(theirDay);
  });
});
