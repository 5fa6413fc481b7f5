import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shiftMonth, todayInCopenhagen } from "~/features/reservation/days";
import { demoProvider } from "~/features/payment/provider.server";
import { holdDay } from "~/features/reservation/holds.server";
import { confirmOrder, createOrder } from "~/features/reservation/orders.server";
import type { Toast } from "~/features/toast/toast";
import { setCollaborators } from "~/lib/collaborators.server";
import { action, loader } from "~/routes/reservation";
import { signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const holder = { id: "holder", name: "Hanne Holder", email: "hanne@example.dk", address: "Kurvgade 3, 8000 Aarhus C" };
const booker = { id: "booker", name: "Bent Booker", email: "bent@example.dk", address: "Kajgade 7, 8000 Aarhus C" };

describe.each(databaseKinds)("the reservation calendar's data on %s", (kind) => {
  let database: TestDatabase;
  let cookie = "";
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), 2);
  const heldDay = `${month}-10`;
  const bookedDay = `${month}-11`;

  async function addPerson({ address, ...account }: typeof holder) {
    await createUser(database.db, { ...account, profile: { address, phone: "+4520123456" } });
  }

  const selectDay = async (day: string) => {
    const result = (await action(
      routeArgs("/reservation", {
        method: "POST",
        body: new URLSearchParams({ day, maaned: month }),
        headers: { Cookie: cookie },
      }),
    )) as unknown as { data: { toast: Toast } };
    return result.data;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    ({ cookie } = await signUpUser(collaborators.auth, {
      name: "Vera Viewer",
      email: "vera@example.dk",
      password: "Havnen-2026-kaj",
    }));
    await addPerson(holder);
    await addPerson(booker);
    expect((await holdDay(database.db, holder.id, heldDay)).ok).toBe(true);
    expect((await holdDay(database.db, booker.id, bookedDay)).ok).toBe(true);
    const order = await createOrder(database.db, booker.id, demoProvider);
    expect(await confirmOrder(database.db, order.ok ? order.orderId : "")).toMatchObject({ status: "confirmed" });
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
});
