import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInCopenhagen } from "~/features/reservation/days";
import { getBasket, holdDay } from "~/features/reservation/holds.server";
import { INVALIDATE_HEADER } from "~/features/site/page-cache-scope";
import { setCollaborators } from "~/lib/collaborators.server";
import { action } from "~/routes/kurv";
import { signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("taking a day out of the basket on %s", (kind) => {
  let database: TestDatabase;
  let mine: { id: string; cookie: string };
  let theirs: { id: string; cookie: string };
  const day = addDays(todayInCopenhagen(), 20);
  const theirDay = addDays(todayInCopenhagen(), 21);

  const remove = async (cookie: string, claimId: string) =>
    (await action(
      routeArgs("/kurv", {
        method: "POST",
        body: new URLSearchParams({ intent: "remove", claimId }),
        headers: { Cookie: cookie },
      }),
    )) as unknown as { init: ResponseInit | null };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    mine = await signUpUser(collaborators.auth, { name: "Mia", email: "mia@example.dk", password: "Havnen-2026-kaj" });
    theirs = await signUpUser(collaborators.auth, {
      name: "Tue",
      email: "tue@example.dk",
      password: "Havnen-2026-kaj",
    });
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("frees the day and tells the page cache that the calendar changed", async () => {
    const held = await holdDay(database.db, mine.id, day);
    if (!held.ok) throw new Error(`the hold was refused: ${held.reason}`);
    const answer = await remove(mine.cookie, held.claimId);
    expect(new Headers(answer.init?.headers).get(INVALIDATE_HEADER)).toBe("/reservation");
    expect((await getBasket(database.db, mine.id)).items).toEqual([]);
  });

  it("changes nothing, and says so, for a day that is not in the user's basket: another's hold stays", async () => {
    const held = await holdDay(database.db, theirs.id, theirDay);
    if (!held.ok) throw new Error(`the hold was refused: ${held.reason}`);
    const answer = await remove(mine.cookie, held.claimId);
    expect(new Headers(answer.init?.headers).get(INVALIDATE_HEADER)).toBe("none");
    expect((await getBasket(database.db, theirs.id)).items.map((item) => item.day)).toEqual([theirDay]);
  });
});
