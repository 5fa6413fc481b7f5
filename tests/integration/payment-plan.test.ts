import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/database";
import { orderPayments, orders } from "~/db/schema";
import { MailOutbox } from "~/features/email/outbox.server";
import { queuedMails } from "../support/queued-mail";
import { duePaymentsOf, openPayments } from "~/features/rental/order-payment-plan.server";
import { completeLaterPayment } from "~/features/rental/checkout.server";
import { sendBalanceReminders } from "~/features/rental/reminders.server";
import { demoProvider } from "~/features/payment/provider.server";
import { isOverdue } from "~/features/rental/payment-plan";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as myReservationsAction } from "~/routes/alle-reservationer";
import { action as paymentAction } from "~/routes/betaling";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { recordingMailer, testCollaborators, testFreshness, type TestCollaborators } from "../support/collaborators";
import { createSession, createUser } from "../support/factories";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, migrateUpTo, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("migration 0017: every order so far was one payment of everything, on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    await migrateUpTo(database, 16);
    const { db } = database;
    await db.execute(sql`insert into users (id, name, email) values ('booker', 'Mette', 'mette@example.dk')`);
    await db.execute(sql`
      insert into orders (user_id, status, booker_name, booker_email, booker_address, days, total_oere, vat_oere,
        provider, provider_reference, receipt_number, paid_at, created_at)
      values
        ('booker', 'paid', 'Mette', 'mette@example.dk', 'Havnegade 1', '{2027-03-01}', 450000, 90000, 'stripe',
          'cs_paid', 7, '2026-10-01T10:00:00Z', '2026-10-01T09:58:00Z'),
        ('booker', 'failed', 'Mette', 'mette@example.dk', 'Havnegade 1', '{2027-03-02}', 650000, 130000, 'demo',
          null, null, null, '2026-09-30T22:30:00Z')`);
    await database.migrate();
  });

  afterAll(() => database?.destroy());

  it("keeps what was paid, with its receipt and checkout, and what was not", async () => {
    const payments = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`
        select p.kind, p.amount_oere, p.due_day::text as due_day, p.paid_at is not null as paid, p.receipt_number,
          p.provider_reference
        from order_payments p join orders o on o.id = p.order_id order by o.total_oere`),
    );
    expect(payments).toEqual([
      {
        kind: "everything",
        amount_oere: 450_000,
        due_day: "2026-10-01",
        paid: true,
        receipt_number: 7,
        provider_reference: "cs_paid",
      },
      // Made at 23.30 in Copenhagen on 30 September: that is its day.
      {
        kind: "everything",
        amount_oere: 650_000,
        due_day: "2026-10-01",
        paid: false,
        receipt_number: null,
        provider_reference: null,
      },
    ]);
  });
});

