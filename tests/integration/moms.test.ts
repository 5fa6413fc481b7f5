import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addOns, invoices, orderLines, orders } from "~/db/schema";
import { sales } from "~/businesses.server";
import { bookkeepingEntries } from "~/features/orders/bookkeeping.server";
import { invoiceDocument } from "~/features/invoices/invoices.server";
import { oioublInvoice } from "~/features/invoices/oioubl";
import { chooseCustomerType } from "~/features/rental/basket.server";
import { updateReservationSettings } from "~/features/rental/admin.server";
import { completePaidOrder, receiptOf } from "~/features/rental/checkout.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { holdDay } from "~/features/rental/holds.server";
import { createOrder } from "~/features/rental/orders.server";
import { demoProvider } from "~/features/payment/provider.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as basketLoader } from "~/routes/kurv";
import { loader as settingsLoader } from "~/routes/admin.reservationsindstillinger";
import { selectRentalOrders } from "~/features/rental/rental-order.server";
import { testCollaborators, testFreshness, type TestCollaborators } from "../support/collaborators";
import { signedInAccounts } from "../support/factories";
import { callRoute } from "../support/route-call";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

/**
 * Decision 054: each kind of thing the hall's renters buy has its own moms, and the basket, the receipt, the mail,
 * the invoice's OIOUBL and the accountant's export say the same, line by line.
 */
