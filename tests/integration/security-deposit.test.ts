import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositSettlements, orderLines, orderPayments, orderRefunds } from "~/db/schema";
import { sales } from "~/businesses.server";
import { bookkeepingEntries } from "~/features/orders/bookkeeping.server";
import { confirmLaterPayment } from "~/features/orders/payments.server";
import { demoProvider, type PaymentProvider } from "~/features/payment/provider.server";
import { settleSecurityDeposit } from "~/features/rental/security-deposit.server";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as overviewAction, loader as overviewLoader } from "~/routes/admin.udlejning";
import { testCollaborators, testFreshness, type TestCollaborators } from "../support/collaborators";
import { createSession, createUser } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("the security deposit: paid with the balance, settled after the event, on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  let adminCookie = "";
  let adminId = "";
  const booker = { id: "lejer", name: "Lise Lejer", email: "lise@example.dk" };
  const now = new Date();
  const today = todayInCopenhagen(now);
  // Each test books two days of its own, 60 days ahead or more; all of them are over 100 days ahead.
  let booked = 0;
  const afterTheEvent = new Date(`${addDays(today, 100)}T10:00:00Z`);
  const deposit = 200_000;

  const bookAndPay = async () => {
    const firstDay = addDays(today, 60 + 3 * booked++);
    for (const day of [firstDay, addDays(firstDay, 1)])
      expect((await holdDay(database.db, booker.id, day, now)).ok).toBe(true);
    const order = await createOrder(database.db, booker.id, demoProvider, now);
    if (!order.ok) throw new Error(order.reason);
    expect(await confirmOrder(database.db, order.orderId, now)).toMatchObject({ status: "confirmed" });
    return order.orderId;
  };
  const payBalance = async (orderId: string) => {
    const [balance] = await database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(orderPayments.dueDay)
      .offset(1);
    expect(await confirmLaterPayment(database.db, balance!.id, now)).toMatchObject({ status: "confirmed" });
  };
  const settle = (orderId: string, keptOere: number, reason: string, provider = demoProvider) =>
    settleSecurityDeposit(
      {
        db: database.db,
        mailer: collaborators.mailer,
        logger: collaborators.logger,
        provider,
        publicUrl: "https://scene.test",
      },
      orderId,
      { keptOere, reason, adminId },
      afterTheEvent,
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    await createUser(database.db, { ...booker, profile: { address: "Lejervej 4, 8000 Aarhus C", phone: null } });
    const admin = await createUser(database.db, { role: "admin" });
    adminId = admin.id;
    adminCookie = await createSession(collaborators.auth, admin.id);
    await updateReservationSettings(
      { db: database.db, freshness: testFreshness(database.db) },
      { depositumPercent: 25, depositumFixedOere: null, balanceDaysBefore: 30, securityDepositOere: deposit },
    );
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("is the order's last line, without moms, and is paid with the balance, not the depositum", async () => {
    const orderId = await bookAndPay();
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const depositLine = lines.find((line) => line.kind === "security-deposit");
    expect(depositLine).toMatchObject({ totalOere: deposit, vatOere: 0, position: lines.length - 1 });
    const rent = lines.filter((line) => line.kind !== "security-deposit").reduce((sum, l) => sum + l.totalOere, 0);
    const payments = await database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(orderPayments.dueDay);
    expect(payments.map(({ kind, amountOere }) => ({ kind, amountOere }))).toEqual([
      { kind: "depositum", amountOere: Math.round(rent / 4) },
      { kind: "balance", amountOere: rent - Math.round(rent / 4) + deposit },
    ]);
  });

  it("is not settled before the balance carrying it is paid, nor before the event is over", async () => {
    const orderId = await bookAndPay();
    expect(await settle(orderId, 0, "")).toEqual({ ok: false, reason: "not-paid" });
    await payBalance(orderId);
    const before = await callRoute(overviewAction, "/udlejning", {
      cookie: adminCookie,
      fields: { ordre: orderId, beholdes: "", begrundelse: "" },
    });
    expect(before.status).toBe(409);
    expect(await database.db.select().from(depositSettlements)).toEqual([]);
  });

  it("refuses a kept amount without a reason, or no amount at all, in Danish, and changes nothing", async () => {
    const orderId = await bookAndPay();
    for (const [beholdes, field, message] of [
      ["500", "begrundelse", "Skriv, hvorfor en del af sikkerhedsdepositummet beholdes"],
      ["fem hundrede", "beholdes", expect.any(String)],
    ] as const) {
      const refused = await callRoute(overviewAction, "/udlejning", {
        cookie: adminCookie,
        fields: { ordre: orderId, beholdes, begrundelse: "" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body?.fieldErrors?.[field]).toEqual([message]);
    }
    expect(await database.db.select().from(depositSettlements)).toEqual([]);
  });

  it("after the event, keeps 500 kr with the reason and returns the rest, once, and tells the booker", async () => {
    const orderId = await bookAndPay();
    await payBalance(orderId);
    const overview = (await callRoute(overviewLoader, "/udlejning", { cookie: adminCookie })).body as unknown as {
      upcoming: { id: string; history: { label: string }[] }[];
    };
    expect(overview.upcoming.find((order) => order.id === orderId)?.history.map((step) => step.label)).toEqual([
      "Bestilt",
      "Depositum betalt",
      "Restbeløb betalt",
    ]);
    const reason = "Ekstra rengøring af køkkenet";
    // Two admins at once: one settlement.
    const results = await Promise.all([settle(orderId, 50_000, reason), settle(orderId, 50_000, reason)]);
    expect(results).toEqual(
      expect.arrayContaining([
        { ok: true, keptOere: 50_000, refundedOere: deposit - 50_000 },
        { ok: false, reason: "settled" },
      ]),
    );
    const [settlement] = await database.db
      .select()
      .from(depositSettlements)
      .where(eq(depositSettlements.orderId, orderId));
    expect(settlement).toMatchObject({ keptOere: 50_000, reason, refundedOere: 150_000 });
    expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).toEqual([
      expect.objectContaining({ kind: "security-deposit", amountOere: 150_000, vatOere: 0, providerReference: null }),
    ]);
    const mails = collaborators.mailer.sent.filter((mail) => mail.subject === "Dit sikkerhedsdepositum er afregnet");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: booker.email });
    expect(mails[0]!.text).toContain(`Vi beholder 500,00 kr.: ${reason}`);
    expect(mails[0]!.text).toContain("Du får 1.500,00 kr. tilbage");
    // The accountant sees the deposit paid back, without moms.
    const settledOn = todayInCopenhagen(afterTheEvent);
    const refunds = (await bookkeepingEntries({ db: database.db, sales }, { from: settledOn, to: settledOn })).filter(
      (entry) => entry.kind === "refund",
    );
    expect(refunds).toEqual([expect.objectContaining({ totalOere: -150_000, vatOere: 0 })]);
  });

  it("refunds through the provider, and takes the settlement back when the provider refuses", async () => {
    const orderId = await bookAndPay();
    await payBalance(orderId);
    const refusing: PaymentProvider = {
      ...demoProvider,
      refund: async () => {
        throw new Error("Stripe is down");
      },
    };
    expect(await settle(orderId, 0, "", refusing)).toEqual({ ok: false, reason: "refund-failed" });
    expect(await database.db.select().from(depositSettlements).where(eq(depositSettlements.orderId, orderId))).toEqual(
      [],
    );
    const asked: unknown[] = [];
    const refunding: PaymentProvider = {
      ...demoProvider,
      refund: async (request) => {
        asked.push(request);
        return "re_test_1";
      },
    };
    expect(await settle(orderId, 0, "", refunding)).toMatchObject({ ok: true, refundedOere: deposit });
    const [balance] = await database.db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.kind, "balance")));
    expect(asked).toEqual([
      { providerReference: null, amountOere: deposit, idempotencyKey: `security-deposit-${balance!.id}` },
    ]);
    const [settlement] = await database.db
      .select()
      .from(depositSettlements)
      .where(eq(depositSettlements.orderId, orderId));
    expect(settlement).toMatchObject({ keptOere: 0, reason: null });
    expect(await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).toEqual([
      expect.objectContaining({ paymentId: balance!.id, kind: "security-deposit", providerReference: "re_test_1" }),
    ]);
  });
});
