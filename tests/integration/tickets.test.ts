import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, orderCancellations, orders, tickets, ticketSales } from "~/db/schema";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { checkIn, doorCount } from "~/features/tickets/door.server";
import { holdTickets, releaseAllRunOutHolds } from "~/features/tickets/holds.server";
import { confirmTicketOrder } from "~/features/tickets/orders.server";
import { refundTicketOrder } from "~/features/tickets/refunds.server";
import { ownSales, salesOf } from "~/features/tickets/sales.server";
import { ticketSaleSetupSchema } from "~/features/tickets/sale-settings";
import { saveTicketSale } from "~/features/tickets/setup.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as buyAction } from "~/routes/koncerter.event-billetter";
import { action as payAction, loader as orderLoader } from "~/routes/billetter.ordre";
import { loader as ticketLoader } from "~/routes/billet";
import { action as listAction } from "~/routes/admin.list";
import { loader as myReservationsLoader } from "~/routes/alle-reservationer";
import { routeArgs } from "../support/route-args";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { createConcertOnSale, createSession, createUser } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const HOUR = 3_600_000;

describe.each(databaseKinds)("the venue's own ticket sale on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  let staffId = "";
  const now = new Date();

  /** A concert a week ahead with an open sale of `capacity` tickets: Ordinær (195 kr.) and Studerende (125 kr.). */
  const concertWithSale = (capacity = 100, overrides: Partial<Record<string, string>> = {}) =>
    createConcertOnSale(database.db, {
      title: `Koncert ${Math.random()}`,
      startsAt: new Date(now.getTime() + 7 * 24 * HOUR),
      sale: {
        capacity: String(capacity),
        feeOere: "15",
        type_antal_0: String(capacity),
        type_navn_1: "Studerende",
        type_pris_1: "125",
        type_antal_1: String(Math.min(20, capacity)),
        ...overrides,
      },
    });
  const buyer = (n: number) => ({ name: `Fan ${n}`, email: `fan${n}@example.dk`, userId: null });
  const takenOf = async (eventId: string) =>
    (await database.db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId)))[0]!.taken;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database, { env: { DEMO_PAYMENTS: "true" } });
    setCollaborators(collaborators);
    staffId = (await createUser(database.db, { role: "door" })).id;
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("buys two tickets without an account, pays with the demo, and mails each ticket's link and one PDF", async () => {
    const { eventId, ordinary } = await concertWithSale();
    const bought = await callRoute(buyAction, `/koncerter/${eventId}/billetter`, {
      cookie: "",
      params: { eventId },
      fields: { [`antal-${ordinary}`]: "2", navn: "Mette Musik", email: "Mette@Example.dk", vilkaar: "ja" },
    });
    expect(bought.status).toBe(302);
    const token = /^\/billetter\/ordre\/([A-Za-z0-9_-]{22})$/.exec(bought.location ?? "")![1]!;
    const [order] = await database.db.select().from(orders).where(eq(orders.accessToken, token));
    // 2 × 195 kr. and 2 × 15 kr. fee, each line with 25 % moms.
    expect(order).toMatchObject({
      sale: "tickets",
      status: "pending",
      totalOere: 42000,
      vatOere: 8400,
      bookerEmail: "mette@example.dk",
    });
    expect(await takenOf(eventId)).toBe(2);

    const paid = await callRoute(payAction, `/billetter/ordre/${token}`, {
      cookie: "",
      params: { token },
      fields: { intent: "betal" },
    });
    expect(paid.status).toBe(302);
    const page = await callRoute(orderLoader, `/billetter/ordre/${token}`, { cookie: "", params: { token } });
    const body = page.body as unknown as { status: string; tickets: { token: string }[] };
    expect(body.status).toBe("paid");
    expect(body.tickets).toHaveLength(2);

    const mail = collaborators.mailer.sent.at(-1)!;
    expect(mail.to).toBe("mette@example.dk");
    expect(mail.subject).toMatch(/^Dine billetter: /);
    for (const ticket of body.tickets) expect(mail.text).toContain(`/billet/${ticket.token}`);
    expect(mail.attachments?.[0]).toMatchObject({ filename: "billetter.pdf", contentType: "application/pdf" });
    expect(Buffer.from(mail.attachments![0]!.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");

    // The admin's views count the order's tickets.
    const sales = await salesOf(database.db, eventId);
    expect(sales.buyers).toEqual([
      expect.objectContaining({ email: "mette@example.dk", tickets: 2, totalOere: 42000 }),
    ]);
    expect(sales.types.find((type) => type.id === ordinary)).toMatchObject({ sold: 2, held: 0, checkedIn: 0 });
    expect(sales.tickets).toMatchObject({ totalOere: 39000, vatOere: 7800 });
    expect(sales.fees).toMatchObject({ totalOere: 3000, vatOere: 600 });
    expect((await ownSales(database.db)).find((sale) => sale.id === eventId)).toMatchObject({ sold: 2, capacity: 100 });

    const ticketToken = body.tickets[0]!.token;
    const ticketPage = await callRoute(ticketLoader, `/billet/${ticketToken}`, {
      cookie: "",
      params: { token: ticketToken },
    });
    expect(ticketPage.status).toBe(200);
    // One character changed is another token, which names no ticket.
    const altered = `${ticketToken.slice(0, -1)}${ticketToken.endsWith("A") ? "B" : "A"}`;
    expect(
      (await callRoute(ticketLoader, `/billet/${altered}`, { cookie: "", params: { token: altered } })).status,
    ).toBe(404);
  });

  it.each([
    ["more than the order's limit", { ordinary: "7" }, 400, "Du kan højst købe 6 billetter på én ordre."],
    ["zero tickets", { ordinary: "0" }, 400, "Vælg mindst én billet."],
    ["a negative number", { ordinary: "-1" }, 400, undefined],
  ])("refuses %s in Danish and changes nothing", async (_, quantities, status, formError) => {
    const { eventId, ordinary } = await concertWithSale();
    const answer = await callRoute(buyAction, `/koncerter/${eventId}/billetter`, {
      cookie: "",
      params: { eventId },
      fields: { [`antal-${ordinary}`]: quantities.ordinary, navn: "Mette", email: "mette@example.dk", vilkaar: "ja" },
    });
    expect(answer.status).toBe(status);
    if (formError) expect((answer.body as { formError?: string }).formError).toBe(formError);
    else expect(answer.body?.fieldErrors?.[`antal-${ordinary}`]).toEqual(["Skriv et helt antal fra 0 og op"]);
    expect(await takenOf(eventId)).toBe(0);
    expect(await database.db.select().from(orders).where(eq(orders.eventId, eventId))).toEqual([]);
  });

  it("refuses a closed sale with 409", async () => {
    const { eventId, ordinary } = await concertWithSale(100, { closesAt: "2020-06-01T10:00" });
    const answer = await callRoute(buyAction, `/koncerter/${eventId}/billetter`, {
      cookie: "",
      params: { eventId },
      fields: { [`antal-${ordinary}`]: "1", navn: "Mette", email: "mette@example.dk", vilkaar: "ja" },
    });
    expect(answer.status).toBe(409);
    expect((answer.body as { formError?: string }).formError).toBe("Billetsalget er lukket.");
  });

  it("refuses to sell tickets to a cancelled concert, as its pages say the sale is closed", async () => {
    const { eventId, ordinary } = await concertWithSale();
    await database.db.update(events).set({ status: "aflyst" }).where(eq(events.id, eventId));
    const answer = await callRoute(buyAction, `/koncerter/${eventId}/billetter`, {
      cookie: "",
      params: { eventId },
      fields: { [`antal-${ordinary}`]: "1", navn: "Mette", email: "mette@example.dk", vilkaar: "ja" },
    });
    expect(answer.status).toBe(409);
    expect((answer.body as { formError?: string }).formError).toBe("Billetsalget er lukket.");
    expect(await takenOf(eventId)).toBe(0);
  });

  it("counts an e-mail's tickets across its orders", async () => {
    const { eventId, ordinary } = await concertWithSale();
    expect((await holdTickets(database.db, "demo", eventId, { [ordinary]: 6 }, buyer(1))).ok).toBe(true);
    const second = await holdTickets(database.db, "demo", eventId, { [ordinary]: 5 }, buyer(1));
    expect(second).toMatchObject({ ok: false, refusal: { reason: "over-email-limit", already: 6 } });
  });

  it("sells the last ticket once when 50 buyers try at the same moment", async () => {
    const { eventId, ordinary } = await concertWithSale(1, { type_navn_1: "" });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        holdTickets(database.db, "demo", eventId, { [ordinary]: 1 }, buyer(100 + n)),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(
      answers.filter((answer) => !answer.ok).every((answer) => !answer.ok && answer.refusal.reason === "sold-out"),
    ).toBe(true);
    expect(await takenOf(eventId)).toBe(1);
    const held = await database.db.select().from(tickets).where(eq(tickets.eventId, eventId));
    expect(held).toHaveLength(1);
  });

  it("frees a hold that ran out exactly once, though two sweeps run at once, and sells it to the next", async () => {
    const { eventId, ordinary } = await concertWithSale(2, { type_navn_1: "" });
    const early = new Date(now.getTime() - HOUR);
    const first = await holdTickets(database.db, "demo", eventId, { [ordinary]: 2 }, buyer(200), early);
    expect(first.ok).toBe(true);
    expect(await takenOf(eventId)).toBe(2);
    const freed = await Promise.all([
      releaseAllRunOutHolds(database.db, "demo", now),
      releaseAllRunOutHolds(database.db, "demo", now),
    ]);
    expect(freed[0]! + freed[1]!).toBe(2);
    expect(await takenOf(eventId)).toBe(0);
    expect((await holdTickets(database.db, "demo", eventId, { [ordinary]: 2 }, buyer(201))).ok).toBe(true);
    // The first buyer pays too late: their tickets went to someone else, so nothing is sold to them.
    const late = await confirmTicketOrder(database.db, first.ok ? first.orderId : "", now);
    expect(late).toMatchObject({ status: "failed" });
    expect(await takenOf(eventId)).toBe(2);
  });

  it("checks a ticket in once when two doors scan it at the same moment, and tells another concert's ticket", async () => {
    const concert = await concertWithSale();
    const other = await concertWithSale();
    const held = await holdTickets(database.db, "demo", concert.eventId, { [concert.ordinary]: 3 }, buyer(300));
    const elsewhere = await holdTickets(database.db, "demo", other.eventId, { [other.ordinary]: 1 }, buyer(301));
    if (!held.ok || !elsewhere.ok) throw new Error("not held");
    await confirmTicketOrder(database.db, held.orderId);
    await confirmTicketOrder(database.db, elsewhere.orderId);
    const [ticket] = await database.db.select().from(tickets).where(eq(tickets.orderId, held.orderId));
    const scan = () =>
      checkIn(database.db, { eventId: concert.eventId, scanned: `https://x.dk/billet/${ticket!.token}`, staffId });
    const outcomes = await Promise.all([scan(), scan()]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["admitted", "already"]);
    expect(outcomes.find((outcome) => outcome.kind === "admitted")).toEqual({
      kind: "admitted",
      position: 1,
      ofOrder: 3,
    });
    expect(await doorCount(database.db, concert.eventId)).toEqual({ sold: 3, checkedIn: 1 });

    const [second] = await database.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, held.orderId))
      .orderBy(tickets.createdAt)
      .offset(1);
    const byCode = await checkIn(database.db, {
      eventId: concert.eventId,
      scanned: `${second!.doorCode.slice(0, 4).toLowerCase()}-${second!.doorCode.slice(4)}`,
      staffId,
    });
    expect(byCode).toEqual({ kind: "admitted", position: 2, ofOrder: 3 });
    const [foreign] = await database.db.select().from(tickets).where(eq(tickets.orderId, elsewhere.orderId));
    expect(await checkIn(database.db, { eventId: concert.eventId, scanned: foreign!.token, staffId })).toMatchObject({
      kind: "other-concert",
    });
    expect(await checkIn(database.db, { eventId: concert.eventId, scanned: "ZZZZ-ZZZZ", staffId })).toEqual({
      kind: "unknown",
    });
  });

  it("refunds an order once when the refund is asked twice at the same moment", async () => {
    const { eventId, ordinary } = await concertWithSale();
    const held = await holdTickets(database.db, "demo", eventId, { [ordinary]: 2 }, buyer(400));
    if (!held.ok) throw new Error("not held");
    await confirmTicketOrder(database.db, held.orderId);
    const refunds: number[] = [];
    const provider: Pick<PaymentProvider, "refund" | "name"> = {
      name: "demo",
      refund: async ({ amountOere }) => {
        refunds.push(amountOere);
        return null;
      },
    };
    const results = await Promise.all([
      refundTicketOrder({ db: database.db, provider }, held.orderId, { userId: staffId, reason: "Test" }),
      refundTicketOrder({ db: database.db, provider }, held.orderId, { userId: staffId, reason: "Test" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(refunds).toEqual([42000]);
    expect(await takenOf(eventId)).toBe(0);
    expect(
      await database.db.select().from(orderCancellations).where(eq(orderCancellations.orderId, held.orderId)),
    ).toHaveLength(1);
    const statuses = await database.db
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.orderId, held.orderId));
    expect(statuses.every((ticket) => ticket.status === "refunded")).toBe(true);
  });

  it("records a refund's days before a moved concert by its new date", async () => {
    const { eventId, ordinary } = await concertWithSale();
    await database.db
      .update(events)
      .set({ status: "flyttet", movedTo: new Date(now.getTime() + 30 * 24 * HOUR) })
      .where(eq(events.id, eventId));
    const held = await holdTickets(database.db, "demo", eventId, { [ordinary]: 1 }, buyer(450));
    if (!held.ok) throw new Error("not held");
    await confirmTicketOrder(database.db, held.orderId);
    const provider: Pick<PaymentProvider, "refund" | "name"> = { name: "demo", refund: async () => null };
    await refundTicketOrder({ db: database.db, provider }, held.orderId, { userId: staffId, reason: "Test" }, now);
    const [cancellation] = await database.db
      .select({ daysBefore: orderCancellations.daysBefore })
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, held.orderId));
    expect(cancellation).toEqual({ daysBefore: 30 });
  });

  it("refuses a capacity below what is sold or held", async () => {
    const { eventId, ordinary } = await concertWithSale(10, { type_navn_1: "" });
    await holdTickets(database.db, "demo", eventId, { [ordinary]: 4 }, buyer(500));
    const smaller = ticketSaleSetupSchema.parse({
      capacity: "3",
      opensAt: "2020-01-01T10:00",
      closesAt: "2099-01-01T10:00",
      maxPerOrder: "6",
      maxPerEmail: "10",
      feeOere: "0",
      type_id_0: ordinary,
      type_navn_0: "Ordinær",
      type_pris_0: "195",
      type_antal_0: "10",
    });
    expect(await saveTicketSale(database.db, eventId, smaller)).toMatchObject({ field: "capacity" });
    expect(await takenOf(eventId)).toBe(4);
  });

  it("keeps a concert with sold tickets: deleting it is refused in Danish, and it stays", async () => {
    const { eventId, ordinary } = await concertWithSale();
    const held = await holdTickets(database.db, "demo", eventId, { [ordinary]: 1 }, buyer(600));
    if (!held.ok) throw new Error("not held");
    await confirmTicketOrder(database.db, held.orderId);
    const admin = await createUser(database.db, { role: "admin" });
    const cookie = await createSession(collaborators.auth, admin.id);
    const form = new FormData();
    form.set("intent", "delete");
    form.set("id", eventId);
    const answer = (await listAction(
      routeArgs("/event", { method: "POST", body: form, headers: { Cookie: cookie } }),
    )) as {
      data: { toast: unknown };
    };
    expect(answer.data.toast).toEqual({
      kind: "error",
      message: "Koncerten kan ikke slettes, fordi der er solgt billetter til den. Sæt den til Aflyst i stedet.",
    });
    expect(await database.db.select({ id: events.id }).from(events).where(eq(events.id, eventId))).toHaveLength(1);
  });

  it("fills in a signed-in buyer and lists the order under Mine billetter", async () => {
    const { eventId, ordinary } = await concertWithSale();
    const fan = await createUser(database.db, { name: "Sofie Signeret", email: "sofie@example.dk" });
    const cookie = await createSession(collaborators.auth, fan.id);
    const bought = await callRoute(buyAction, `/koncerter/${eventId}/billetter`, {
      cookie,
      params: { eventId },
      fields: { [`antal-${ordinary}`]: "3", navn: "Sofie Signeret", email: "sofie@example.dk", vilkaar: "ja" },
    });
    const token = bought.location!.split("/").at(-1)!;
    await callRoute(payAction, bought.location!, { cookie, params: { token }, fields: { intent: "betal" } });
    const mine = await callRoute(myReservationsLoader, "/alle-reservationer", { cookie });
    expect((mine.body as unknown as { ticketOrders: unknown[] }).ticketOrders).toEqual([
      expect.objectContaining({ orderPath: `/billetter/ordre/${token}`, tickets: 3, refunded: false, past: false }),
    ]);
  });

  it.each([
    ["not allowed for the concert", undefined, 409, "paid"],
    ["allowed for the concert", "ja", 302, "cancelled"],
  ])("lets a buyer cancel their own order only when %s", async (_, buyersMayCancel, status, after) => {
    const { eventId, ordinary } = await concertWithSale(100, buyersMayCancel ? { buyersMayCancel } : {});
    const held = await holdTickets(database.db, "demo", eventId, { [ordinary]: 2 }, buyer(700));
    if (!held.ok) throw new Error("not held");
    await confirmTicketOrder(database.db, held.orderId);
    const token = held.accessToken;
    const answer = await callRoute(payAction, `/billetter/ordre/${token}`, {
      cookie: "",
      params: { token },
      fields: { intent: "afbestil" },
    });
    expect(answer.status).toBe(status);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, held.orderId));
    expect(order!.status).toBe(after);
    expect(await takenOf(eventId)).toBe(after === "cancelled" ? 0 : 2);
  });
});