describe.each(databaseKinds)("moms per kind of sale, on %s", (kind) => {
  let database: TestDatabase;
  let collaborators: TestCollaborators;
  let cookies: Record<string, string> = {};
  const now = new Date();
  const today = todayInCopenhagen(now);
  /** A Saturday two months on: the weekend price, 6.500 kr. */
  const saturday = (() => {
    let day = addDays(today, 60);
    while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 6) day = addDays(day, 1);
    return day;
  })();
  const ids = { technician: "", extraHour: "" };
  const settings = (changes: Parameters<typeof updateReservationSettings>[1]) =>
    updateReservationSettings({ db: database.db, freshness: testFreshness(database.db) }, changes);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    collaborators = testCollaborators(database);
    setCollaborators(collaborators);
    cookies = await signedInAccounts(database.db, collaborators.auth, { lise: "user", firma: "user", admin: "admin" });
    const made = await database.db
      .insert(addOns)
      .values([
        { name: "Lydtekniker", unit: "hour", priceOere: 45_000, vat: "standard", position: 0, published: true },
        { name: "Ekstra time i salen", unit: "hour", priceOere: 80_000, vat: "as-rent", position: 1, published: true },
      ])
      .returning({ id: addOns.id });
    [ids.technician, ids.extraHour] = made.map((row) => row.id) as [string, string];
    await settings({
      depositumPercent: 25,
      depositumFixedOere: null,
      securityDepositOere: 200_000,
      invoiceAllowed: true,
      bankRegNumber: "1551",
      bankAccountNumber: "3456789012",
    });
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  const linesOf = (orderId: string) =>
    database.db
      .select({
        kind: orderLines.kind,
        totalOere: orderLines.totalOere,
        vatCategory: orderLines.vatCategory,
        vatRatePercent: orderLines.vatRatePercent,
        vatOere: orderLines.vatOere,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.position);

  const selection = () => ({
    ids: [ids.technician, ids.extraHour],
    hours: { [ids.technician]: 4, [ids.extraHour]: 2 },
    guests: null,
  });

  it("shows a private renter's basket with the rent exempt from moms", async () => {
    expect((await holdDay(database.db, "lise", saturday, now)).ok).toBe(true);
    const basket = (await callRoute(basketLoader, "/kurv", { cookie: cookies.lise! })).body as unknown as {
      vat: { label: string; amount: string }[];
    };
    expect(basket.vat).toEqual([{ label: "Momsfri leje (momslovens § 13, stk. 1, nr. 8)", amount: "6.500,00 kr." }]);
  });

  it("sells a private renter the rent exempt, the sound engineer at 25 %, the extra hour as the rent, the deposit outside", async () => {
    const made = await createOrder(database.db, "lise", demoProvider, now, { addOns: selection() });
    if (!made.ok) throw new Error(made.reason);
    expect(await linesOf(made.orderId)).toEqual([
      { kind: "day", totalOere: 650_000, vatCategory: "exempt-letting", vatRatePercent: 0, vatOere: 0 },
      { kind: "add-on", totalOere: 180_000, vatCategory: "standard", vatRatePercent: 25, vatOere: 36_000 },
      { kind: "add-on", totalOere: 160_000, vatCategory: "exempt-letting", vatRatePercent: 0, vatOere: 0 },
      { kind: "security-deposit", totalOere: 200_000, vatCategory: "outside-scope", vatRatePercent: 0, vatOere: 0 },
    ]);
    const [order] = await selectRentalOrders(database.db).where(eq(orders.id, made.orderId));
    expect(order).toMatchObject({ totalOere: 1_190_000, vatOere: 36_000 });

    await completePaidOrder(collaborators, made.orderId);
    const rows = [
      { label: "Heraf moms 25 %", amount: "360,00 kr." },
      { label: "Momsfri leje (momslovens § 13, stk. 1, nr. 8)", amount: "8.100,00 kr." },
      { label: "Sikkerhedsdepositum, uden for moms", amount: "2.000,00 kr." },
    ];
    const [paid] = await selectRentalOrders(database.db).where(eq(orders.id, made.orderId));
    expect((await receiptOf(database.db, paid!)).vat).toEqual(rows);
    const mail = collaborators.mailer.sent.find((sent) => sent.subject.startsWith("Kvittering nr."));
    expect(mail?.text).toContain(rows.map((row) => `${row.label}: ${row.amount}.`).join(" "));

    // The depositum (25 % of the 9.900 kr. sold) carries its share of the order's moms, no more.
    const [payment] = (await bookkeepingEntries({ db: database.db, sales }, { from: today, to: today })).filter(
      (entry) => entry.kind === "payment" && entry.booker === "Bruger lise",
    );
    expect(payment).toMatchObject({ totalOere: 247_500, vatOere: 9_000 });
  });

  it("lets the admin see each kind's moms under Priser og regler, with the add-ons' own", async () => {
    const page = (await callRoute(settingsLoader, "/admin/reservationsindstillinger", { cookie: cookies.admin! }))
      .body as unknown as { rentVoluntarilyRegistered: boolean; addOns: { name: string; vat: string }[] };
    expect(page.rentVoluntarilyRegistered).toBe(false);
    expect(page.addOns.map(({ name, vat }) => [name, vat])).toEqual([
      ["Lydtekniker", "25 % moms"],
      ["Ekstra time i salen", "Som lejen (en del af udlejningen)"],
    ]);
  });

  it("puts 25 % on a company's rent once the venue has registered voluntarily, and keeps what was issued before", async () => {
    const issuedBefore = await linesOf((await selectRentalOrders(database.db).where(eq(orders.userId, "lise")))[0]!.id);
    await settings({ rentVoluntarilyRegistered: true });
    await chooseCustomerType(database.db, "firma", "erhverv");
    const day = addDays(saturday, 7);
    expect((await holdDay(database.db, "firma", day, now)).ok).toBe(true);
    const made = await createOrder(database.db, "firma", demoProvider, now, {
      details: { customerType: "erhverv", organisation: "Kajens Events A/S", cvr: "10150817" },
      addOns: selection(),
      onInvoice: true,
    });
    if (!made.ok) throw new Error(made.reason);
    const lines = await linesOf(made.orderId);
    expect(lines.map((line) => [line.kind, line.vatCategory, line.vatOere])).toEqual([
      ["day", "standard", 130_000],
      ["add-on", "standard", 36_000],
      ["add-on", "standard", 32_000],
    ]);

    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, made.orderId));
    expect(invoice).toMatchObject({ totalOere: 990_000, vatOere: 198_000 });
    const xml = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false }).parse(
      oioublInvoice(await invoiceDocument(database.db, invoice!)),
    ).Invoice;
    expect(xml.TaxTotal.TaxSubtotal.TaxCategory.ID["#text"]).toBe("StandardRated");
    expect(xml.TaxTotal.TaxAmount["#text"]).toBe("1980.00");

    await settings({ rentVoluntarilyRegistered: false });
    const [lise] = await selectRentalOrders(database.db).where(eq(orders.userId, "lise"));
    expect(await linesOf(lise!.id)).toEqual(issuedBefore);
    expect((await linesOf(made.orderId)).map((line) => line.vatOere)).toEqual([130_000, 36_000, 32_000]);
  });
});
