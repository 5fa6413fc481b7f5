import { and, eq } from "drizzle-orm";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { testFreshness } from "../support/collaborators";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { customerTypeTerms, dayClaims, orderLines, orders, reservationSettings } from "~/db/schema";
import { demoProvider } from "~/features/payment/provider.server";
import { setHoldSeconds } from "~/features/rental/admin.server";
import { holidayOf } from "~/features/rental/holidays";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { weekdayIndex } from "~/lib/format";
import { blockDays } from "~/features/rental/admin.server";
import { calendarDays } from "~/features/rental/calendar.server";
import { cancelBooking, releaseClaimsOfDeletedUser } from "~/features/rental/cancellation.server";
import { getBasket, getProfileAndBasketCount, holdDay, releaseHold } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import { forgetReservationSettings, getReservationSettings } from "~/features/rental/settings.server";
import { createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const MINUTE = 60_000;
const now = new Date("2026-11-23T10:00:00Z");
const today = todayInCopenhagen(now);

/** The first day from `from` on the weekday (0 = Monday) that is no holiday, so that it has the plain price. */
function nextWeekday(from: string, weekday: number) {
  let day = from;
  while (weekdayIndex(day) !== weekday || holidayOf(day)) day = addDays(day, 1);
  return day;
}

describe.each(databaseKinds)("reservation on %s", (kind) => {
  let database: TestDatabase;
  const userIds: string[] = [];

  // The rules the tests change; not the receipt counter, which only ever grows.
  const rules = { horizonDays: reservationSettings.horizonDays, maxDaysPerOrder: reservationSettings.maxDaysPerOrder };
  let defaultRules: { horizonDays: number; maxDaysPerOrder: number };

  const addUser = async (index: number) =>
    (
      await createUser(database.db, {
        id: `user-${index}`,
        name: `Bruger ${index}`,
        profile: { address: `Havnegade ${index}, 8000 Aarhus C`, phone: "+4520123456", lastLoginAt: now },
      })
    ).id;

  beforeAll(async () => {
    // Enough connections that the race below really runs in parallel on PostgreSQL.
    database = await createTestDatabase(kind, { poolMax: 40 });
    for (let index = 0; index < 100; index++) userIds.push(await addUser(index));
    defaultRules = (await database.db.select(rules).from(reservationSettings))[0]!;
  });

  // Some tests change the rules; the next test starts from the defaults whether that one passed or failed.
  afterEach(async () => {
    await database.db.update(reservationSettings).set(defaultRules);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("lets exactly one of 100 simultaneous attempts hold a day; the rest hear it is held by someone else", async () => {
    const day = addDays(today, 10);
    const results = await Promise.all(userIds.map((userId) => holdDay(database.db, userId, day, now)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "held-by-others")).toHaveLength(99);
    const claims = await database.db.select().from(dayClaims).where(eq(dayClaims.day, day));
    expect(claims).toHaveLength(1);
  });

  it("stores the day's exact start and end in Copenhagen, 23 and 25 hours around daylight saving", async () => {
    await database.db.update(reservationSettings).set({ horizonDays: 800 });
    const spring = "2027-03-28";
    const autumn = "2027-10-31";
    for (const day of [spring, autumn]) expect((await holdDay(database.db, userIds[1]!, day, now)).ok).toBe(true);
    const [springClaim] = await database.db.select().from(dayClaims).where(eq(dayClaims.day, spring));
    const [autumnClaim] = await database.db.select().from(dayClaims).where(eq(dayClaims.day, autumn));
    expect(springClaim!.startAt.toISOString()).toBe("2027-03-27T23:00:00.000Z");
    expect(springClaim!.endAt.getTime() - springClaim!.startAt.getTime()).toBe(23 * 60 * MINUTE);
    expect(autumnClaim!.endAt.getTime() - autumnClaim!.startAt.getTime()).toBe(25 * 60 * MINUTE);
    for (const claim of [springClaim!, autumnClaim!]) await releaseHold(database.db, userIds[1]!, claim.id);
  });

  it("refuses today, past days, blocked days and days beyond the horizon", async () => {
    expect(await holdDay(database.db, userIds[2]!, today, now)).toEqual({ ok: false, reason: "past" });
    expect(await holdDay(database.db, userIds[2]!, addDays(today, -3), now)).toEqual({ ok: false, reason: "past" });
    expect(await holdDay(database.db, userIds[2]!, addDays(today, 366), now)).toEqual({
      ok: false,
      reason: "beyond-horizon",
    });
    await blockDays(database.db, { from: addDays(today, 40), to: addDays(today, 41) }, "Vinterlukket");
    expect(await holdDay(database.db, userIds[2]!, addDays(today, 41), now)).toEqual({
      ok: false,
      reason: "blocked",
      blockedTitle: "Vinterlukket",
    });
  });

  it("frees the day when a hold expires, and another user can take it", async () => {
    const day = addDays(today, 20);
    expect((await holdDay(database.db, userIds[3]!, day, now)).ok).toBe(true);
    const later = new Date(now.getTime() + 16 * MINUTE);
    const [seenByOthers] = await calendarDays(database.db, { from: day, to: day }, userIds[4]!, later);
    expect(seenByOthers?.state).toBe("free");
    expect((await getBasket(database.db, userIds[3]!, later)).items).toEqual([]);
    expect((await holdDay(database.db, userIds[4]!, day, later)).ok).toBe(true);
  });

  it("shows a day in someone else's basket as held, without a word of who holds it", async () => {
    const day = addDays(today, 21);
    await holdDay(database.db, userIds[5]!, day, now);
    const [mine] = await calendarDays(database.db, { from: day, to: day }, userIds[5]!, now);
    const [theirs] = await calendarDays(database.db, { from: day, to: day }, userIds[6]!, now);
    expect(mine?.state).toBe("in-basket");
    expect(theirs).toEqual({ day, state: "held-by-others", priceOere: theirs!.priceOere });
  });

  it("shows a day booked by someone else as reserved by others; only a hold on it hears the booker's address", async () => {
    const day = addDays(today, 22);
    await holdDay(database.db, userIds[18]!, day, now);
    const order = await createOrder(database.db, userIds[18]!, demoProvider, now);
    await confirmOrder(database.db, order.ok ? order.orderId : "", now);
    const [theirs] = await calendarDays(database.db, { from: day, to: day }, userIds[6]!, now);
    const [visitors] = await calendarDays(database.db, { from: day, to: day }, null, now);
    expect(theirs).toEqual({ day, state: "others", priceOere: theirs!.priceOere });
    expect(visitors?.state).toBe("others");
    expect(await holdDay(database.db, userIds[6]!, day, now)).toEqual({
      ok: false,
      reason: "others",
      address: "Havnegade 18, 8000 Aarhus C",
    });
  });

  it("limits the basket to the most days per order", async () => {
    await database.db.update(reservationSettings).set({ maxDaysPerOrder: 2 });
    const user = userIds[7]!;
    expect((await holdDay(database.db, user, addDays(today, 50), now)).ok).toBe(true);
    expect((await holdDay(database.db, user, addDays(today, 51), now)).ok).toBe(true);
    expect(await holdDay(database.db, user, addDays(today, 52), now)).toEqual({
      ok: false,
      reason: "basket-full",
      maxDaysPerOrder: 2,
    });
  });

  it("holds the most days per order when one user asks for 60 different days at once", async () => {
    const user = userIds[17]!;
    const days = Array.from({ length: 60 }, (_, index) => addDays(today, 200 + index));
    const results = await Promise.all(days.map((day) => holdDay(database.db, user, day, now)));
    expect(results.filter((result) => result.ok)).toHaveLength(14);
    expect(results.filter((result) => !result.ok && result.reason === "basket-full")).toHaveLength(46);
    expect((await getBasket(database.db, user, now)).items).toHaveLength(14);
  });

  it("confirms an order once: its days become bookings with one receipt number, however often it is confirmed", async () => {
    const user = userIds[8]!;
    await holdDay(database.db, user, addDays(today, 60), now);
    await holdDay(database.db, user, addDays(today, 61), now);
    const order = await createOrder(database.db, user, demoProvider, now);
    expect(order.ok).toBe(true);
    const orderId = order.ok ? order.orderId : "";
    const results = await Promise.all([
      confirmOrder(database.db, orderId, now),
      confirmOrder(database.db, orderId, now),
      confirmOrder(database.db, orderId, now),
    ]);
    expect(results.filter((result) => result.status === "confirmed")).toHaveLength(1);
    expect(results.filter((result) => result.status === "already-paid")).toHaveLength(2);
    const receipts = new Set(results.map((result) => ("receiptNumber" in result ? result.receiptNumber : null)));
    expect(receipts.size).toBe(1);
    const [paid] = await selectRentalOrders(database.db).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({ status: "paid", bookerAddress: "Havnegade 8, 8000 Aarhus C" });
    const booked = await calendarDays(database.db, { from: addDays(today, 60), to: addDays(today, 61) }, user, now);
    expect(booked.map((day) => day.state)).toEqual(["mine", "mine"]);
  });

  it("makes an order of lines: one per day at its hold's price, exempt from moms, whose sums are the order's total and moms", async () => {
    const user = userIds[11]!;
    const weekday = nextWeekday(addDays(today, 80), 0);
    const friday = nextWeekday(weekday, 4);
    await holdDay(database.db, user, friday, now);
    await holdDay(database.db, user, weekday, now);
    const order = await createOrder(database.db, user, demoProvider, now);
    const orderId = order.ok ? order.orderId : "";
    const lines = await database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.position);
    expect(lines).toEqual([
      expect.objectContaining({
        position: 0,
        kind: "day",
        day: weekday,
        quantity: 1,
        unitPriceOere: 450_000,
        totalOere: 450_000,
        vatCategory: "exempt-letting",
        vatRatePercent: 0,
        vatOere: 0,
      }),
      expect.objectContaining({
        position: 1,
        kind: "day",
        day: friday,
        quantity: 1,
        unitPriceOere: 650_000,
        totalOere: 650_000,
        vatCategory: "exempt-letting",
        vatRatePercent: 0,
        vatOere: 0,
      }),
    ]);
    const [made] = await selectRentalOrders(database.db).where(eq(orders.id, orderId));
    expect(made).toMatchObject({ totalOere: 1_100_000, vatOere: 0, days: [weekday, friday] });
  });

  it("of two orders for the same day, confirmed at once, exactly one is booked; the other fails and books nothing", async () => {
    const day = addDays(today, 70);
    const other = addDays(today, 71);
    const first = userIds[9]!;
    const second = userIds[10]!;
    await holdDay(database.db, first, day, now);
    await holdDay(database.db, first, other, now);
    const firstOrder = await createOrder(database.db, first, demoProvider, now);
    // The first user's holds run out while they pay; the second user takes the day meanwhile.
    const later = new Date(now.getTime() + 40 * MINUTE);
    expect((await holdDay(database.db, second, day, later)).ok).toBe(true);
    const secondOrder = await createOrder(database.db, second, demoProvider, later);
    const [firstResult, secondResult] = await Promise.all([
      confirmOrder(database.db, firstOrder.ok ? firstOrder.orderId : "", later),
      confirmOrder(database.db, secondOrder.ok ? secondOrder.orderId : "", later),
    ]);
    expect(secondResult.status).toBe("confirmed");
    expect(firstResult).toEqual({ status: "failed", reason: "days-gone" });
    const claims = await database.db.select().from(dayClaims).where(eq(dayClaims.day, day));
    expect(claims.filter((claim) => claim.kind === "booking").map((claim) => claim.userId)).toEqual([second]);
    // Nothing of the failed order was booked, not even its other day.
    const [otherDay] = await database.db.select().from(dayClaims).where(eq(dayClaims.day, other));
    expect(otherDay?.kind).toBe("hold");
  });

  it("needs an address before an order is made", async () => {
    const { id } = await createUser(database.db, { name: "Uden Adresse", profile: false });
    await holdDay(database.db, id, addDays(today, 80), now);
    expect(await createOrder(database.db, id, demoProvider, now)).toEqual({ ok: false, reason: "no-address" });
  });

  it("lets the admin cancel a booked day until the day itself, and the day is free at once", async () => {
    const user = userIds[11]!;
    const soon = addDays(today, 1);
    await holdDay(database.db, user, soon, now);
    const order = await createOrder(database.db, user, demoProvider, now);
    await confirmOrder(database.db, order.ok ? order.orderId : "", now);
    const [claim] = await database.db
      .select()
      .from(dayClaims)
      .where(and(eq(dayClaims.userId, user), eq(dayClaims.day, soon)));
    expect((await cancelBooking(database.db, claim!.id, { reason: "Vandskade", now })).ok).toBe(true);
    const [freed] = await calendarDays(database.db, { from: soon, to: soon }, userIds[12]!, now);
    expect(freed?.state).toBe("free");
    expect(await cancelBooking(database.db, claim!.id, { reason: "Vandskade", now })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("frees the basket and the future bookings of a deleted account, and keeps its past ones", async () => {
    const user = userIds[15]!;
    const future = addDays(today, 100);
    const held = addDays(today, 101);
    await holdDay(database.db, user, future, now);
    const order = await createOrder(database.db, user, demoProvider, now);
    await confirmOrder(database.db, order.ok ? order.orderId : "", now);
    await holdDay(database.db, user, held, now);
    const past = addDays(today, -10);
    await database.db.insert(dayClaims).values({
      day: past,
      kind: "booking",
      userId: user,
      startAt: now,
      endAt: new Date(now.getTime() + 1000),
      title: "x",
      priceOere: 0,
    });

    await releaseClaimsOfDeletedUser(database.db, user, now);
    const days = await calendarDays(database.db, { from: future, to: held }, userIds[16]!, now);
    expect(days.map((day) => day.state)).toEqual(["free", "free"]);
    const [kept] = await database.db.select().from(dayClaims).where(eq(dayClaims.day, past));
    expect(kept?.releasedAt).toBeNull();
  });

  it("lets the database refuse a second active claim on a day, whatever the code does", async () => {
    const day = addDays(today, 90);
    await holdDay(database.db, userIds[13]!, day, now);
    const { start, end } = { start: now, end: new Date(now.getTime() + 1000) };
    await expect(
      database.db
        .insert(dayClaims)
        .values({ day, kind: "booking", userId: userIds[14]!, startAt: start, endAt: end, title: "x", priceOere: 0 }),
    ).rejects.toThrow();
  });

  it("keeps the settings in memory, forgets them on the admin's change; a hold reads its rules itself, its price as shown", async () => {
    const first = await getReservationSettings(database.db);
    expect(await getReservationSettings(database.db)).toBe(first);
    await setHoldSeconds({ db: database.db, freshness: testFreshness(database.db) }, 600);
    expect((await getReservationSettings(database.db)).holdSeconds).toBe(600);

    // A change made around the app is not seen by the copy until it is forgotten (at the latest after a minute)…
    await database.db.update(reservationSettings).set({ holdSeconds: 700 });
    await database.db.update(customerTypeTerms).set({ weekdayPriceOere: 123_400, weekendPriceOere: 123_400 });
    expect((await getReservationSettings(database.db)).customerTerms.privat.weekdayPriceOere).not.toBe(123_400);
    // …a hold reads the rules in its own statement (the hold time is the database's now), and prices the day as
    // the calendar showed it, from the kept copy (decision 032).
    const day = addDays(today, 95);
    const held = await holdDay(database.db, userIds[19]!, day, now);
    const [claim] = await database.db.select().from(dayClaims).where(eq(dayClaims.day, day));
    expect(held).toEqual({ ok: true, claimId: claim?.id });
    expect(claim).toMatchObject({ expiresAt: new Date(now.getTime() + 700_000) });
    expect(claim!.priceOere).not.toBe(123_400);
    forgetReservationSettings();
    expect((await getReservationSettings(database.db)).customerTerms.privat.weekdayPriceOere).toBe(123_400);
    // The header's one query counts the basket as getBasket does.
    expect(await getProfileAndBasketCount(database.db, userIds[19]!, now)).toEqual({
      profile: { avatarKey: null, address: "Havnegade 19, 8000 Aarhus C" },
      basketCount: (await getBasket(database.db, userIds[19]!, now)).items.length,
    });

    await database.db.update(customerTypeTerms).set({ weekdayPriceOere: 450_000, weekendPriceOere: 650_000 });
    await setHoldSeconds({ db: database.db, freshness: testFreshness(database.db) }, 900);
  });
});
