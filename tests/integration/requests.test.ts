import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { contractAcceptances, dayClaims, orderLines, orderPayments, orders } from "~/db/schema";
import { MailOutbox } from "~/features/email/outbox.server";
import { queuedMails } from "../support/queued-mail";
import { chooseCustomerType } from "~/features/rental/basket.server";
import { acceptOffer, approveRequest, expireRequests, openRequests } from "~/features/rental/requests.server";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { calendarDays } from "~/features/rental/calendar.server";
import { addDays, formatDay, todayInCopenhagen } from "~/lib/days";
import { getBasket, holdDay } from "~/features/rental/holds.server";
import { demoProvider } from "~/features/payment/provider.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as answerAction } from "~/routes/admin.forespoergsler";
import { action as basketAction } from "~/routes/kurv";
import { action as offerAction, loader as offerLoader } from "~/routes/tilbud";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { recordingMailer, testCollaborators, testFreshness, type TestCollaborators } from "../support/collaborators";
import { signedInAccounts } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("requests and offers on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  const cookies: Record<string, string> = {};
  const now = new Date();
  const day = (offset: number) => addDays(todayInCopenhagen(now), offset);

  /** Calls a route as a form would (a loader with "GET"), as `who`; the offer's page takes its order from the path. */
  const call = <Params extends Record<string, string>>(
    route: Parameters<typeof callRoute<Params>>[0],
    path: string,
    who: string,
    fields: Record<string, string> = {},
    method = "POST",
  ) => {
    const params = (path.startsWith("/tilbud/") ? { ordre: path.split("/")[2]! } : {}) as Params;
    return callRoute(route, path, { cookie: cookies[who]!, fields: method === "POST" ? fields : undefined, params });
  };

  const ordersOf = (userId: string) => selectRentalOrders(database.db).where(eq(orders.userId, userId));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    Object.assign(
      cookies,
      await signedInAccounts(database.db, collaborators.auth, { klub: "user", anden: "user", admin: "admin" }),
    );
    await updateReservationSettings(
      { db: database.db, freshness: testFreshness(database.db) },
      { depositumPercent: 25, depositumFixedOere: null, balanceDaysBefore: 30, requestDays: 3, offerDays: 7 },
      [{ customerType: "forening", bookingMode: "request", weekdayPriceOere: 250_000, weekendPriceOere: 350_000 }],
    );
    await chooseCustomerType(database.db, "klub", "forening");
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  const requestFields = { intent: "request", organisation: "Vesterbro Jazzklub", gaester: "80", formaal: "Jubilæum" };

  it("refuses a request without its purpose in Danish and changes nothing", async () => {
    expect((await holdDay(database.db, "klub", day(70), now)).ok).toBe(true);
    const refused = await call(basketAction, "/kurv", "klub", { ...requestFields, formaal: " " });
    expect(refused).toMatchObject({
      status: 400,
      body: { fieldErrors: { formaal: ["Skriv, hvad salen skal bruges til"] } },
    });
    expect(await ordersOf("klub")).toEqual([]);
    expect((await getBasket(database.db, "klub")).items).toHaveLength(1);
    // A type that books by request cannot check out directly.
    expect(
      await call(basketAction, "/kurv", "klub", { ...requestFields, intent: "checkout", kontrakt: "ja" }),
    ).toMatchObject({
      status: 409,
    });
  });

  it("sends a request: its days held out of the basket, taken for others, both sides told", async () => {
    expect((await holdDay(database.db, "klub", day(71), now)).ok).toBe(true);
    expect(await call(basketAction, "/kurv", "klub", requestFields)).toMatchObject({
      status: 302,
      location: "/alle-reservationer",
    });
    const [request] = await ordersOf("klub");
    expect(request).toMatchObject({
      status: "requested",
      guests: 80,
      purpose: "Jubilæum",
      bookerOrganisation: "Vesterbro Jazzklub",
    });
    expect(request!.answerBy!.getTime() - Date.now()).toBeGreaterThan(3 * 24 * 3600_000 - 60_000);
    expect((await getBasket(database.db, "klub")).items).toEqual([]);
    const [seen] = await calendarDays(database.db, { from: day(70), to: day(70) }, "anden");
    expect(seen?.state).toBe("held-by-others");
    expect((await holdDay(database.db, "anden", day(70))).ok).toBe(false);
    // The requester sees the days as their request, not as in their basket.
    const [own] = await calendarDays(database.db, { from: day(70), to: day(70) }, "klub");
    expect(own?.state).toBe("requested");
    expect(await holdDay(database.db, "klub", day(70))).toEqual({ ok: false, reason: "requested" });
    const subjects = collaborators.mailer.sent.map((mail) => mail.subject);
    expect(subjects).toContain("Vi har modtaget din forespørgsel");
    expect(subjects.some((subject) => subject.startsWith("Ny forespørgsel: "))).toBe(true);
  });

  it("makes one offer of two approvals at once, with a line adjusted and one added", async () => {
    const [request] = await openRequests(database.db);
    const [firstDay] = request!.lines;
    const fields = {
      intent: "approve",
      ordre: request!.id,
      [`pris_${firstDay!.id}`]: "2.000",
      ekstra_tekst: "Ekstra opstilling",
      ekstra_beloeb: "500",
      note: "Velkommen!",
    };
    const answers = await Promise.all([
      call(answerAction, "/forespoergsler", "admin", fields),
      call(answerAction, "/forespoergsler", "admin", fields),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [offer] = await ordersOf("klub");
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, offer!.id));
    const secondDay = request!.lines[1]!;
    expect(lines.map((line) => [line.kind, line.totalOere])).toEqual(
      expect.arrayContaining([
        ["day", 200_000],
        ["day", secondDay.totalOere],
        ["custom", 50_000],
      ]),
    );
    const total = 200_000 + secondDay.totalOere + 50_000;
    // The days' rent is exempt (decision 054); the admin's own line is a service at 25 %.
    expect(offer).toMatchObject({ status: "offered", totalOere: total, vatOere: 50_000 / 5, answer: "Velkommen!" });
    expect(collaborators.mailer.sent.filter((mail) => mail.subject === "Dit tilbud på leje af salen")).toHaveLength(1);
  });

  it("refuses bad prices in Danish and another account's use of the offer link", async () => {
    const [offer] = await ordersOf("klub");
    expect(await call(offerLoader, `/tilbud/${offer!.id}`, "anden", {}, "GET")).toMatchObject({ status: 404 });
    expect(
      await call(offerAction, `/tilbud/${offer!.id}`, "anden", { intent: "accept", kontrakt: "ja" }),
    ).toMatchObject({
      status: 404,
    });
    expect((await ordersOf("klub"))[0]).toMatchObject({ status: "offered" });
  });

  it("turns the accepted offer into an order with its payment plan, to be paid", async () => {
    const [offer] = await ordersOf("klub");
    expect(await call(offerAction, `/tilbud/${offer!.id}`, "klub", { intent: "accept" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { kontrakt: ["Sæt kryds for at acceptere lejekontrakten"] } },
    });
    const accepted = await call(offerAction, `/tilbud/${offer!.id}`, "klub", { intent: "accept", kontrakt: "ja" });
    expect(accepted).toMatchObject({ status: 302, location: `/betaling?ordre=${offer!.id}` });
    const payments = await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, offer!.id));
    const depositum = Math.round(offer!.totalOere / 4);
    expect(payments.map((payment) => [payment.kind, payment.amountOere]).sort()).toEqual([
      ["balance", offer!.totalOere - depositum],
      ["depositum", depositum],
    ]);
    expect((await ordersOf("klub"))[0]).toMatchObject({ status: "pending" });
    // The contract accepted: its exact text, with the offer's lines, the terms and the house rules, and its hash.
    const [acceptance] = await database.db
      .select()
      .from(contractAcceptances)
      .where(eq(contractAcceptances.orderId, offer!.id));
    expect(acceptance).toMatchObject({ userId: "klub" });
    expect(acceptance!.text).toContain("Ekstra opstilling: 500,00 kr.");
    expect(acceptance!.text).toContain("Lejer: Vesterbro Jazzklub (v/ Bruger klub)");
    expect(acceptance!.sha256).toBe(createHash("sha256").update(acceptance!.text).digest("hex"));
  });

  it("expires a request not answered and an offer not accepted, freeing the days and telling both sides", async () => {
    for (const offset of [80, 81]) {
      expect((await holdDay(database.db, "klub", day(offset), now)).ok).toBe(true);
      expect(await call(basketAction, "/kurv", "klub", requestFields)).toMatchObject({ status: 302 });
    }
    const open = await selectRentalOrders(database.db).where(
      and(eq(orders.userId, "klub"), eq(orders.status, "requested")),
    );
    expect(open).toHaveLength(2);
    const offered = open.find((order) => order.days.includes(day(81)))!;
    expect(
      await approveRequest({ ...collaborators, publicUrl: "https://scene.test" }, offered.id, {
        prices: {},
        custom: null,
        note: null,
      }),
    ).toEqual({ ok: true });

    const later = new Date(now.getTime() + 8 * 24 * 3600_000);
    expect(await acceptOffer(database.db, "klub", offered.id, demoProvider, later)).toEqual({
      ok: false,
      reason: "expired",
    });
    const outbox = new MailOutbox(database.db, recordingMailer(), pino({ level: "silent" }), "havnescenen.dk");
    const deps = { db: database.db, outbox, publicUrl: "https://scene.test" };
    const [first, again] = await Promise.all([expireRequests(deps, later), expireRequests(deps, later)]);
    expect(first + again).toBe(2);
    const expired = await selectRentalOrders(database.db).where(
      inArray(
        orders.id,
        open.map((order) => order.id),
      ),
    );
    expect(expired.map((order) => order.status)).toEqual(["expired", "expired"]);
    const held = await database.db
      .select()
      .from(dayClaims)
      .where(inArray(dayClaims.day, [day(80), day(81)]));
    expect(held).toEqual([]);
    const mails = await queuedMails(database.db);
    expect(mails.map((mail) => mail.message.subject).sort()).toEqual([
      "Forespørgslen på leje af salen er udløbet",
      "Forespørgslen på leje af salen er udløbet",
      "Tilbuddet på leje af salen er udløbet",
      "Tilbuddet på leje af salen er udløbet",
    ]);
    expect(
      await call(offerAction, `/tilbud/${offered.id}`, "klub", { intent: "accept", kontrakt: "ja" }),
    ).toMatchObject({
      status: 409,
    });
  });

  it("declines with a reason and other days proposed, which must be free; the days asked for are free again", async () => {
    expect((await holdDay(database.db, "klub", day(100), now)).ok).toBe(true);
    expect(await call(basketAction, "/kurv", "klub", requestFields)).toMatchObject({ status: 302 });
    const [request] = (await ordersOf("klub")).filter((order) => order.status === "requested");
    expect((await holdDay(database.db, "anden", day(103), now)).ok).toBe(true);
    const decline = { intent: "decline", ordre: request!.id, begrundelse: "Salen males den uge." };

    const taken = await call(answerAction, "/forespoergsler", "admin", {
      ...decline,
      dag_1: day(102),
      dag_2: day(103),
    });
    expect(taken.status).toBe(409);
    expect((await ordersOf("klub")).find((order) => order.id === request!.id)?.status).toBe("requested");
    expect((await call(answerAction, "/forespoergsler", "admin", { ...decline, dag_1: "i morgen" })).status).toBe(400);

    const declined = await call(answerAction, "/forespoergsler", "admin", {
      ...decline,
      dag_1: day(105),
      dag_2: day(104),
    });
    expect(declined.status).toBe(200);
    expect((await ordersOf("klub")).find((order) => order.id === request!.id)?.status).toBe("declined");
    const [freed] = await calendarDays(database.db, { from: day(100), to: day(100) }, "anden");
    expect(freed?.state).toBe("free");
    const mail = collaborators.mailer.sent.findLast((sent) => sent.subject === "Svar på din forespørgsel");
    expect(mail?.text).toContain("Salen males den uge.");
    expect(mail?.text).toContain(`I stedet kan vi tilbyde ${formatDay(day(104))} og ${formatDay(day(105))}.`);
    expect(mail?.text).toContain(`/reservation?maaned=${day(104).slice(0, 7)}`);
  });
});