describe.each(databaseKinds)("a depositum at booking and the balance before the day, on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  let cookie = "";
  const booker = { id: "lejer", name: "Lise Lejer", email: "lise@example.dk" };
  const now = new Date();
  const today = todayInCopenhagen(now);
  const firstDay = addDays(today, 60);
  let orderId = "";

  const post = async (
    route: (args: ReturnType<typeof routeArgs>) => Promise<unknown>,
    path: string,
    fields: Record<string, string>,
  ) => {
    try {
      const args = routeArgs(path, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });
      const result = (await route(args)) as { init: ResponseInit | null };
      return { status: result.init?.status ?? 200, location: null };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
      throw thrown;
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    await createUser(database.db, {
      ...booker,
      profile: { address: "Lejervej 4, 8000 Aarhus C", phone: "+4522222222" },
    });
    cookie = await createSession(collaborators.auth, booker.id);
    await updateReservationSettings(
      { db: database.db, freshness: testFreshness(database.db) },
      { depositumPercent: 25, depositumFixedOere: null, balanceDaysBefore: 30 },
    );
    for (const day of [firstDay, addDays(firstDay, 1)]) expect((await holdDay(database.db, booker.id, day, now)).ok);
    const order = await createOrder(database.db, booker.id, demoProvider, now);
    if (!order.ok) throw new Error(order.reason);
    orderId = order.orderId;
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  const paymentsOf = () =>
    database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(orderPayments.dueDay);

  it("plans a quarter today and the rest 30 days before the first day", async () => {
    const [order] = await selectRentalOrders(database.db).where(eq(orders.id, orderId));
    const payments = await paymentsOf();
    expect(payments.map(({ kind, amountOere, dueDay }) => ({ kind, amountOere, dueDay }))).toEqual([
      { kind: "depositum", amountOere: Math.round(order!.totalOere / 4), dueDay: today },
      {
        kind: "balance",
        amountOere: order!.totalOere - Math.round(order!.totalOere / 4),
        dueDay: addDays(firstDay, -30),
      },
    ]);
  });

  it("books the days with the depositum, whose receipt is the order's; the balance stays due", async () => {
    expect(await post(paymentAction, "/betaling", { ordre: orderId })).toMatchObject({
      status: 302,
      location: `/success?ordre=${orderId}`,
    });
    const [order] = await selectRentalOrders(database.db).where(eq(orders.id, orderId));
    const [depositum, balance] = await paymentsOf();
    expect(order).toMatchObject({ status: "paid" });
    expect(depositum).toMatchObject({ receiptNumber: order!.receiptNumber });
    expect(balance).toMatchObject({ paidAt: null, receiptNumber: null });
    expect(await duePaymentsOf(database.db, booker.id)).toEqual([
      expect.objectContaining({ orderId, kind: "balance", amountOere: balance!.amountOere }),
    ]);
    const confirmation = collaborators.mailer.sent.find((mail) => mail.subject.startsWith("Kvittering nr."));
    expect(confirmation?.text).toContain("Restbeløb: ");
  });

  it("reminds a week before the due day and on it, once each, whatever the job's timing", async () => {
    const outbox = new MailOutbox(database.db, recordingMailer(), pino({ level: "silent" }), "havnescenen.dk");
    const deps = { db: database.db, outbox, publicUrl: "https://scene.test" };
    const [, balance] = await paymentsOf();
    const at = (day: string) => new Date(`${day}T09:00:00Z`);
    expect(await sendBalanceReminders(deps, at(addDays(balance!.dueDay, -8)))).toBe(0);
    const weekBefore = at(addDays(balance!.dueDay, -7));
    // Two instances at once: one sends.
    expect(
      (await Promise.all([sendBalanceReminders(deps, weekBefore), sendBalanceReminders(deps, weekBefore)])).sort(),
    ).toEqual([0, 1]);
    expect(await sendBalanceReminders(deps, at(addDays(balance!.dueDay, -3)))).toBe(0);
    expect(await sendBalanceReminders(deps, at(balance!.dueDay))).toBe(1);
    expect(await sendBalanceReminders(deps, at(balance!.dueDay))).toBe(0);
    const reminders = await queuedMails(database.db, booker.email);
    expect(reminders.map((mail) => mail.message.subject)).toEqual([
      expect.stringMatching(/^Restbeløbet for din leje forfalder \S/),
      "Restbeløbet for din leje forfalder i dag",
    ]);
    expect(reminders[0]!.message.text).toContain("https://scene.test/alle-reservationer");
  });

  it("shows an unpaid balance as overdue to the admin the day after it fell due", async () => {
    const [open] = await openPayments(database.db);
    expect(open).toMatchObject({ kind: "balance", bookerName: booker.name });
    expect(isOverdue(open!, open!.dueDay)).toBe(false);
    expect(isOverdue(open!, addDays(open!.dueDay, 1))).toBe(true);
  });

  it("takes the balance from Mine reservationer, with its own receipt, once", async () => {
    expect(await post(myReservationsAction, "/alle-reservationer", { intent: "pay", ordre: orderId })).toMatchObject({
      status: 302,
      location: `/betaling?ordre=${orderId}`,
    });
    const [, balance] = await paymentsOf();
    // The demo page's "Betal" and a second confirmation at the same moment make one payment.
    const [paid, again] = await Promise.all([
      post(paymentAction, "/betaling", { ordre: orderId }),
      completeLaterPayment(collaborators, balance!.id),
    ]);
    expect(paid).toMatchObject({ status: 302, location: `/success?ordre=${orderId}` });
    const [depositum, settled] = await paymentsOf();
    expect(settled!.receiptNumber).toBe(depositum!.receiptNumber! + 1);
    expect(again).toMatchObject({ receiptNumber: settled!.receiptNumber });
    expect(collaborators.mailer.sent.filter((mail) => mail.subject.endsWith("restbeløbet er betalt"))).toHaveLength(1);
    expect(await duePaymentsOf(database.db, booker.id)).toEqual([]);
    expect(await post(paymentAction, "/betaling", { ordre: orderId })).toMatchObject({ status: 302 });
  });

  it("takes everything at once for days inside the balance's window", async () => {
    const soon = addDays(today, 10);
    expect((await holdDay(database.db, booker.id, soon, now)).ok).toBe(true);
    const order = await createOrder(database.db, booker.id, demoProvider, now);
    if (!order.ok) throw new Error(order.reason);
    const payments = await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.orderId));
    expect(payments).toEqual([expect.objectContaining({ kind: "everything", dueDay: today })]);
    expect(await confirmOrder(database.db, order.orderId)).toMatchObject({ status: "confirmed" });
  });
});
