import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, orders, tickets, ticketSales, ticketTypes, ticketWaitlist } from "~/db/schema";
import type { PaymentProvider } from "~/features/payment/provider.server";
import { holdTickets, releaseAllRunOutHolds } from "~/features/tickets/holds.server";
import { confirmTicketOrder } from "~/features/tickets/orders.server";
import { refundTicketOrder } from "~/features/tickets/refunds.server";
import { newTicketToken } from "~/features/tickets/tokens.server";
import { forgetPastWaitlists, mailWaitlistOffers } from "~/features/tickets/waitlist.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as payAction } from "~/routes/billetter.ordre";
import { action as signUpAction } from "~/routes/koncerter.event-venteliste";
import { action as leaveAction, loader as placeLoader } from "~/routes/venteliste";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { createConcertOnSale, createUser } from "../support/factories";
import { routeArgs } from "../support/route-args";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const HOUR = 3_600_000;

describe.each(databaseKinds)("the concert waitlist on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  let staffId = "";
  const now = new Date();
  const early = new Date(now.getTime() - HOUR);

  /** Unique numbers for this run: addresses, client addresses and titles never meet another test's. */
  let counter = 0;
  const next = () => ++counter;
  const fanEmail = (label: string) => `${label}-${next()}-${kind}@example.dk`;
  /** Each sign-up comes from a client address of its own unless a test says otherwise (the limit is per address). */
  const freshClient = () => `198.51.${Math.floor(counter / 250)}.${(next() % 250) + 1}`;

  /** A concert a week ahead with an open sale of `capacity` Ordinær tickets (195 kr. and a 15 kr. fee each). */
  const concertWithSale = async (capacity: number, startsAt = new Date(now.getTime() + 7 * 24 * HOUR)) => {
    const title = `Ventelistekoncert ${next()}`;
    const sale = { capacity: String(capacity), feeOere: "15", type_antal_0: String(capacity) };
    return {
      ...(await createConcertOnSale(database.db, { title, startsAt, event: { published: true }, sale })),
      title,
    };
  };

  /** Holds `count` tickets for a buyer, at `at` (an hour ago: the hold has run out by `now`). */
  const hold = async (concert: { eventId: string; ordinary: string }, count: number, at = early) => {
    const held = await holdTickets(
      database.db,
      "demo",
      concert.eventId,
      { [concert.ordinary]: count },
      { name: "Køber", email: fanEmail("koeber"), userId: null },
      at,
    );
    if (!held.ok) throw new Error(`not held: ${held.refusal.reason}`);
    return held;
  };

  /** A concert whose `capacity` tickets are all held by one buyer whose hold has run out by `now`. */
  const soldOutConcert = async (capacity = 2) => {
    const concert = await concertWithSale(capacity);
    const held = await hold(concert, capacity);
    expect(held.soldOut).toBe(true);
    return { ...concert, held };
  };

  /** "Skriv mig op" through the route's action, from a client address. */
  const signUp = (eventId: string, fields: Record<string, string>, clientIp = freshClient()) =>
    callRoute(
      (args) => signUpAction({ ...args, context: routeArgs("/", { clientIp }).context }),
      `/koncerter/${eventId}/venteliste`,
      { cookie: "", params: { eventId }, fields },
    );
  const fan = (name: string, wanted = 2) => ({
    navn: name,
    email: fanEmail(name.toLowerCase()),
    antal: String(wanted),
  });

  const placesOf = (eventId: string) =>
    database.db
      .select()
      .from(ticketWaitlist)
      .where(eq(ticketWaitlist.eventId, eventId))
      .orderBy(asc(ticketWaitlist.position));
  const placeOf = async (email: string) =>
    (await database.db.select().from(ticketWaitlist).where(eq(ticketWaitlist.email, email)))[0]!;
  const takenOf = async (eventId: string) =>
    (await database.db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId)))[0]!.taken;
  const capacityOf = async (eventId: string) =>
    (await database.db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId)))[0]!.capacity;
  const mailsTo = (email: string, subject?: RegExp) =>
    collaborators.mailer.sent.filter((mail) => mail.to === email && (!subject || subject.test(mail.subject)));
  const heldTicketsOf = (orderId: string) =>
    database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.orderId, orderId), eq(tickets.status, "held")));
  const orderOf = async (orderId: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const mailDeps = () => ({ db: database.db, mailer: collaborators.mailer, config: collaborators.config });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database, { env: { DEMO_PAYMENTS: "true" } });
    setCollaborators(collaborators);
    staffId = (await createUser(database.db, { role: "admin" })).id;
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("signs a fan up on a sold-out concert once, with one mail, though the same address asks twice", async () => {
    const { eventId, title } = await soldOutConcert();
    const mette = fan("Mette", 2);
    const first = await signUp(eventId, { ...mette, email: mette.email.toUpperCase() });
    expect(first).toMatchObject({ status: 200, body: { done: true, email: mette.email } });
    const again = await signUp(eventId, mette);
    expect(again).toMatchObject({ status: 200, body: { done: true, email: mette.email } });

    const places = await placesOf(eventId);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ email: mette.email, name: "Mette", wanted: 2, status: "waiting", orderId: null });
    expect(places[0]!.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const mails = mailsTo(mette.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Du er på ventelisten: ${title}`);
    expect(mails[0]!.text).toContain(`${collaborators.config.PUBLIC_URL}/venteliste/${places[0]!.token}`);
  });

  it.each([
    {
      case: "a concert that is not sold out",
      soldOut: false,
      fields: { antal: "2" },
      status: 409,
      formError: "Der er stadig billetter. Køb dem på billetsiden.",
    },
    {
      case: "more tickets than the sale's most per order",
      soldOut: true,
      fields: { antal: "7" },
      status: 409,
      formError: "Du kan højst skrive dig op til så mange billetter, som man kan købe på én ordre.",
    },
    {
      case: "a malformed e-mail address",
      soldOut: true,
      fields: { email: "mette@" },
      status: 400,
      fieldErrors: { email: ["Skriv en gyldig e-mailadresse"] },
    },
    {
      case: "a name of 200,000 characters",
      soldOut: true,
      fields: { navn: "M".repeat(200_000) },
      status: 400,
      fieldErrors: { navn: ["Navnet må højst have 100 tegn"] },
    },
  ])("refuses $case in Danish with $status and changes nothing", async (refusal) => {
    const { eventId } = refusal.soldOut ? await soldOutConcert() : await concertWithSale(10);
    const taken = await takenOf(eventId);
    const mailed = collaborators.mailer.sent.length;
    const fields = { ...fan("Mette"), ...refusal.fields };
    const answer = await signUp(eventId, fields);
    expect(answer.status).toBe(refusal.status);
    if (refusal.formError) expect((answer.body as { formError?: string }).formError).toBe(refusal.formError);
    if (refusal.fieldErrors) expect(answer.body?.fieldErrors).toMatchObject(refusal.fieldErrors);
    expect(await placesOf(eventId)).toEqual([]);
    expect(collaborators.mailer.sent.length).toBe(mailed);
    expect(await takenOf(eventId)).toBe(taken);
  });

  it("refuses sign-ups to a cancelled (Aflyst) concert and writes nothing", async () => {
    const { eventId } = await soldOutConcert();
    await database.db.update(events).set({ status: "aflyst" }).where(eq(events.id, eventId));
    const mette = fan("Mette", 1);
    const answer = await signUp(eventId, mette);
    // The page itself says "Ventelisten er ikke åben." for a cancelled concert (ticketShop's state "closed").
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(await placesOf(eventId)).toEqual([]);
    expect(mailsTo(mette.email)).toEqual([]);
  });

  it("refuses an unknown concert with 404 and writes nothing", async () => {
    const email = fanEmail("ukendt");
    const eventId = randomUUID();
    const answer = await signUp(eventId, { navn: "Ukendt", email, antal: "1" });
    expect(answer.status).toBe(404);
    expect(await database.db.select().from(ticketWaitlist).where(eq(ticketWaitlist.email, email))).toEqual([]);
    expect(mailsTo(email)).toEqual([]);
  });

  it("refuses the 11th sign-up within the hour from one client address with 429, and no other address", async () => {
    const { eventId } = await soldOutConcert();
    const client = "203.0.113.77";
    for (let n = 0; n < 10; n++) {
      expect(await signUp(eventId, fan(`Flood${n}`, 1), client)).toMatchObject({ status: 200, body: { done: true } });
    }
    const eleventh = fan("Flood10", 1);
    const refused = await signUp(eventId, eleventh, client);
    expect(refused.status).toBe(429);
    expect((refused.body as { formError?: string }).formError).toBe(
      "Der er kommet mange tilmeldinger fra din forbindelse. Prøv igen senere.",
    );
    expect(await placesOf(eventId)).toHaveLength(10);
    expect(mailsTo(eleventh.email)).toEqual([]);
    // Another connection is not limited by this one.
    expect(await signUp(eventId, eleventh, "203.0.113.78")).toMatchObject({ status: 200, body: { done: true } });
    expect(await placesOf(eventId)).toHaveLength(11);
  });

  it("gives a run-out hold's tickets to the first fan waiting, held for 24 hours, and the second still waits", async () => {
    const concert = await soldOutConcert(2);
    const capacity = await capacityOf(concert.eventId);
    const first = fan("Anna", 3);
    const second = fan("Bo", 1);
    await signUp(concert.eventId, first);
    await signUp(concert.eventId, second);

    await releaseAllRunOutHolds(database.db, "demo", now);

    const anna = await placeOf(first.email);
    expect(anna).toMatchObject({ status: "offered", offeredAt: now });
    expect(anna.orderId).not.toBeNull();
    const order = await orderOf(anna.orderId!);
    // The fewer of what she asked for (3) and what came free (2); 2 × 195 kr. and 2 × 15 kr. fee.
    expect(order).toMatchObject({
      sale: "tickets",
      status: "pending",
      eventId: concert.eventId,
      bookerEmail: first.email,
      provider: "demo",
      totalOere: 42000,
    });
    const held = await heldTicketsOf(order.id);
    expect(held).toHaveLength(2);
    for (const ticket of held) expect(ticket.expiresAt).toEqual(new Date(now.getTime() + 24 * HOUR));
    expect(await placeOf(second.email)).toMatchObject({ status: "waiting", orderId: null });
    expect(await takenOf(concert.eventId)).toBe(capacity);
    const [type] = await database.db.select().from(ticketTypes).where(eq(ticketTypes.id, concert.ordinary));
    expect(type!.taken).toBe(type!.capacity);
  });

  it("offers a fan no more than their address may still hold, and passes on to the next meanwhile", async () => {
    const concert = await concertWithSale(12);
    const full = fan("Fuld", 2);
    for (const count of [6, 4]) {
      const bought = await holdTickets(
        database.db,
        "demo",
        concert.eventId,
        { [concert.ordinary]: count },
        { name: "Fuld", email: full.email, userId: null },
      );
      if (!bought.ok) throw new Error("not held");
      expect(await confirmTicketOrder(database.db, bought.orderId)).toMatchObject({ status: "confirmed" });
    }
    await hold(concert, 2);
    const other = fan("Bent", 2);
    await signUp(concert.eventId, full);
    await signUp(concert.eventId, other);

    await releaseAllRunOutHolds(database.db, "demo", now);

    // The first on the list has bought the sale's most per e-mail (10): the freed two go to the next.
    expect(await placeOf(full.email)).toMatchObject({ status: "waiting", orderId: null });
    const next = await placeOf(other.email);
    expect(next.status).toBe("offered");
    expect(await heldTicketsOf(next.orderId!)).toHaveLength(2);
  });

  it("serves the fans in the order they signed up, each time tickets come free", async () => {
    const concert = await concertWithSale(2);
    // Two holds that run out ten minutes apart (a hold made after another ran out would free it at once).
    await hold(concert, 1, early);
    const second = await hold(concert, 1, new Date(early.getTime() + 5 * 60_000));
    expect(second.soldOut).toBe(true);
    // Not in the alphabet's order, nor (the ids being random) any other order but the sign-ups'.
    const [cecilie, anna, bo] = [fan("Cecilie", 1), fan("Anna", 1), fan("Bo", 1)];
    for (const each of [cecilie, anna, bo]) {
      expect(await signUp(concert.eventId, each)).toMatchObject({ body: { done: true } });
    }

    await releaseAllRunOutHolds(database.db, "demo", new Date(early.getTime() + 12 * 60_000));
    expect((await placesOf(concert.eventId)).map((place) => [place.name, place.status])).toEqual([
      ["Cecilie", "offered"],
      ["Anna", "waiting"],
      ["Bo", "waiting"],
    ]);

    await releaseAllRunOutHolds(database.db, "demo", now);
    const places = await placesOf(concert.eventId);
    expect(places.map((place) => [place.name, place.status])).toEqual([
      ["Cecilie", "offered"],
      ["Anna", "offered"],
      ["Bo", "waiting"],
    ]);
    const annasTickets = await heldTicketsOf(places[1]!.orderId!);
    expect(annasTickets).toHaveLength(1);
    expect(annasTickets[0]!.expiresAt).toEqual(new Date(now.getTime() + 24 * HOUR));
    expect(await takenOf(concert.eventId)).toBe(2);
  });

  it("mails each offer once though two mailings run at once, and the fan pays the offered order", async () => {
    const { eventId, title } = await soldOutConcert(2);
    const mette = fan("Mette", 2);
    await signUp(eventId, mette);
    await releaseAllRunOutHolds(database.db, "demo", now);
    const place = await placeOf(mette.email);
    const order = await orderOf(place.orderId!);

    await Promise.all([mailWaitlistOffers(mailDeps(), now), mailWaitlistOffers(mailDeps(), now)]);
    await mailWaitlistOffers(mailDeps(), now);
    const offers = mailsTo(mette.email, /^Der er billetter til dig: /);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.subject).toBe(`Der er billetter til dig: ${title}`);
    const orderPath = `/billetter/ordre/${order.accessToken}`;
    expect(offers[0]!.text).toContain(`${collaborators.config.PUBLIC_URL}${orderPath}`);
    expect((await placeOf(mette.email)).mailedAt).toEqual(now);

    const token = order.accessToken!;
    const paid = await callRoute(payAction, orderPath, { cookie: "", params: { token }, fields: { intent: "betal" } });
    expect(paid.status).toBe(302);
    expect(await orderOf(order.id)).toMatchObject({ status: "paid" });
    const sold = await database.db.select().from(tickets).where(eq(tickets.orderId, order.id));
    expect(sold.map((ticket) => ticket.status)).toEqual(["sold", "sold"]);
    expect(await takenOf(eventId)).toBe(2);
    expect(mailsTo(mette.email, /^Dine billetter: /)).toHaveLength(1);
  });

  it("lets an offer not paid within 24 hours go to the next fan", async () => {
    const { eventId } = await soldOutConcert(2);
    const [first, second] = [fan("Anna", 2), fan("Bo", 2)];
    await signUp(eventId, first);
    await signUp(eventId, second);
    await releaseAllRunOutHolds(database.db, "demo", now);
    const annasOrder = (await placeOf(first.email)).orderId!;
    expect(await heldTicketsOf(annasOrder)).toHaveLength(2);

    // A day is not yet over: nothing moves.
    await releaseAllRunOutHolds(database.db, "demo", new Date(now.getTime() + 23 * HOUR));
    expect(await placeOf(second.email)).toMatchObject({ status: "waiting" });

    const dayAfter = new Date(now.getTime() + 25 * HOUR);
    await releaseAllRunOutHolds(database.db, "demo", dayAfter);
    expect(await heldTicketsOf(annasOrder)).toEqual([]);
    const bo = await placeOf(second.email);
    expect(bo).toMatchObject({ status: "offered", offeredAt: dayAfter });
    const bosTickets = await heldTicketsOf(bo.orderId!);
    expect(bosTickets).toHaveLength(2);
    for (const ticket of bosTickets) expect(ticket.expiresAt).toEqual(new Date(dayAfter.getTime() + 24 * HOUR));
    expect(await takenOf(eventId)).toBe(2);
    // Anna paying now is too late: the tickets are Bo's.
    expect(await confirmTicketOrder(database.db, annasOrder, dayAfter)).toMatchObject({ status: "failed" });
    expect(await takenOf(eventId)).toBe(2);
  });

  it.each([
    { case: "offers a refunded order's tickets to the waitlist", cancelled: false },
    { case: "offers nothing when the concert is cancelled (Aflyst)", cancelled: true },
  ])("$case", async ({ cancelled }) => {
    const concert = await concertWithSale(2);
    const bought = await hold(concert, 2, now);
    expect(await confirmTicketOrder(database.db, bought.orderId, now)).toMatchObject({ status: "confirmed" });
    const mette = fan("Mette", 1);
    expect(await signUp(concert.eventId, mette)).toMatchObject({ body: { done: true } });
    if (cancelled) await database.db.update(events).set({ status: "aflyst" }).where(eq(events.id, concert.eventId));

    const refunds: number[] = [];
    const provider: Pick<PaymentProvider, "refund" | "name"> = {
      name: "demo",
      refund: async ({ amountOere }) => {
        refunds.push(amountOere);
        return null;
      },
    };
    const refunded = await refundTicketOrder({ db: database.db, provider }, bought.orderId, {
      userId: staffId,
      reason: "Test",
    });
    expect(refunded).toEqual({ ok: true, amountOere: 42000 });
    expect(refunds).toEqual([42000]);

    const place = await placeOf(mette.email);
    if (cancelled) {
      expect(place).toMatchObject({ status: "waiting", orderId: null });
      expect(await takenOf(concert.eventId)).toBe(0);
      expect(await database.db.select().from(orders).where(eq(orders.bookerEmail, mette.email))).toEqual([]);
    } else {
      expect(place.status).toBe("offered");
      expect(await orderOf(place.orderId!)).toMatchObject({ status: "pending", bookerEmail: mette.email });
      expect(await heldTicketsOf(place.orderId!)).toHaveLength(1);
      expect(await takenOf(concert.eventId)).toBe(1);
    }
  });

  it("shows a fan their place by the mail's link and takes them off, so freed tickets pass them by", async () => {
    const { eventId, title } = await soldOutConcert(1);
    const [leaving, staying] = [fan("Anna", 1), fan("Bo", 1)];
    await signUp(eventId, leaving);
    await signUp(eventId, staying);
    const { token } = await placeOf(leaving.email);
    const link = /\/venteliste\/([A-Za-z0-9_-]{22})/.exec(mailsTo(leaving.email)[0]!.text)![1];
    expect(link).toBe(token);
    const path = `/venteliste/${token}`;

    const page = await callRoute(placeLoader, path, { cookie: "", params: { token } });
    expect(page).toMatchObject({
      status: 200,
      body: { status: "waiting", wanted: 1, concert: { id: eventId, title } },
    });
    const left = await callRoute(leaveAction, path, { cookie: "", params: { token }, fields: {} });
    expect(left).toMatchObject({ status: 200, body: { left: true } });
    expect(await placeOf(leaving.email)).toMatchObject({ status: "left" });
    expect((await callRoute(placeLoader, path, { cookie: "", params: { token } })).body).toMatchObject({
      status: "left",
    });

    await releaseAllRunOutHolds(database.db, "demo", now);
    expect(await placeOf(leaving.email)).toMatchObject({ status: "left", orderId: null });
    expect(await database.db.select().from(orders).where(eq(orders.bookerEmail, leaving.email))).toEqual([]);
    expect(await placeOf(staying.email)).toMatchObject({ status: "offered" });

    // One character changed is another token, which names no place.
    const other = await placeOf(staying.email);
    const altered = `${other.token.slice(0, -1)}${other.token.endsWith("A") ? "B" : "A"}`;
    const alteredPath = `/venteliste/${altered}`;
    expect((await callRoute(placeLoader, alteredPath, { cookie: "", params: { token: altered } })).status).toBe(404);
    expect(
      (await callRoute(leaveAction, alteredPath, { cookie: "", params: { token: altered }, fields: {} })).status,
    ).toBe(404);
    expect(await placeOf(staying.email)).toMatchObject({ status: "offered" });
  });

  it("forgets the waitlists of concerts that have started and keeps the others", async () => {
    const started = await concertWithSale(2, new Date(now.getTime() - 5 * 60_000));
    const coming = await concertWithSale(2, new Date(now.getTime() + 5 * 60_000));
    for (const { eventId } of [started, coming]) {
      await database.db.insert(ticketWaitlist).values(
        ["a", "b"].map((label) => ({
          eventId,
          name: label,
          email: fanEmail(label),
          wanted: 1,
          token: newTicketToken(),
        })),
      );
    }
    expect(await forgetPastWaitlists(database.db, now)).toBeGreaterThanOrEqual(2);
    expect(await placesOf(started.eventId)).toEqual([]);
    expect(await placesOf(coming.eventId)).toHaveLength(2);
  });

  it("keeps the waitlist of a concert moved (Flyttet) to a later date after its first date has passed", async () => {
    const moved = await concertWithSale(2, new Date(now.getTime() - 24 * HOUR));
    await database.db
      .update(events)
      .set({ status: "flyttet", movedTo: new Date(now.getTime() + 30 * 24 * HOUR) })
      .where(eq(events.id, moved.eventId));
    await database.db
      .insert(ticketWaitlist)
      .values({ eventId: moved.eventId, name: "a", email: fanEmail("flyttet"), wanted: 1, token: newTicketToken() });
    await forgetPastWaitlists(database.db, now);
    expect(await placesOf(moved.eventId)).toHaveLength(1);
  });
});
