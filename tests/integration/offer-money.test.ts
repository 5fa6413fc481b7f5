import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractAcceptances, orderLines, orderPayments, orders } from "~/db/schema";
import { chooseCustomerType } from "~/features/rental/basket.server";
import { approveRequest } from "~/features/rental/requests.server";
import { listBookings, updateReservationSettings } from "~/features/rental/admin.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as myReservationsAction, loader as myReservationsLoader } from "~/routes/alle-reservationer";
import { action as paymentAction, loader as paymentLoader } from "~/routes/betaling";
import { action as basketAction } from "~/routes/kurv";
import { loader as successLoader } from "~/routes/success";
import { action as offerAction, loader as offerLoader } from "~/routes/tilbud";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { testCollaborators, testFreshness, type TestCollaborators } from "../support/collaborators";
import { signedInAccounts } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

/**
 * Issue 54, "The money disagrees with itself": an association's offer, its day lowered by the admin from the list
 * price of 2.500 kr. to 2.000 kr. and a security deposit of 2.000 kr. on top, is priced and receipted the same on
 * every page that shows it.
 */
describe.each(databaseKinds)("an offer's money, the same on every page, on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  const cookies: Record<string, string> = {};
  const now = new Date();

  /** Calls a route as `who`; the offer's page takes its order from the path. */
  const call = <Params extends Record<string, string>>(
    who: string,
    route: Parameters<typeof callRoute<Params>>[0],
    path: string,
    fields?: Record<string, string>,
  ) => {
    const params = (path.startsWith("/tilbud/") ? { ordre: path.split("/")[2]! } : {}) as Params;
    return callRoute(route, path, { cookie: cookies[who]!, fields, params });
  };

  /** A request of one day, `ahead` days from now, by a club of its own, answered with the day at 2.000 kr. */
  async function offerTo(club: string, ahead: number) {
    await chooseCustomerType(database.db, club, "forening");
    expect((await holdDay(database.db, club, addDays(todayInCopenhagen(now), ahead), now)).ok).toBe(true);
    const fields = { intent: "request", organisation: "Vesterbro Jazzklub", gaester: "80", formaal: "Jubilæum" };
    expect(await call(club, basketAction, "/kurv", fields)).toMatchObject({ status: 302 });
    const [request] = await selectRentalOrders(database.db).where(eq(orders.userId, club));
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, request!.id));
    const dayLine = lines.find((line) => line.kind === "day")!;
    expect(dayLine.totalOere).toBe(250_000);
    const changes = { prices: { [dayLine.id]: 200_000 }, custom: null, note: null };
    const deps = { ...collaborators, publicUrl: "https://scene.test" };
    expect(await approveRequest(deps, request!.id, changes, now)).toEqual({ ok: true });
    return request!.id;
  }

  /** The offer accepted and its depositum paid with the demo provider. */
  async function bookedOffer(club: string, ahead: number) {
    const orderId = await offerTo(club, ahead);
    const accepted = await call(club, offerAction, `/tilbud/${orderId}`, { intent: "accept", kontrakt: "ja" });
    expect(accepted).toMatchObject({ status: 302, location: `/betaling?ordre=${orderId}` });
    expect(await call(club, paymentAction, "/betaling", { ordre: orderId })).toMatchObject({ status: 302 });
    return orderId;
  }

  const paymentsOf = async (orderId: string) =>
    (await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId))).sort((a, b) =>
      a.dueDay.localeCompare(b.dueDay),
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    Object.assign(
      cookies,
      await signedInAccounts(database.db, collaborators.auth, { tilbud: "user", liste: "user", rest: "user" }),
    );
    await updateReservationSettings(
      { db: database.db, freshness: testFreshness(database.db) },
      { depositumPercent: 25, depositumFixedOere: null, balanceDaysBefore: 30, securityDepositOere: 200_000 },
      [{ customerType: "forening", bookingMode: "request", weekdayPriceOere: 250_000, weekendPriceOere: 250_000 }],
    );
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("states on the offer the depositum and the balance that are then charged: 25 % of the rent alone", async () => {
    const orderId = await offerTo("tilbud", 70);
    const offer = await call("tilbud", offerLoader, `/tilbud/${orderId}`);
    expect(offer.body).toMatchObject({
      total: "4.000,00 kr.",
      plan: [
        { label: "Depositum", amount: "500,00 kr." },
        // The rest of the rent, and the security deposit with it.
        { label: "Restbeløb", amount: "3.500,00 kr." },
      ],
    });
    // The contract on the page states that plan too, and is the text its acceptance records.
    const shown = (offer.body as { contract: string }).contract;
    expect(shown).toContain("Depositum: 500,00 kr.");
    const accepted = await call("tilbud", offerAction, `/tilbud/${orderId}`, { intent: "accept", kontrakt: "ja" });
    expect(accepted).toMatchObject({ status: 302 });
    expect((await paymentsOf(orderId)).map((payment) => payment.amountOere)).toEqual([50_000, 350_000]);
    const [acceptance] = await database.db
      .select()
      .from(contractAcceptances)
      .where(eq(contractAcceptances.orderId, orderId));
    expect(acceptance?.text).toBe(shown);
    expect((await call("tilbud", paymentLoader, `/betaling?ordre=${orderId}`)).body).toMatchObject({
      now: { label: "Depositum", amount: "500,00 kr." },
    });
  });

  it("lists the booked day in Mine reservationer at the order's own price, not the list price", async () => {
    await bookedOffer("liste", 75);
    const mine = await call("liste", myReservationsLoader, "/alle-reservationer");
    expect(mine.body).toMatchObject({ upcoming: [{ price: "2.000,00 kr." }] });
    // The admin's Reservationer, and its export, the same.
    const day = addDays(todayInCopenhagen(now), 75);
    const [booked] = await listBookings(database.db, { from: day, to: day });
    expect(booked).toMatchObject({ day, priceOere: 200_000 });
  });

  it("shows on /success the receipt of the balance just paid, not the depositum's", async () => {
    const orderId = await bookedOffer("rest", 80);
    const pay = await call("rest", myReservationsAction, "/alle-reservationer", { intent: "pay", ordre: orderId });
    expect(pay).toMatchObject({ status: 302, location: `/betaling?ordre=${orderId}` });
    expect(await call("rest", paymentAction, "/betaling", { ordre: orderId })).toMatchObject({ status: 302 });
    const [depositum, balance] = await paymentsOf(orderId);
    expect(balance!.receiptNumber).toBe(depositum!.receiptNumber! + 1);
    const success = await call("rest", successLoader, `/success?ordre=${orderId}`);
    expect(success.body).toMatchObject({ receipt: { receiptNumber: balance!.receiptNumber } });
    const mail = collaborators.mailer.sent.at(-1);
    expect(mail?.subject).toBe(`Kvittering nr. ${balance!.receiptNumber}: restbeløbet er betalt`);
  });
});
