import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { reservationSettings } from "~/db/schema";
import { blockDays } from "~/features/rental/admin.server";
import { addDays, shiftMonth, todayInCopenhagen } from "~/lib/days";
import { demoProvider } from "~/features/payment/provider.server";
import { getBasket, holdDay } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import type { Toast } from "~/features/toast/toast";
import { setCollaborators } from "~/lib/collaborators.server";
import { dayBounds } from "~/lib/format";
import { action, loader } from "~/routes/reservation";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createBooking, createSession, createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const holder = { id: "holder", name: "Hanne Holder", email: "hanne@example.dk", address: "Kurvgade 3, 8000 Aarhus C" };
const booker = { id: "booker", name: "Bent Booker", email: "bent@example.dk", address: "Kajgade 7, 8000 Aarhus C" };
const viewer = { id: "viewer", name: "Vera Viewer", email: "vera@example.dk", address: "Søgade 1, 8000 Aarhus C" };

describe.each(databaseKinds)("the reservation calendar's data on %s", (kind) => {
  let database: TestDatabase;
  let cookie = "";
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), 2);
  const heldDay = `${month}-10`;
  const bookedDay = `${month}-11`;
  const myBookedDay = `${month}-12`;
  const myHeldDay = `${month}-13`;
  const blockedDay = `${month}-14`;

  async function addPerson({ address, ...account }: typeof holder) {
    await createUser(database.db, { ...account, profile: { address, phone: "+4520123456" } });
  }

  /** Picks a day in the calendar as its fetcher does: `POST /reservation.data`. */
  const selectDay = async (day: string) => {
    const result = (await action(
      routeArgs("/reservation.data", {
        method: "POST",
        body: new URLSearchParams({ day, maaned: month }),
        headers: { Cookie: cookie },
      }),
    )) as unknown as { data: { toast: Toast }; init: ResponseInit };
    return { ...result.data, status: result.init.status };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    await addPerson(holder);
    await addPerson(booker);
    await addPerson(viewer);
    cookie = await createSession(collaborators.auth, viewer.id);
    expect((await holdDay(database.db, holder.id, heldDay)).ok).toBe(true);
    expect((await holdDay(database.db, booker.id, bookedDay)).ok).toBe(true);
    const order = await createOrder(database.db, booker.id, demoProvider);
    expect(await confirmOrder(database.db, order.ok ? order.orderId : "")).toMatchObject({ status: "confirmed" });
    await createBooking(database.db, viewer.id, myBookedDay);
    expect((await holdDay(database.db, viewer.id, myHeldDay)).ok).toBe(true);
    await blockDays(database.db, { from: blockedDay, to: blockedDay }, "Lukket for maling");
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("tells a held day from a booked one and sends nobody's address, name or e-mail to the browser", async () => {
    for (const headers of [{ Cookie: cookie }, {}] as Record<string, string>[]) {
      const data = await loader(routeArgs(`/reservation?maaned=${month}`, { headers }));
      const stateOf = (day: string) => data.days.find((view) => view.day === day)?.state;
      expect(stateOf(heldDay)).toBe("held-by-others");
      expect(stateOf(bookedDay)).toBe("others");
      const sent = JSON.stringify(data);
      for (const person of [holder, booker])
        for (const detail of Object.values(person)) expect(sent).not.toContain(detail);
    }
  });

  it("says only that a held day is taken for now", async () => {
    const answer = await selectDay(heldDay);
    expect(answer.toast).toEqual({
      kind: "info",
      message: "Dagen er optaget lige nu",
      detail: "En anden har dagen i sin kurv. Prøv igen senere.",
    });
    for (const detail of Object.values(holder)) expect(JSON.stringify(answer)).not.toContain(detail);
  });

  it("gives the booker's address for a booked day, as the spec's hint has it", async () => {
    expect((await selectDay(bookedDay)).toast).toEqual({
      kind: "info",
      message: "Dagen er allerede reserveret",
      detail: `Af adressen ${booker.address}`,
    });
  });

  it.each([
    ["a day before today", () => addDays(todayInCopenhagen(), -1), { message: "Dagen kan ikke længere reserveres" }],
    ["today", () => todayInCopenhagen(), { message: "Dagen kan ikke længere reserveres" }],
    [
      "a day beyond the horizon",
      () => addDays(todayInCopenhagen(), 366),
      { message: "Dagen kan ikke reserveres endnu" },
    ],
    ["a blocked day", () => blockedDay, { message: "Lukket for maling" }],
    ["a day in my basket", () => myHeldDay, { message: "Du har denne reservation i din indkøbskurv" }],
    ["a day I booked", () => myBookedDay, { message: "Du har selv reserveret dagen" }],
  ])("refuses %s with its own words, and changes nothing", async (_what, dayOf, toast) => {
    expect(await selectDay(dayOf())).toEqual({ toast: { kind: "info", ...toast }, status: 200 });
    expect((await getBasket(database.db, viewer.id)).items.map((item) => item.day)).toEqual([myHeldDay]);
  });

  it("refuses a day once the basket holds the most days per order, and says how many that is", async () => {
    await database.db.update(reservationSettings).set({ maxDaysPerOrder: 1 }).where(eq(reservationSettings.id, 1));
    try {
      expect(await selectDay(`${month}-15`)).toEqual({
        toast: {
          kind: "error",
          message: "Du kan højst reservere 1 dag ad gangen",
          detail: "Betal for dagene i kurven først.",
        },
        status: 409,
      });
    } finally {
      await database.db.update(reservationSettings).set({ maxDaysPerOrder: 14 }).where(eq(reservationSettings.id, 1));
    }
  });

  it("refuses a day that turned past between the calendar's answer and the pick", async () => {
    const day = addDays(todayInCopenhagen(), 2);
    const midnight = dayBounds(day).start.getTime();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(midnight - 10_000);
    const calendar = await loader(routeArgs(`/reservation?maaned=${day.slice(0, 7)}`, { headers: { Cookie: cookie } }));
    expect(calendar.days.find((view) => view.day === day)?.state).toBe("free");

    vi.setSystemTime(midnight + 10_000);
    expect(await selectDay(day)).toEqual({
      toast: { kind: "info", message: "Dagen kan ikke længere reserveres" },
      status: 200,
    });
  });

  it("puts a free day in the basket and tells the calendar's visitors", async () => {
    const answer = await selectDay(`${month}-16`);
    expect(answer).toMatchObject({
      toast: { kind: "success", message: "Dagen er lagt i din kurv" },
    });
  });
});
