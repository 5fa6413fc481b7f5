import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { calendarDays, dayNews } from "~/features/rental/calendar.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay, releaseHold } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import { demoProvider } from "~/features/payment/provider.server";
import { testFreshness } from "../support/collaborators";
import { createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("buffer days kept free around others' claims, on %s", (kind) => {
  let database: TestDatabase;
  const people: string[] = [];
  const today = todayInCopenhagen();
  const day = (offset: number) => addDays(today, offset);
  const stateOf = async (userId: string | null, offset: number) =>
    (await calendarDays(database.db, { from: day(offset), to: day(offset) }, userId))[0]!.state;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const name of ["Anna", "Bo", "Carl", "Dorte"]) {
      people.push((await createUser(database.db, { name, profile: { address: `${name}vej 1, 8000 Aarhus C` } })).id);
    }
    await updateReservationSettings({ db: database.db, freshness: testFreshness(database.db) }, { bufferDays: 1 });
  });

  afterAll(() => database?.destroy());

  it("shows the days beside another's hold as not free, and lets only its holder take them", async () => {
    const [anna, bo] = people as [string, string];
    const held = await holdDay(database.db, anna, day(40));
    expect(held.ok).toBe(true);
    expect(await stateOf(bo, 39)).toBe("buffer");
    expect(await stateOf(bo, 41)).toBe("buffer");
    expect(await stateOf(null, 41)).toBe("buffer");
    expect(await stateOf(bo, 42)).toBe("free");
    expect(await stateOf(anna, 41)).toBe("free");

    expect(await holdDay(database.db, bo, day(41))).toEqual({ ok: false, reason: "buffer" });
    expect((await holdDay(database.db, anna, day(41))).ok).toBe(true);
    // Anna's two days keep 39 and 42 free for others; the news of day 40 tells of the days beside it.
    const { news } = await dayNews(database.db, [day(40)]);
    expect(news).toEqual([
      { day: day(39), state: "buffer" },
      { day: day(40), state: "held-by-others" },
      { day: day(41), state: "held-by-others" },
    ]);

    if (!held.ok) throw new Error("not held");
    await releaseHold(database.db, anna, held.claimId);
    expect(await stateOf(bo, 39)).toBe("free");
    expect((await holdDay(database.db, bo, day(39))).ok).toBe(true);
  });

  it("fails a late payment whose lapsed hold found a day beside it taken meanwhile", async () => {
    const [anna, bo] = people as [string, string];
    const now = new Date();
    expect((await holdDay(database.db, anna, day(90), now)).ok).toBe(true);
    const order = await createOrder(database.db, anna, demoProvider, now);
    if (!order.ok) throw new Error(order.reason);
    // An hour on, Anna's hold has lapsed (her order still waits for its payment): Bo takes the day beside it.
    const later = new Date(now.getTime() + 3600_000);
    expect((await holdDay(database.db, bo, day(91), later)).ok).toBe(true);
    expect(await confirmOrder(database.db, order.orderId, later)).toEqual({ status: "failed", reason: "days-gone" });
  });

  it("lets one of two holds side by side at once through, on every try", async () => {
    const [, , carl, dorte] = people as [string, string, string, string];
    for (let offset = 60; offset < 80; offset += 4) {
      const results = await Promise.all([
        holdDay(database.db, carl, day(offset)),
        holdDay(database.db, dorte, day(offset + 1)),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "buffer" });
    }
  });
});
