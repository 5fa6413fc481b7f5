import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, ticketSales } from "~/db/schema";
import type { SaleSetupValues } from "~/features/tickets/sale-settings";
import { setCollaborators } from "~/lib/collaborators.server";
import { copenhagenInstant } from "~/lib/format";
import { action, loader } from "~/routes/admin.billetsalg.event";
import { testCollaborators } from "../support/collaborators";
import { createSession, createUser } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const DAY = 24 * 3_600_000;

describe.each(databaseKinds)("the admin's setup of a concert's own sale on %s", (kind) => {
  let database: TestDatabase;
  let cookie = "";
  // A whole minute: the form shows no seconds.
  const startsAt = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 7 * DAY);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    cookie = await createSession(collaborators.auth, (await createUser(database.db, { role: "admin" })).id);
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  const concert = async () => {
    const [row] = await database.db
      .insert(events)
      .values({ title: `Koncert ${Math.random()}`, startsAt, ticketSale: "own" })
      .returning({ id: events.id });
    return row!.id;
  };
  const setupOf = async (eventId: string) =>
    (
      (await callRoute(loader, `/billetsalg/${eventId}`, { cookie, params: { eventId } })).body as unknown as {
        setup: SaleSetupValues;
      }
    ).setup;
  const save = (eventId: string, fields: Record<string, string>) =>
    callRoute(action, `/billetsalg/${eventId}`, {
      cookie,
      params: { eventId },
      fields: { intent: "opsaet", ...fields },
    });
  const ordinary = { type_navn_0: "Ordinær", type_pris_0: "195", type_antal_0: "120" };
  const saleOf = (eventId: string) => database.db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId));

  it("shows a new sale the table's defaults until the concert, saves the form as shown, and shows what it saved", async () => {
    const eventId = await concert();
    const { types, ...shown } = await setupOf(eventId);
    expect(types).toEqual([]);
    expect(shown).toMatchObject({
      capacity: "",
      maxPerOrder: "6",
      maxPerEmail: "10",
      feeOere: "0",
      buyersMayCancel: "",
    });
    const [date, time] = shown.closesAt.split("T");
    expect(copenhagenInstant(date!, time!)).toEqual(startsAt);

    const saved = await save(eventId, {
      ...shown,
      capacity: "120",
      feeOere: "12,50",
      buyersMayCancel: "ja",
      ...ordinary,
    });
    expect(saved.status).toBe(200);
    expect(await saleOf(eventId)).toMatchObject([
      { capacity: 120, closesAt: startsAt, maxPerOrder: 6, maxPerEmail: 10, feeOere: 1250, buyersMayCancel: true },
    ]);
    expect(await setupOf(eventId)).toMatchObject({
      capacity: "120",
      closesAt: shown.closesAt,
      feeOere: "12,50",
      buyersMayCancel: "ja",
      types: [{ name: "Ordinær", price: "195", capacity: "120", taken: 0 }],
    });
  });

  it("refuses bad settings in Danish by their fields, keeps what was typed and saves nothing", async () => {
    const eventId = await concert();
    const { types: _, ...shown } = await setupOf(eventId);
    const refused = await save(eventId, { ...shown, capacity: "0", feeOere: "femten", ...ordinary });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      fieldErrors: {
        capacity: ["Angiv det samlede antal billetter, 1 eller flere"],
        feeOere: ["Angiv et beløb i kroner, fx 1.250,50"],
      },
      values: { capacity: "0", feeOere: "femten" },
    });
    expect(await saleOf(eventId)).toEqual([]);
  });
});
