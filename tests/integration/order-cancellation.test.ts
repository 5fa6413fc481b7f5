import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOns, dayClaims, invoices, orderCancellations, orderPayments, orderRefunds, orders } from "~/db/schema";
import { openInvoices } from "~/features/invoices/invoices.server";
import { sales } from "~/businesses.server";
import { bookkeepingEntries } from "~/features/orders/bookkeeping.server";
import { demoProvider, type PaymentProvider, type RefundRequest } from "~/features/payment/provider.server";
import { chooseCustomerType } from "~/features/rental/basket.server";
import { cancelOrder } from "~/features/rental/order-cancellation.server";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { confirmOrder, createOrder } from "~/features/rental/orders.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as overviewAction } from "~/routes/admin.udlejning";
import { action as myReservationsAction, loader as myReservationsLoader } from "~/routes/alle-reservationer";
import { loader as pdfLoader } from "~/routes/faktura";
import { loader as invoicesLoader } from "~/routes/admin.fakturaer";
import { loader as oioublLoader } from "~/routes/faktura.oioubl";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { testCollaborators, testFreshness, type TestCollaborators } from "../support/collaborators";
import { signedInAccounts } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("cancelling a booking by the tiers, on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  const cookies: Record<string, string> = {};
  const refunds: RefundRequest[] = [];
  const now = new Date();
  const today = todayInCopenhagen(now);
  const deposit = 200_000;
  /** Books two days `daysAhead` from `bookedAt` for `userId` (each test its own), and pays what is due at booking. */
  const book = async (userId: string, daysAhead: number, bookedAt = now) => {
    const firstDay = addDays(todayInCopenhagen(bookedAt), daysAhead);
    for (const day of [firstDay, addDays(firstDay, 1)]) {
      expect((await holdDay(database.db, userId, day, bookedAt)).ok).toBe(true);
    }
    const order = await createOrder(database.db, userId, demoProvider, bookedAt);
    if (!order.ok) throw new Error(order.reason);
    expect(await confirmOrder(database.db, order.orderId, bookedAt)).toMatchObject({ status: "confirmed" });
    return order.orderId;
  };
  const orderOf = async (orderId: string) => (await selectRentalOrders(database.db).where(eq(orders.id, orderId)))[0]!;
  const cancellationOf = async (orderId: string) =>
    (await database.db.select().from(orderCancellations).where(eq(orderCancellations.orderId, orderId)))[0];
  const refundsOf = (orderId: string) =>
    database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const liveClaims = async (orderId: string) =>
    (await database.db.select().from(dayClaims).where(eq(dayClaims.orderId, orderId))).filter(
      (claim) => claim.releasedAt === null,
    );
  const cancelAsBooker = (who: string, orderId: string) =>
    callRoute(myReservationsAction, "/alle-reservationer", {
      cookie: cookies[who]!,
      fields: { intent: "cancel", ordre: orderId },
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const recording: PaymentProvider = {
      ...demoProvider,
      refund: async (request) => {
        refunds.push(request);
        return `re_${refunds.length}`;
      },
    };
    collaborators = testCollaborators(database, { payments: recording });
    setCollaborators(collaborators);
    Object.assign(
      cookies,
      await signedInAccounts(
        database.db,
        collaborators.auth,
        { lejer: "user", anden: "user", kommune: "user", admin: "admin" },
        () => "Havnegade 1, 8000 Aarhus C",
      ),
    );
    await updateReservationSettings(
      { db: database.db, freshness: testFreshness(database.db) },
      {
        depositumPercent: 25,
        depositumFixedOere: null,
        balanceDaysBefore: 30,
        securityDepositOere: deposit,
        cancellationDays: 7,
        invoiceAllowed: true,
        bankRegNumber: "1551",
        bankAccountNumber: "3456789012",
      },
    );
    await chooseCustomerType(database.db, "kommune", "offentlig");
    // Every booking takes a service at 25 % beside its exempt rent, so its refunds and credit notes carry moms.
    await database.db.insert(addOns).values({
      name: "Slutrengøring",
      unit: "booking",
      priceOere: 150_000,
      vat: "standard",
      requiredFor: ["privat", "forening", "erhverv", "offentlig"],
      position: 0,
      published: true,
    });
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("shows the booker what a cancellation comes to, and the tiers", async () => {
    const orderId = await book("lejer", 60);
    const page = (await callRoute(myReservationsLoader, "/alle-reservationer", { cookie: cookies.lejer! }))
      .body as unknown as {
      cancellations: { orderId: string; words: string[]; refusal: string | null }[];
      tiers: string[];
    };
    const quoted = page.cancellations.find((cancellation) => cancellation.orderId === orderId);
    expect(quoted).toMatchObject({ refusal: null });
    expect(quoted!.words[1]).toMatch(/^Vi beholder depositummet på /);
    expect(page.tiers).toEqual([
      "30 dage eller mere før: intet ud over depositum",
      "14–29 dage før: 50 % af lejen",
      "Under 14 dage før: 100 % af lejen",
    ]);
  });

  it("30 days or more before: keeps the depositum, drops the balance, frees the days at once, and mails the booker", async () => {
    const orderId = await book("lejer", 45);
    const refused = await cancelAsBooker("anden", orderId);
    expect(refused.status).toBe(404);
    expect((await orderOf(orderId)).status).toBe("paid");

    expect(await cancelAsBooker("lejer", orderId)).toMatchObject({ status: 200 });
    const order = await orderOf(orderId);
    expect(order.status).toBe("cancelled");
    expect(await liveClaims(orderId)).toEqual([]);
    const payments = await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(payments.map((payment) => payment.kind)).toEqual(["depositum"]);
    expect(await cancellationOf(orderId)).toMatchObject({
      byAdmin: false,
      chargePercent: 0,
      chargeOere: payments[0]!.amountOere,
      refundOere: 0,
      owedOere: 0,
    });
    expect(await refundsOf(orderId)).toEqual([]);
    const mail = collaborators.mailer.sent.findLast((sent) => sent.subject === "Din booking er afbestilt");
    expect(mail?.text).toContain("Vi beholder depositummet på ");
  });

  it("inside 14–29 days, everything paid: keeps half the rent and refunds the rest with the deposit, once", async () => {
    const orderId = await book("lejer", 20);
    const [paid] = await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(paid).toMatchObject({ kind: "everything" });
    const rent = paid!.amountOere - deposit;
    refunds.length = 0;
    const by = { userId: "lejer", byAdmin: false, reason: "Afbestilt af lejeren" };
    const provider = collaborators.payments!;
    const [one, other] = await Promise.all([
      cancelOrder({ db: database.db, provider }, orderId, by),
      cancelOrder({ db: database.db, provider }, orderId, by),
    ]);
    expect([one.ok, other.ok].sort()).toEqual([false, true]);
    const refund = Math.round(rent / 2) + deposit;
    expect(refunds).toEqual([
      { providerReference: null, amountOere: refund, idempotencyKey: `cancellation-${paid!.id}` },
    ]);
    expect(await cancellationOf(orderId)).toMatchObject({
      chargePercent: 50,
      chargeOere: rent - Math.round(rent / 2),
      refundOere: refund,
    });
    // One refund of the one payment, a record of its own with the provider's id and its moms (decision 056).
    const [order] = await selectRentalOrders(database.db).where(eq(orders.id, orderId));
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({
        paymentId: paid!.id,
        kind: "cancellation",
        amountOere: refund,
        vatOere: Math.round(((refund - deposit) * order!.vatOere) / (order!.totalOere - deposit)),
        reason: "Afbestilt af lejeren",
        providerReference: "re_1",
      }),
    ]);
  });

  it("refuses too late, and an overdue balance, in Danish, changing nothing; the admin cancels by the tiers", async () => {
    const soon = await book("lejer", 3);
    const tooLate = await cancelAsBooker("lejer", soon);
    expect(tooLate.status).toBe(409);
    expect(JSON.stringify(tooLate.body)).toContain("indtil 7 dage før den første dag");
    expect((await orderOf(soon)).status).toBe("paid");

    // Booked 40 days before a day 22 days from now: its balance fell due 8 days ago and is not paid.
    const overdue = await book("lejer", 62, new Date(now.getTime() - 40 * 24 * 3600 * 1000));
    const refused = await cancelAsBooker("lejer", overdue);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain("Betal først det forfaldne restbeløb");
    expect(await cancellationOf(overdue)).toBeUndefined();

    const withoutReason = await callRoute(overviewAction, "/udlejning", {
      cookie: cookies.admin!,
      fields: { intent: "aflys", ordre: overdue, begrundelse: "" },
    });
    expect(withoutReason.status).toBe(400);
    const cancelled = await callRoute(overviewAction, "/udlejning", {
      cookie: cookies.admin!,
      fields: { intent: "aflys", ordre: overdue, begrundelse: "Restbeløbet er ikke betalt" },
    });
    expect(cancelled.status).toBe(200);
    const cancellation = await cancellationOf(overdue);
    expect(cancellation).toMatchObject({ byAdmin: true, cancelledBy: "admin", chargePercent: 50, refundOere: 0 });
    expect(cancellation!.owedOere).toBeGreaterThan(0);
    expect(await liveClaims(overdue)).toEqual([]);
    const mail = collaborators.mailer.sent.findLast((sent) => sent.subject === "Din booking er afbestilt");
    expect(mail?.text).toContain("Vi har aflyst din booking af salen");
    expect(mail?.text).toContain("Restbeløbet er ikke betalt");
  });

  it("gives the accountant the refund with its moms, and a cut-short plan's payment only its own moms", async () => {
    const provider = collaborators.payments!;
    const by = { userId: "lejer", byAdmin: false, reason: "Afbestilt af lejeren" };
    const near = await book("lejer", 16);
    const far = await book("lejer", 50);
    for (const orderId of [near, far])
      expect((await cancelOrder({ db: database.db, provider }, orderId, by)).ok).toBe(true);
    const entries = await bookkeepingEntries({ db: database.db, sales }, { from: today, to: today });
    const [nearOrder, farOrder] = [await orderOf(near), await orderOf(far)];
    const rentOf = (order: typeof nearOrder) => order.totalOere - deposit;

    const nearEntries = entries.filter((entry) => entry.number === nearOrder.receiptNumber);
    const refunded = (await cancellationOf(near))!.refundOere;
    const refundMoms = Math.round(((refunded - deposit) * nearOrder.vatOere) / rentOf(nearOrder));
    expect(refundMoms).toBeGreaterThan(0);
    expect(nearEntries.map(({ kind, totalOere, vatOere }) => ({ kind, totalOere, vatOere }))).toEqual([
      { kind: "payment", totalOere: nearOrder.totalOere, vatOere: nearOrder.vatOere },
      { kind: "refund", totalOere: -refunded, vatOere: -refundMoms },
    ]);

    const [farPayment] = entries.filter((entry) => entry.number === farOrder.receiptNumber);
    expect(farPayment!.vatOere).toBe(Math.round((farPayment!.totalOere * farOrder.vatOere) / rentOf(farOrder)));
  });

  it("sends a booker whose tier costs more than they have paid, with nothing overdue, to the venue", async () => {
    const freshness = testFreshness(database.db);
    await updateReservationSettings({ db: database.db, freshness }, { balanceDaysBefore: 10 });
    // 27 days ahead: a quarter paid, the balance due in 17 days, and cancelling costs half.
    const orderId = await book("lejer", 27);
    const refused = await cancelAsBooker("lejer", orderId);
    await updateReservationSettings({ db: database.db, freshness }, { balanceDaysBefore: 30 });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain("Afbestilling koster nu mere, end du har betalt");
    expect(await cancellationOf(orderId)).toBeUndefined();
  });

  it("on an unpaid invoice: a credit note for the rent not charged, the invoice left with the charge", async () => {
    const firstDay = addDays(today, 25);
    expect((await holdDay(database.db, "kommune", firstDay, now)).ok).toBe(true);
    const made = await createOrder(database.db, "kommune", demoProvider, now, {
      details: {
        customerType: "offentlig",
        organisation: "Aarhus Kommune",
        cvr: "55133018",
        ean: "5798000416604",
        reference: "PO-7",
      },
      onInvoice: true,
    });
    if (!made.ok) throw new Error(made.reason);
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, made.orderId));
    expect(await cancelAsBooker("kommune", made.orderId)).toMatchObject({ status: 200 });

    const half = invoice!.totalOere / 2;
    const [creditNote] = (await database.db.select().from(invoices).where(eq(invoices.orderId, made.orderId))).filter(
      (issued) => issued.kind === "credit-note",
    );
    // The rent is exempt (decision 054): the credit note reverses half of the cleaning's moms, the invoice's only.
    expect(invoice!.vatOere).toBeGreaterThan(0);
    expect(creditNote).toMatchObject({ number: invoice!.number + 1, totalOere: half, vatOere: invoice!.vatOere / 2 });
    expect((await openInvoices(database.db)).find((open) => open.id === invoice!.id)).toMatchObject({
      totalOere: half,
    });
    const invoicesPage = (await callRoute(invoicesLoader, "/fakturaer", { cookie: cookies.admin! }))
      .body as unknown as {
      creditNotes: { id: string; credits: number; payBack: boolean; ean: string | null }[];
    };
    expect(invoicesPage.creditNotes).toEqual([
      expect.objectContaining({ id: creditNote!.id, credits: invoice!.number, payBack: false, ean: "5798000416604" }),
    ]);
    const [payment] = await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, made.orderId));
    expect(payment).toMatchObject({ amountOere: half, paidAt: null });
    expect(await cancellationOf(made.orderId)).toMatchObject({ creditNoteId: creditNote!.id, owedOere: half });

    const pdf = await callRoute(pdfLoader, `/faktura/${creditNote!.id}`, {
      cookie: cookies.kommune!,
      params: { id: creditNote!.id },
    });
    expect(
      Buffer.from(await pdf.response!.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const xml = await callRoute(oioublLoader, `/faktura/${creditNote!.id}/oioubl`, {
      cookie: cookies.admin!,
      params: { id: creditNote!.id },
    });
    const document = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(await xml.response!.text());
    expect(document.CreditNote.BillingReference.InvoiceDocumentReference.ID).toBe(String(invoice!.number));
    expect(document.CreditNote.AccountingCustomerParty.Party.EndpointID).toBe("5798000416604");
  });
});
