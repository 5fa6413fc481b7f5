import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOns, orderLines, orders } from "~/db/schema";
import { hoursField } from "~/features/rental/add-ons";
import { forgetOfferedAddOns } from "~/features/rental/add-ons.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay, releaseHold } from "~/features/rental/holds.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as detailsAction } from "~/routes/bruger.update";
import { action as basketAction, loader as basketLoader } from "~/routes/kurv";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { testCollaborators } from "../support/collaborators";
import { createSession, createUser } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

/**
 * Issue 54, "Lost add-ons": a private renter with no address on file ticks add-ons and goes to payment; she is sent
 * to her details first, and back on the basket her add-ons, with their hours, are still ticked.
 */
describe.each(databaseKinds)("the add-ons chosen survive the checkout's detour, on %s", (kind) => {
  let database: TestDatabase;
  const cookies: Record<string, string> = {};
  const ids = { sound: "", setup: "" };
  const day = (ahead: number) => addDays(todayInCopenhagen(), ahead);

  const call = (
    who: string,
    route: Parameters<typeof callRoute<Record<string, string>>>[0],
    path: string,
    fields?: Record<string, string>,
  ) => callRoute(route, path, { cookie: cookies[who]!, fields });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    setCollaborators(testCollaborators(database));
    const offered = await database.db
      .insert(addOns)
      .values([
        { name: "Lydtekniker", unit: "hour", priceOere: 45_000, position: 0 },
        { name: "Opstilling af borde og stole", unit: "booking", priceOere: 60_000, position: 1 },
      ])
      .returning({ id: addOns.id });
    [ids.sound, ids.setup] = offered.map((addOn) => addOn.id) as [string, string];
    forgetOfferedAddOns();
    for (const id of ["uden", "senere"]) {
      await createUser(database.db, { id, name: `Bruger ${id}` });
      cookies[id] = await createSession(testCollaborators(database).auth, id);
    }
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  const checkout = (who: string) => {
    const form = new URLSearchParams({ intent: "checkout", kontrakt: "ja", [hoursField(ids.sound)]: "4" });
    form.append("tilvalg", ids.sound);
    form.append("tilvalg", ids.setup);
    return callRoute(basketAction, "/kurv", { cookie: cookies[who]!, fields: form });
  };

  it("ticks them again, hours and all, after the details are saved, and the order gets them", async () => {
    expect((await holdDay(database.db, "uden", day(40))).ok).toBe(true);
    expect(await checkout("uden")).toMatchObject({ status: 302, location: "/bruger/update?redirectTo=%2Fkurv" });
    const saved = await call("uden", detailsAction, "/bruger/update?redirectTo=%2Fkurv", {
      intent: "contact-details",
      address: "Havnegade 3, 8000 Aarhus C",
      phone: "22 33 44 55",
    });
    expect(saved).toMatchObject({ status: 302, location: "/kurv" });
    const basket = await call("uden", basketLoader, "/kurv");
    expect(basket.body).toMatchObject({
      addOnValues: { tilvalg: `${ids.sound},${ids.setup}`, [hoursField(ids.sound)]: "4" },
    });
    // The form, ticked as the page shows it, is what the order is made of.
    expect(await checkout("uden")).toMatchObject({ status: 302 });
    const [order] = await selectRentalOrders(database.db).where(eq(orders.userId, "uden"));
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.filter((line) => line.kind === "add-on").map((line) => [line.quantity, line.totalOere])).toEqual([
      [4, 180_000],
      [1, 60_000],
    ]);
  });

  it("does not tick a choice made for days that have left the basket", async () => {
    const first = await holdDay(database.db, "senere", day(50));
    if (!first.ok) throw new Error(first.reason);
    expect(await checkout("senere")).toMatchObject({ status: 302, location: "/bruger/update?redirectTo=%2Fkurv" });
    await releaseHold(database.db, "senere", first.claimId);
    expect((await holdDay(database.db, "senere", day(51))).ok).toBe(true);
    const basket = await call("senere", basketLoader, "/kurv");
    expect(basket.body).toMatchObject({ addOnValues: {} });
  });
});
