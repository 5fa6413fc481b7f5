import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayClaims, invoices, orderPayments, orders } from "~/db/schema";
import { chooseCustomerType } from "~/features/rental/basket.server";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as invoicesAction } from "~/routes/admin.fakturaer";
import { loader as bookkeepingLoader } from "~/routes/admin.fakturaer.bogfoering";
import { loader as pdfLoader } from "~/routes/faktura";
import { loader as oioublLoader } from "~/routes/faktura.oioubl";
import { action as basketAction } from "~/routes/kurv";
import { loader as paymentLoader } from "~/routes/betaling";
import { action as myReservationsAction, loader as myReservationsLoader } from "~/routes/alle-reservationer";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { testCollaborators, testFreshness, type TestCollaborators } from "../support/collaborators";
import { signedInAccounts } from "../support/factories";
import { callRoute } from "../support/route-call";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("booking on invoice on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  const cookies: Record<string, string> = {};
  const day = (offset: number) => addDays(todayInCopenhagen(), offset);

  /** Calls a route as `who`; an invoice's routes take its id from the path. */
  const call = <Params extends Record<string, string>>(
    route: Parameters<typeof callRoute<Params>>[0],
    path: string,
    who: string,
    fields?: Record<string, string>,
  ) => {
    const params = (path.startsWith("/faktura/") ? { id: path.split("/")[2]! } : {}) as Params;
    return callRoute(route, path, { cookie: cookies[who]!, fields, params });
  };

  const institution = {
    intent: "checkout",
    kontrakt: "ja",
    betaling: "faktura",
    organisation: "Aarhus Kommune, Kultur",
    cvr: "55133018",
    ean: "5798000416604",
    reference: "PO-2027-118",
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    Object.assign(
      cookies,
      await signedInAccounts(
        database.db,
        collaborators.auth,
        { kommune: "user", privat: "user", admin: "admin" },
        () => "Rådhuspladsen 2, 8000 Aarhus C",
      ),
    );
    await updateReservationSettings(
      { db: database.db, freshness: testFreshness(database.db) },
      { invoiceAllowed: true, invoiceDays: 14, bankRegNumber: "1551", bankAccountNumber: "3456789012" },
    );
    await chooseCustomerType(database.db, "kommune", "offentlig");
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("refuses a wrong EAN in Danish, and invoice for a private person, changing nothing", async () => {
    expect((await holdDay(database.db, "kommune", day(60))).ok).toBe(true);
    const refused = await call(basketAction, "/kurv", "kommune", { ...institution, ean: "5798000416605" });
    expect(refused).toMatchObject({
      status: 400,
      body: { fieldErrors: { ean: ["EAN-nummeret er ikke gyldigt: tjek de 13 cifre"] } },
    });
    expect((await holdDay(database.db, "privat", day(61))).ok).toBe(true);
    expect(
      await call(basketAction, "/kurv", "privat", { intent: "checkout", betaling: "faktura", kontrakt: "ja" }),
    ).toMatchObject({
      status: 409,
    });
    expect(await selectRentalOrders(database.db)).toEqual([]);
  });

  it("books at once, issues invoice number 1 due 14 days on, and mails it as a PDF", async () => {
    expect(await call(basketAction, "/kurv", "kommune", institution)).toMatchObject({ status: 302 });
    const [order] = await selectRentalOrders(database.db).where(eq(orders.userId, "kommune"));
    expect(order).toMatchObject({ status: "invoiced", bookerEan: "5798000416604", bookerReference: "PO-2027-118" });
    const [booked] = await database.db
      .select()
      .from(dayClaims)
      .where(eq(dayClaims.day, day(60)));
    expect(booked).toMatchObject({ kind: "booking", orderId: order!.id });
    const [invoice] = await database.db.select().from(invoices);
    expect(invoice).toMatchObject({ number: 1, issuedOn: day(0), dueOn: day(14), totalOere: order!.totalOere });
    const mail = collaborators.mailer.sent.find((sent) => sent.subject.startsWith("Faktura nr. 1:"));
    const pdf = mail?.attachments?.find((attachment) => attachment.contentType === "application/pdf");
    expect(Buffer.from(pdf!.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("sends the booker of an invoiced order from the payment page to its confirmation: nothing to pay by card", async () => {
    const [order] = await selectRentalOrders(database.db).where(eq(orders.userId, "kommune"));
    const path = `/betaling?ordre=${order!.id}`;
    expect(await call(paymentLoader, path, "kommune")).toMatchObject({ status: 302 });
    expect((await call(paymentLoader, path, "kommune")).response?.headers.get("Location")).toBe(
      `/success?ordre=${order!.id}`,
    );
    // Mine reservationer shows the invoice as due, with its PDF, and refuses to take it by card.
    const mine = (await myReservationsLoader(
      routeArgs("/alle-reservationer", { headers: { Cookie: cookies.kommune! } }),
    )) as { duePayments: { label: string; invoiceUrl: string | null }[] };
    const [invoice] = await database.db.select().from(invoices);
    expect(mine.duePayments).toEqual([
      expect.objectContaining({ label: "Faktura nr. 1", invoiceUrl: `/faktura/${invoice!.id}` }),
    ]);
    expect(
      await call(myReservationsAction, "/alle-reservationer", "kommune", { intent: "pay", ordre: order!.id }),
    ).toMatchObject({ status: 409 });
  });

  it("gives the PDF to its booker and the admin, and the OIOUBL XML to the admin only", async () => {
    const [invoice] = await database.db.select().from(invoices);
    const path = `/faktura/${invoice!.id}`;
    expect((await call(pdfLoader, path, "kommune")).response?.headers.get("Content-Type")).toBe("application/pdf");
    expect((await call(pdfLoader, path, "admin")).status).toBe(200);
    expect((await call(pdfLoader, path, "privat")).status).toBe(404);
    expect((await call(oioublLoader, `${path}/oioubl`, "kommune")).status).toBe(403);
    const xml = await (await call(oioublLoader, `${path}/oioubl`, "admin")).response!.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const document = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true }).parse(xml).Invoice;
    expect(document.AccountingCustomerParty.Party.EndpointID["#text"]).toBe(5798000416604);
    expect(String(document.ID)).toBe("1");
    expect(Number(document.LegalMonetaryTotal.PayableAmount["#text"]) * 100).toBe(invoice!.totalOere);
  });

  it("marks the invoice paid once: the payment gets its receipt, the order is paid", async () => {
    const [invoice] = await database.db.select().from(invoices);
    const answers = await Promise.all([
      call(invoicesAction, "/fakturaer", "admin", { faktura: invoice!.id }),
      call(invoicesAction, "/fakturaer", "admin", { faktura: invoice!.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [order] = await selectRentalOrders(database.db).where(eq(orders.id, invoice!.orderId));
    const [payment] = await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, order!.id));
    expect(order).toMatchObject({ status: "paid" });
    expect(payment!.receiptNumber).toBe(order!.receiptNumber);
    expect(await call(invoicesAction, "/fakturaer", "kommune", { faktura: invoice!.id })).toMatchObject({
      status: 403,
    });
  });

  it("gives the accountant the invoice and its payment, with moms, for the period", async () => {
    const today = todayInCopenhagen();
    const csv = await (
      await call(bookkeepingLoader, `/fakturaer/bogfoering?fra=${today}&til=${today}`, "admin")
    ).response!.text();
    const [invoice] = await database.db.select().from(invoices);
    const [order] = await selectRentalOrders(database.db).where(eq(orders.id, invoice!.orderId));
    const kroner = (oere: number) => (oere / 100).toFixed(2).replace(".", ",");
    const amounts = `${kroner(invoice!.totalOere)};${kroner(invoice!.vatOere)};${kroner(invoice!.totalOere - invoice!.vatOere)}`;
    expect(csv.trim().split("\r\n").slice(1)).toEqual([
      `${today};Faktura;1;Aarhus Kommune, Kultur;55133018;5798000416604;${amounts}`,
      `${today};Betaling;${order!.receiptNumber};Aarhus Kommune, Kultur;55133018;5798000416604;${amounts}`,
    ]);
    expect((await call(bookkeepingLoader, `/fakturaer/bogfoering?fra=${today}&til=2020-01-01`, "admin")).status).toBe(
      400,
    );
  });
});
