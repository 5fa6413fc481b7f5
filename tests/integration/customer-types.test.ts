import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/database";
import { baskets, customerTypeTerms, dayClaims, orders } from "~/db/schema";
import { demoProvider } from "~/features/payment/provider.server";
import { basketCustomerType, chooseCustomerType } from "~/features/rental/basket.server";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { calendarDays } from "~/features/rental/calendar.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { getBasket, holdDay } from "~/features/rental/holds.server";
import { createOrder } from "~/features/rental/orders.server";
import type { Toast } from "~/features/toast/toast";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as basketAction } from "~/routes/kurv";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { testCollaborators, testFreshness } from "../support/collaborators";
import { createSession, createUser } from "../support/factories";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, migrateUpTo, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("migration 0017: every customer type starts at the venue's prices, on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    await migrateUpTo(database, 16);
    await database.db.execute(
      sql`update reservation_settings set weekday_price_oere = 412300, weekend_price_oere = 612300`,
    );
    await database.migrate();
  });

  afterAll(() => database?.destroy());

  it("copies the one price of before to each type, booking directly as everyone did", async () => {
    const terms = await database.db.select().from(customerTypeTerms).orderBy(customerTypeTerms.customerType);
    expect(terms.map(({ updatedAt: _updatedAt, ...term }) => term)).toEqual(
      ["privat", "forening", "erhverv", "offentlig"].map((customerType) => ({
        customerType,
        bookingMode: "direct",
        weekdayPriceOere: 412_300,
        weekendPriceOere: 612_300,
      })),
    );
  });
});

// Mondays, so that the weekday price applies; far enough ahead to be free of other tests' days.
const monday = (weeksAhead: number) => {
  const today = todayInCopenhagen();
  const daysToMonday = (8 - new Date(`${today}T12:00:00Z`).getUTCDay()) % 7 || 7;
  return addDays(today, daysToMonday + 7 * weeksAhead);
};

