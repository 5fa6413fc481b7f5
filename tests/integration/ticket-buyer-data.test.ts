import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orderPayments, orders, queueJobs, tickets, ticketSales, ticketTypes } from "~/db/schema";
import { MAIL_QUEUE } from "~/features/email/outbox.server";
import { ERASED_BUYER_NAME, erasedBuyerEmail } from "~/features/tickets/buyer-data";
import { eraseTicketBuyer } from "~/features/tickets/buyer-erasure.server";
import { checkIn } from "~/features/tickets/door.server";
import type { TicketBuyer } from "~/features/tickets/held-orders.server";
import { holdTickets, releaseAllRunOutHolds } from "~/features/tickets/holds.server";
import { confirmTicketOrder } from "~/features/tickets/orders.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as orderAction, loader as orderLoader } from "~/routes/billetter.ordre";
import { loader as ticketLoader } from "~/routes/billet";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { createConcertOnSale, createUser } from "../support/factories";
import { callRoute, type RouteAnswer } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const DAY = 24 * 3_600_000;

describe.each(databaseKinds)("a ticket buyer's own data, from the order's link, on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  let staffId = "";
  const now = new Date();

  /** A concert `daysAhead` from now (negative: past) with an open sale of Ordinær tickets at 195 kr. */
  const concert = (daysAhead = 7) =>
    createConcertOnSale(database.db, {
      title: `Koncert ${Math.random()}`,
      startsAt: new Date(now.getTime() + daysAhead * DAY),
    });
  const buyer = (email: string, userId: string | null = null): TicketBuyer => ({ name: "Mette Musik", email, userId });
  const hold = async (at: { eventId: string; ordinary: string }, who: TicketBuyer, count = 2, when = now) => {
    const held = await holdTickets(database.db, "demo", at.eventId, { [at.ordinary]: count }, who, when);
    if (!held.ok) throw new Error(`not held: ${held.refusal.reason}`);
    return held;
  };
  const paidOrder = async (at: { eventId: string; ordinary: string }, who: TicketBuyer, count = 2) => {
    const held = await hold(at, who, count);
    expect(await confirmTicketOrder(database.db, held.orderId)).toMatchObject({ status: "confirmed" });
    return held;
  };
  const ask = (token: string, intent: string, extra: Record<string, string> = {}) =>
    callRoute(orderAction, `/billetter/ordre/${token}`, {
      cookie: "",
      params: { token },
      fields: { intent, ...extra },
    });
  const orderPage = (token: string) =>
    callRoute(orderLoader, `/billetter/ordre/${token}`, { cookie: "", params: { token } });
  const ticketPage = (token: string) => callRoute(ticketLoader, `/billet/${token}`, { cookie: "", params: { token } });
  const takenOf = async (eventId: string) =>
    (await database.db.select().from(ticketSales).where(eq(ticketSales.eventId, eventId)))[0]!.taken;
  const toastOf = (answer: RouteAnswer) => (answer.body as { toast?: { message: string; detail?: string } }).toast;
  /** The toast a redirect carries to the next page, in its flash cookie. */
  const flashOf = (answer: RouteAnswer) => {
    const cookie = /scene-toast=([A-Za-z0-9_-]+)/.exec(answer.response?.headers.get("Set-Cookie") ?? "")?.[1];
    if (!cookie) return undefined;
    return JSON.parse(Buffer.from(cookie, "base64url").toString()) as { message: string; detail?: string };
  };
  const orderRow = async (orderId: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const ticketRows = (orderId: string) =>
    database.db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.createdAt, tickets.id);

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

  it("mails every order of the order's address, across concerts, to that address only, with the data as JSON", async () => {
    const first = await concert();
    const second = await concert(14);
    const paid = await paidOrder(first, buyer("sofie@example.dk"));
    const unpaid = await hold(second, buyer("sofie@example.dk"), 1);
    const someoneElse = await paidOrder(first, buyer("other@example.dk"));
    const [checkedIn] = await ticketRows(paid.orderId);
    await checkIn(database.db, { eventId: first.eventId, scanned: checkedIn!.token, staffId });
    collaborators.mailer.sent.length = 0;

    // An address in the request is no one's business: the mail goes to the order's own.
    const answer = await ask(paid.accessToken, "send-oplysninger", { email: "attacker@example.dk" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/billetter/ordre/${paid.accessToken}`);
    expect(flashOf(answer)?.message).toBe("Vi har sendt dine billetter og oplysninger til sofie@example.dk");
    expect(collaborators.mailer.sent).toHaveLength(1);
    const mail = collaborators.mailer.sent[0]!;
    expect(mail.to).toBe("sofie@example.dk");
    expect(mail.subject).toMatch(/^Dine billetter og oplysninger hos /);
    expect(mail.text).toContain(`/billetter/ordre/${paid.accessToken}`);
    expect(mail.text).toContain(`/billetter/ordre/${unpaid.accessToken}`);
    expect(mail.text).not.toContain(someoneElse.accessToken);
    for (const ticket of await ticketRows(paid.orderId)) expect(mail.text).toContain(`/billet/${ticket.token}`);

    const attachment = mail.attachments?.find((file) => file.filename === "mine-billetdata.json");
    expect(attachment?.contentType).toBe("application/json");
    const data = JSON.parse(attachment!.content) as {
      email: string;
      orders: {
        url: string;
        status: string;
        bookerEmail: string;
        totalOere: number;
        receiptNumber: number | null;
        lines: { description: string; quantity: number }[];
        payments: { amountOere: number; receiptNumber: number | null }[];
        tickets: { holderName: string; checkedInAt: string | null; url: string }[];
      }[];
    };
    expect(data.email).toBe("sofie@example.dk");
    expect(data.orders.map((order) => order.url.split("/").at(-1))).toEqual([paid.accessToken, unpaid.accessToken]);
    const [paidData, unpaidData] = data.orders;
    const receiptNumber = (await orderRow(paid.orderId))!.receiptNumber;
    expect(paidData).toMatchObject({
      status: "paid",
      bookerEmail: "sofie@example.dk",
      totalOere: 39000,
      receiptNumber,
    });
    expect(paidData!.lines).toEqual([expect.objectContaining({ description: "Billet: Ordinær", quantity: 2 })]);
    expect(paidData!.payments).toEqual([
      { kind: "everything", amountOere: 39000, dueDay: expect.any(String), paidAt: expect.any(String), receiptNumber },
    ]);
    expect(paidData!.tickets.filter((ticket) => ticket.checkedInAt !== null)).toHaveLength(1);
    expect(paidData!.tickets.every((ticket) => ticket.holderName === "Mette Musik")).toBe(true);
    expect(unpaidData).toMatchObject({ status: "pending", receiptNumber: null, tickets: [{ checkedInAt: null }] });
  });

  it("sends the data three times an hour per order, then answers 429 in Danish and sends nothing", async () => {
    const held = await paidOrder(await concert(), buyer("rate@example.dk"));
    collaborators.mailer.sent.length = 0;
    for (let time = 0; time < 3; time++) expect((await ask(held.accessToken, "send-oplysninger")).status).toBe(302);
    const fourth = await ask(held.accessToken, "send-oplysninger");
    expect(fourth.status).toBe(429);
    expect(toastOf(fourth)).toEqual({
      kind: "error",
      message: "Dine oplysninger er ikke sendt igen",
      detail: "Du har allerede bedt om dem 3 gange inden for en time. Prøv igen senere.",
    });
    expect(collaborators.mailer.sent).toHaveLength(3);
  });

  it("deletes an unpaid order with its tickets, giving held tickets back once though a sweep and a second delete run at once", async () => {
    const at = await concert();
    const early = new Date(now.getTime() - 3_600_000);
    // Its hold ran out an hour ago, but no sweep or later hold has freed it yet: the counters still count it.
    const other = await hold(at, buyer("stays@example.dk"), 1);
    const unpaid = await hold(at, buyer("gone@example.dk"), 3, early);
    expect(await takenOf(at.eventId)).toBe(4);

    const [answer, again] = await Promise.all([
      ask(unpaid.accessToken, "slet-oplysninger"),
      ask(unpaid.accessToken, "slet-oplysninger"),
      releaseAllRunOutHolds(database.db, "demo", now),
    ]);
    expect([answer.status, again.status].sort()).toEqual([302, 404]);
    const done = answer.status === 302 ? answer : again;
    expect(done.location).toBe("/");
    expect(flashOf(done)).toEqual({
      kind: "success",
      message: "Ordren og dine oplysninger er slettet",
      detail: "Linket til ordren virker ikke længere.",
    });
    expect(await takenOf(at.eventId)).toBe(1);
    const [type] = await database.db.select().from(ticketTypes).where(eq(ticketTypes.id, at.ordinary));
    expect(type!.taken).toBe(1);
    expect(await orderRow(unpaid.orderId)).toBeUndefined();
    expect(await ticketRows(unpaid.orderId)).toEqual([]);
    expect(await database.db.select().from(orderLines).where(eq(orderLines.orderId, unpaid.orderId))).toEqual([]);
    expect(await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, unpaid.orderId))).toEqual([]);
    expect((await orderPage(unpaid.accessToken)).status).toBe(404);
    expect((await orderRow(other.orderId))?.bookerEmail).toBe("stays@example.dk");
  });

  it("keeps a paid order of a past concert with its amounts and receipt, and forgets who bought it", async () => {
    const past = await concert(-3);
    const fan = await createUser(database.db, { name: "Mette Musik", email: "past@example.dk" });
    const paid = await paidOrder(past, buyer("past@example.dk", fan.id));
    const [first] = await ticketRows(paid.orderId);
    await checkIn(database.db, { eventId: past.eventId, scanned: first!.token, staffId });
    const before = (await orderRow(paid.orderId))!;
    const ticketsBefore = await ticketRows(paid.orderId);
    const takenBefore = await takenOf(past.eventId);
    const [ours, anothers] = await database.db
      .insert(queueJobs)
      .values([
        { queue: MAIL_QUEUE, payload: mailNaming(paid.accessToken, "Dine billetter") },
        { queue: MAIL_QUEUE, payload: mailNaming("ingen-ordre", "Nyhedsbrev") },
      ])
      .returning({ id: queueJobs.id });

    const answer = await ask(paid.accessToken, "slet-oplysninger");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/");
    expect(flashOf(answer)?.message).toBe("Dit navn og din e-mailadresse er slettet fra ordren");

    const after = (await orderRow(paid.orderId))!;
    expect(after).toMatchObject({
      status: "paid",
      bookerName: ERASED_BUYER_NAME,
      bookerEmail: erasedBuyerEmail(paid.orderId),
      userId: null,
      totalOere: before.totalOere,
      vatOere: before.vatOere,
      receiptNumber: before.receiptNumber,
      paidAt: before.paidAt,
    });
    expect(after.accessToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(after.accessToken).not.toBe(paid.accessToken);
    const [payment] = await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, paid.orderId));
    expect(payment).toMatchObject({ amountOere: before.totalOere, receiptNumber: before.receiptNumber });
    expect(await database.db.select().from(orderLines).where(eq(orderLines.orderId, paid.orderId))).toHaveLength(1);

    const ticketsAfter = await ticketRows(paid.orderId);
    expect(ticketsAfter.map((ticket) => ticket.holderName)).toEqual([ERASED_BUYER_NAME, ERASED_BUYER_NAME]);
    expect(ticketsAfter.map((ticket) => ticket.status)).toEqual(["sold", "sold"]);
    expect(ticketsAfter.map((ticket) => ticket.checkedInAt)).toEqual(ticketsBefore.map((ticket) => ticket.checkedInAt));
    expect(await takenOf(past.eventId)).toBe(takenBefore);

    // The links in the buyer's mails open nothing any more, and the outbox forgot the mail that named the order.
    expect((await orderPage(paid.accessToken)).status).toBe(404);
    for (const ticket of ticketsBefore) expect((await ticketPage(ticket.token)).status).toBe(404);
    const kept = await database.db
      .select({ id: queueJobs.id })
      .from(queueJobs)
      .where(inArray(queueJobs.id, [ours!.id, anothers!.id]));
    expect(kept).toEqual([{ id: anothers!.id }]);
  });

  it("refuses, in Danish, to erase an order with valid tickets to a concert still to come, and changes nothing", async () => {
    const coming = await concert(2);
    const paid = await paidOrder(coming, buyer("coming@example.dk"));
    const before = await orderRow(paid.orderId);
    const ticketsBefore = await ticketRows(paid.orderId);

    const answer = await ask(paid.accessToken, "slet-oplysninger");
    expect(answer.status).toBe(409);
    expect(toastOf(answer)).toEqual({
      kind: "error",
      message: "Dine oplysninger kan ikke slettes nu",
      detail:
        "Ordren har gyldige billetter til en koncert, der ikke har været endnu, og de skal kunne bruges ved indgangen. Vent til efter koncerten, eller skriv til os.",
    });
    expect(await orderRow(paid.orderId)).toEqual(before);
    expect(await ticketRows(paid.orderId)).toEqual(ticketsBefore);
    // The page says so before anyone asks, in place of the button.
    const page = (await orderPage(paid.accessToken)).body as unknown as { erasure: { refused?: string } };
    expect(page.erasure.refused).toMatch(/^Ordren har gyldige billetter/);
  });

  it("keeps an order whose checkout at the provider is still open: a payment may still come", async () => {
    const at = await concert();
    const held = await holdTickets(database.db, "stripe", at.eventId, { [at.ordinary]: 1 }, buyer("paying@example.dk"));
    if (!held.ok) throw new Error("not held");
    const stripe = { name: "stripe" as const, checkoutSessionSeconds: 32 * 60 };
    const erased = await eraseTicketBuyer({ db: database.db, payments: stripe }, held.orderId, now);
    expect(erased).toMatchObject({ ok: false, reason: "refused", refusal: { reason: "payment-open" } });
    expect(await takenOf(at.eventId)).toBe(1);
    // From the real clock: the order was made now, and `now` was read when the file began.
    const later = new Date(Date.now() + 33 * 60_000);
    expect(await eraseTicketBuyer({ db: database.db, payments: stripe }, held.orderId, later)).toEqual({
      ok: true,
      erasure: "delete",
      freed: 1,
    });
    expect(await takenOf(at.eventId)).toBe(0);
  });

  it.each(["send-oplysninger", "slet-oplysninger"])("answers %s on an altered token with 404", async (intent) => {
    const paid = await paidOrder(await concert(-2), buyer("altered@example.dk"));
    const token = paid.accessToken;
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    collaborators.mailer.sent.length = 0;
    expect((await ask(altered, intent)).status).toBe(404);
    expect(collaborators.mailer.sent).toEqual([]);
    expect((await orderRow(paid.orderId))?.bookerEmail).toBe("altered@example.dk");
  });
});

/** A mail as the outbox keeps it, naming an order's link. */
const mailNaming = (accessToken: string, subject: string) => ({
  to: "past@example.dk",
  subject,
  text: `Din ordre: https://scene.test/billetter/ordre/${accessToken}`,
  html: "",
});