describe.each(databaseKinds)("renting as a customer type on %s", (kind) => {
  let database: TestDatabase;
  let cookie = "";
  const renter = { id: "renter", name: "Rie Renter", email: "rie@example.dk" };
  const prices = { privat: 450_000, forening: 200_000, erhverv: 800_000, offentlig: 600_000 };

  const post = async (fields: Record<string, string>) => {
    try {
      const result = (await basketAction(
        routeArgs("/kurv", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }),
      )) as { data: { toast?: Toast; fieldErrors?: Record<string, string[]> }; init: ResponseInit | null };
      return { ...result.data, status: result.init?.status ?? 200 };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
      throw thrown;
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    await createUser(database.db, {
      ...renter,
      profile: { address: "Lejervej 2, 8000 Aarhus C", phone: "+4520000000" },
    });
    cookie = await createSession(collaborators.auth, renter.id);
    await updateReservationSettings(
      { db: database.db, freshness: testFreshness(database.db) },
      {},
      Object.entries(prices).map(([customerType, weekday]) => ({
        customerType: customerType as keyof typeof prices,
        weekdayPriceOere: weekday,
        weekendPriceOere: weekday + 100_000,
        bookingMode: customerType === "offentlig" ? "closed" : "direct",
      })),
    );
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("holds a day at the price of the basket's type, and prices the basket again when the type changes", async () => {
    const day = monday(8);
    expect(await basketCustomerType(database.db, renter.id)).toBe("privat");
    expect((await holdDay(database.db, renter.id, day)).ok).toBe(true);
    expect((await getBasket(database.db, renter.id)).totalOere).toBe(prices.privat);
    const [{ version: before } = { version: 0 }] = await database.db
      .select()
      .from(baskets)
      .where(eq(baskets.userId, renter.id));

    expect(await post({ intent: "customer-type", customerType: "forening" })).toMatchObject({ status: 200 });
    expect((await getBasket(database.db, renter.id)).totalOere).toBe(prices.forening);
    const [basket] = await database.db.select().from(baskets).where(eq(baskets.userId, renter.id));
    // A hold judged by the old type's prices meanwhile finds a new version, and is judged again.
    expect(basket).toMatchObject({ customerType: "forening", version: before + 1 });
    expect((await holdDay(database.db, renter.id, addDays(day, 7))).ok).toBe(true);
    expect((await getBasket(database.db, renter.id)).totalOere).toBe(2 * prices.forening);
    const [calendarDay] = await calendarDays(database.db, { from: addDays(day, 14), to: addDays(day, 14) }, renter.id);
    expect(calendarDay?.priceOere).toBe(prices.forening);
    const [visitorDay] = await calendarDays(database.db, { from: addDays(day, 14), to: addDays(day, 14) }, null);
    expect(visitorDay?.priceOere).toBe(prices.privat);
  });

  it("refuses an unknown customer type in Danish and changes nothing", async () => {
    expect(await post({ intent: "customer-type", customerType: "firma" })).toMatchObject({
      status: 400,
      fieldErrors: { customerType: ["Vælg en kundetype"] },
    });
    expect(await basketCustomerType(database.db, renter.id)).toBe("forening");
  });

  it("checks the booker's details for the basket's type, whatever type the form claims", async () => {
    await chooseCustomerType(database.db, renter.id, "erhverv");
    const refused = await post({ intent: "checkout", customerType: "privat", organisation: "Lyd ApS", cvr: "1234" });
    expect(refused).toMatchObject({ status: 400, fieldErrors: { cvr: ["Et CVR-nummer har 8 cifre"] } });
    expect(await selectRentalOrders(database.db).where(eq(orders.userId, renter.id))).toEqual([]);
    // Eight digits that fail modulus 11 cannot be a CVR number (issue 54: one such got an invoice).
    const impossible = { intent: "checkout", organisation: "Lyd ApS", cvr: "12 34 56 78", kontrakt: "ja" };
    expect(await post(impossible)).toMatchObject({
      status: 400,
      fieldErrors: { cvr: ["CVR-nummeret er ikke gyldigt: tjek de 8 cifre"] },
    });
    expect(await selectRentalOrders(database.db).where(eq(orders.userId, renter.id))).toEqual([]);

    const accepted = await post({ intent: "checkout", organisation: "Lyd ApS", cvr: "12 34 56 74", kontrakt: "ja" });
    expect(accepted).toMatchObject({ status: 302 });
    const [order] = await selectRentalOrders(database.db).where(eq(orders.userId, renter.id));
    expect(order).toMatchObject({
      customerType: "erhverv",
      bookerOrganisation: "Lyd ApS",
      bookerCvr: "12345674",
      bookerEan: null,
      totalOere: 2 * prices.erhverv,
    });
  });

  it("does not let a type that cannot book check out", async () => {
    await chooseCustomerType(database.db, renter.id, "offentlig");
    const details = {
      customerType: "offentlig" as const,
      organisation: "Aarhus Kommune",
      cvr: "55133018",
      ean: "5798000416604",
      reference: "PO-1",
    };
    expect(await createOrder(database.db, renter.id, demoProvider, new Date(), { details })).toEqual({
      ok: false,
      reason: "not-bookable",
      customerType: "offentlig",
      mode: "closed",
    });
    // Details checked for one type while the basket changed to another are refused, not booked at the wrong prices.
    expect(
      await createOrder(database.db, renter.id, demoProvider, new Date(), { details: { customerType: "privat" } }),
    ).toEqual({
      ok: false,
      reason: "customer-type-changed",
    });
  });

  it("shows a type that cannot book what its days would cost", async () => {
    const claims = rowsOf<{ price_oere: number }>(
      await database.db.execute(sql`select price_oere from ${dayClaims} where user_id = ${renter.id}`),
    );
    expect(claims.map((claim) => claim.price_oere)).toEqual([prices.offentlig, prices.offentlig]);
  });
});
