import { randomBytes } from "node:crypto";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { simpleParser } from "mailparser";
import { shiftMonth, todayInCopenhagen } from "../../app/lib/days";
import { waitUntilLiveAfterNavigations } from "../support/live";
import { waitForMail } from "../support/outbox";
import { expect, plantSession, test, uniqueClientAddress } from "../support/test";
import { visit } from "../support/visit";

// Visits the calendar, the basket and the payment pages, each checked by axe in two colour modes.
test.describe.configure({ timeout: 90_000 });

test("a company rents two days at its own price with an add-on, pays the depositum, then the balance, and cancels by the tiers", async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = waitUntilLiveAfterNavigations(await context.newPage());
  const { email } = await plantSession(context, { name: "Erik Erhverv" });
  await visit(page, "/bruger/update");
  await page.getByLabel("Adresse").fill("Firmavej 3, 8000 Aarhus C");
  await page.getByLabel("Telefon").fill("20 12 34 56");
  await page.getByRole("button", { name: "Gem", exact: true }).click();
  await expect(page).toHaveURL(/\/bruger$/);

  // The calendar's prices are the renter's type's: a Monday and a Tuesday, well ahead of the balance's due day.
  // Month 10: no other spec books days there.
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), 10);
  await visit(page, `/reservation?maaned=${month}`);
  await page.getByText(/^Priser for privat/).click();
  await page.getByLabel("Jeg lejer som").selectOption("erhverv");
  await page.getByRole("button", { name: "Skift" }).click();
  await expect(page.getByText(/^Priser for erhverv: 7\.500,00 kr\. på hverdage/)).toBeVisible();
  const free = page.locator(`[data-day^="${month}-"]:not([aria-disabled])`);
  const days = (await free.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-day")!))).filter(
    (day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 1,
  );
  const monday = days[1]!;
  const tuesday = `${monday.slice(0, 8)}${String(Number(monday.slice(8)) + 1).padStart(2, "0")}`;
  for (const day of [monday, tuesday]) {
    await page.locator(`[data-day="${day}"]`).click();
    await expect(page.locator(`[data-day="${day}"]`)).toHaveAccessibleName(/i din kurv/);
  }

  await visit(page, "/kurv");
  await expect(page.getByRole("main").getByText("7.500,00 kr.", { exact: true })).toHaveCount(2);
  // The company's name and CVR are asked for; the sound technician needs hours; cleaning is the company's choice.
  await expect(page.getByRole("checkbox", { name: /Slutrengøring/ })).not.toBeChecked();
  await page.getByRole("checkbox", { name: /Lydtekniker/ }).check();
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await expect(page.getByText("Skriv firmaets navn")).toBeVisible();
  await expect(page.getByText("Skriv, hvor mange timer lydtekniker skal bruges")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Lydtekniker/ })).toBeChecked();
  await page.getByLabel("Firmaets navn").fill("Lydhuset ApS");
  await page.getByLabel("CVR-nummer").fill("12 34 56 74");
  await page.getByRole("listitem").filter({ hasText: "Lydtekniker" }).getByLabel("Timer").fill("4");
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();

  // 2 × 7.500 kr. and 4 × 450 kr.: 16.800 kr., a quarter now; the rest later with the 2.000 kr. security deposit.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betaling");
  await expect(page.getByText("Lydtekniker, 4 × 450,00 kr.")).toBeVisible();
  await expect(page.getByText("At betale nu: depositum")).toBeVisible();
  await expect(page.locator("p").filter({ hasText: "At betale nu: depositum" })).toContainText("4.200,00 kr.");
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);
  const payments = page.getByRole("region", { name: "Betalinger" });
  await expect(payments.getByText(/Betalt · kvittering nr\. \d+/)).toBeVisible();
  await expect(payments.getByText(/^Forfalder /)).toBeVisible();
  const confirmation = await waitForMail(email, /^Kvittering nr\. \d+/);
  expect((await simpleParser(confirmation.raw)).text).toContain("Restbeløb: 14.600,00 kr., forfalder");

  await visit(page, "/alle-reservationer");
  const due = page.getByRole("region", { name: "Til betaling" });
  await expect(due.getByText("14.600,00 kr.")).toBeVisible();
  await due.getByRole("button", { name: "Betal" }).click();
  await expect(page.getByText("At betale nu: restbeløb")).toBeVisible();
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);
  await expect(page.getByRole("region", { name: "Betalinger" }).getByText(/^Forfalder /)).toHaveCount(0);
  const receipt = await waitForMail(email, /restbeløbet er betalt$/);
  expect((await simpleParser(receipt.raw)).text).toContain("Tak for betalingen af restbeløbet, 14.600,00 kr.");
  await visit(page, "/alle-reservationer");
  await expect(page.getByRole("region", { name: "Til betaling" })).toHaveCount(0);

  // Months ahead, the company cancels: the depositum is kept, the balance and the security deposit come back.
  const cancelling = page.getByRole("region", { name: "Afbestilling" });
  await cancelling.getByText("Afbestil bookingen", { exact: true }).click();
  const quote = cancelling.getByRole("group", { name: /^Bekræft afbestilling/ });
  await expect(quote).toContainText("Vi beholder depositummet på 4.200,00 kr.");
  await expect(quote).toContainText("Du får 14.600,00 kr. tilbage, heraf sikkerhedsdepositum 2.000,00 kr.");
  await quote.getByRole("button", { name: "Ja, afbestil bookingen" }).click();
  await expect(page.getByText("Bookingen er afbestilt")).toBeVisible();
  await expect(page.getByRole("region", { name: "Afbestilling" })).toHaveCount(0);
  const cancelled = await waitForMail(email, /^Din booking er afbestilt$/);
  expect((await simpleParser(cancelled.raw)).text).toContain("Du får 14.600,00 kr. tilbage");
  await context.close();
});

test("an association requests two days with an add-on; the admin offers them with a line adjusted; the association accepts and pays; the admin settles its deposit", async ({
  browser,
  request,
}) => {
  const bookerContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = waitUntilLiveAfterNavigations(await bookerContext.newPage());
  const { email } = await plantSession(bookerContext, { name: "Frida Forening" });
  // Its own name, so that the admin finds this request among the demo's and earlier runs'.
  const association = `Nørrebro Blæseorkester ${randomBytes(3).toString("hex")}`;
  await visit(page, "/bruger/update");
  await page.getByLabel("Adresse").fill("Foreningsvej 3, 8000 Aarhus C");
  await page.getByLabel("Telefon").fill("20 12 34 56");
  await page.getByRole("button", { name: "Gem", exact: true }).click();
  await expect(page).toHaveURL(/\/bruger$/);

  // 1. A forening requests two days (Wednesday and Thursday, month 11: no other spec's) with the sound technician.
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), 11);
  await visit(page, `/reservation?maaned=${month}`);
  await page.getByText(/^Priser for privat/).click();
  await page.getByLabel("Jeg lejer som").selectOption("forening");
  await page.getByRole("button", { name: "Skift" }).click();
  await expect(page.getByText(/^Priser for forening/)).toBeVisible();
  const free = page.locator(`[data-day^="${month}-"]:not([aria-disabled])`);
  const wednesday = (await free.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-day")!))).filter(
    (day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 3,
  )[1]!;
  const thursday = `${wednesday.slice(0, 8)}${String(Number(wednesday.slice(8)) + 1).padStart(2, "0")}`;
  for (const day of [wednesday, thursday]) {
    await page.locator(`[data-day="${day}"]`).click();
    await expect(page.locator(`[data-day="${day}"]`)).toHaveAccessibleName(/i din kurv/);
  }
  await visit(page, "/kurv");
  await expect(page.getByText(/booker ved forespørgsel/)).toBeVisible();
  await page.getByRole("checkbox", { name: /Lydtekniker/ }).check();
  await page.getByRole("listitem").filter({ hasText: "Lydtekniker" }).getByLabel("Timer").fill("4");
  await page.getByLabel("Forventet antal gæster").fill("80");
  await page.getByLabel("Formål").fill("Jubilæumskoncert");
  await page.getByLabel("Foreningens navn").fill(association);
  await page.getByRole("button", { name: "Send forespørgsel" }).click();
  await expect(page).toHaveURL(/\/alle-reservationer$/);
  await expect(page.getByRole("region", { name: "Forespørgsler og tilbud" })).toContainText("Forespørgsel sendt");
  await waitForMail(email, /^Vi har modtaget din forespørgsel$/);
  await waitForMail("booking@havnescenen.dk", /^Ny forespørgsel: 2 dage fra /);
  await visit(page, `/reservation?maaned=${month}`);
  await expect(page.locator(`[data-day="${wednesday}"]`)).toHaveAccessibleName(/din forespørgsel/);

  // 2. The admin approves it with the first day at a lower price, and a line of their own.
  const adminContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const admin = waitUntilLiveAfterNavigations(await adminContext.newPage());
  await plantSession(adminContext, { role: "admin" });
  await visit(admin, "/forespoergsler");
  const card = admin.getByRole("article", { name: association });
  await expect(card).toContainText("80 · Jubilæumskoncert");
  await card.getByRole("textbox").first().fill("2.000");
  await card.getByLabel("Ekstra linjes tekst").fill("Ekstra opstilling af scene");
  await card.getByLabel("Ekstra linjes beløb (kr.)").fill("500");
  await card.getByLabel("Note til lejeren (valgfri)").fill("Vi glæder os til jubilæet!");
  await card.getByRole("button", { name: "Send tilbud" }).click();
  await expect(admin.getByText("Tilbuddet er sendt")).toBeVisible();
  await expect(card).toContainText("Tilbud sendt");

  // 3. The association reads the offer from its mail, accepts, and pays the depositum (demo payment).
  const offerMail = await waitForMail(email, /^Dit tilbud på leje af salen$/);
  const offerUrl = (await simpleParser(offerMail.raw)).text!.match(/https?:\/\/\S+\/tilbud\/[0-9a-f-]+/)![0];
  await visit(page, new URL(offerUrl).pathname);
  const offerLines = page.getByRole("list", { name: "Tilbuddets linjer" });
  await expect(offerLines).toContainText("2.000,00 kr.");
  await expect(offerLines).toContainText("Ekstra opstilling af scene");
  await expect(offerLines).toContainText("Lydtekniker, 4 × 450,00 kr.");
  await expect(page.getByText("Vi glæder os til jubilæet!")).toBeVisible();
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Accepter og betal" }).click();
  await expect(page.getByText("At betale nu: depositum")).toBeVisible();
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);
  await waitForMail(email, /^Kvittering nr\. \d+: din reservation/);

  // 4. The reminder job, run as if a week before the balance's due day, reminds the association.
  await visit(page, "/alle-reservationer");
  const due = page.getByRole("region", { name: "Til betaling" });
  const dueText = (await due.getByText(/^Forfalder /).textContent())!;
  expect(dueText).toMatch(/Forfalder \S+ den \d+\./);
  const weekBefore = new Date(`${wednesday}T09:00:00Z`);
  weekBefore.setUTCDate(weekBefore.getUTCDate() - 37);
  const ran = await request.post("/_test/job", {
    form: { navn: "balance-reminders", tidspunkt: weekBefore.toISOString() },
  });
  // At least this balance: other journeys' balances may fall due the same week.
  expect((await ran.json()).done).toBeGreaterThanOrEqual(1);
  await waitForMail(email, /^Restbeløbet for din leje forfalder /);

  // 5. The association pays the balance.
  await due.getByRole("button", { name: "Betal" }).click();
  await expect(page.getByText("At betale nu: restbeløb")).toBeVisible();
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);
  await waitForMail(email, /restbeløbet er betalt$/);

  // 6. After the event, the admin returns the security deposit, less 500 kr. with a reason.
  const orderId = new URL(page.url()).searchParams.get("ordre")!;
  expect((await request.post("/_test/forbi", { form: { ordre: orderId } })).ok()).toBe(true);
  await visit(admin, "/udlejning");
  const toSettle = admin
    .getByRole("region", { name: /^5\. Sikkerhedsdepositum at afregne/ })
    .getByRole("listitem")
    .filter({
      hasText: association,
    });
  await toSettle.getByText("Historik").click();
  await expect(toSettle.getByRole("list").last()).toContainText("Tilbud accepteret");
  await expect(toSettle.getByRole("list").last()).toContainText("Påmindelse sendt");
  await toSettle.getByLabel("Beholdes (kr.)").fill("500");
  await toSettle.getByLabel("Begrundelse (sendes til lejeren)").fill("Ekstra rengøring af køkkenet");
  await toSettle.getByRole("button", { name: "Afregn sikkerhedsdepositum" }).click();
  await expect(admin.getByText("Sikkerhedsdepositummet er afregnet")).toBeVisible();
  await expect(toSettle).toHaveCount(0);
  const settlement = (await simpleParser((await waitForMail(email, /^Dit sikkerhedsdepositum er afregnet$/)).raw))
    .text!;
  expect(settlement).toContain("Vi beholder 500,00 kr.: Ekstra rengøring af køkkenet");
  expect(settlement).toContain("Du får 1.500,00 kr. tilbage");
  await adminContext.close();
  await bookerContext.close();
});

test("a public institution books directly on invoice; it gets the PDF, the admin the OIOUBL XML, and marks it paid", async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = waitUntilLiveAfterNavigations(await context.newPage());
  const { email } = await plantSession(context, { name: "Ole Offentlig" });
  await visit(page, "/bruger/update");
  await page.getByLabel("Adresse").fill("Rådhuspladsen 2, 8000 Aarhus C");
  await page.getByLabel("Telefon").fill("20 12 34 56");
  await page.getByRole("button", { name: "Gem", exact: true }).click();
  await expect(page).toHaveURL(/\/bruger$/);
  const institution = `Aarhus Kommune, Kultur ${randomBytes(3).toString("hex")}`;

  // A Tuesday of month 6, which no other spec books; month 12 runs into the demo's 365-day horizon early in a month.
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), 6);
  await visit(page, `/reservation?maaned=${month}`);
  await page.getByText(/^Priser for privat/).click();
  await page.getByLabel("Jeg lejer som").selectOption("offentlig");
  await page.getByRole("button", { name: "Skift" }).click();
  await expect(page.getByText(/^Priser for offentlig institution/)).toBeVisible();
  const free = page.locator(`[data-day^="${month}-"]:not([aria-disabled])`);
  const tuesday = (await free.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-day")!))).filter(
    (day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 2,
  )[1]!;
  await page.locator(`[data-day="${tuesday}"]`).click();
  await expect(page.locator(`[data-day="${tuesday}"]`)).toHaveAccessibleName(/i din kurv/);

  await visit(page, "/kurv");
  await page.getByLabel("Institutionens navn").fill(institution);
  await page.getByLabel("CVR-nummer").fill("55133018");
  await page.getByLabel("EAN-nummer", { exact: true }).fill("5798000416605");
  await page.getByLabel("Ordre- eller referencenummer").fill("PO-2027-118");
  await page.getByRole("radio", { name: /Betal på faktura/ }).check();
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await expect(page.getByText("EAN-nummeret er ikke gyldigt: tjek de 13 cifre")).toBeVisible();
  await page.getByLabel("EAN-nummer", { exact: true }).fill("5798 0004 16604");
  await page.getByRole("radio", { name: /Betal på faktura/ }).check();
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bookingen er bekræftet");
  const mail = await waitForMail(email, /^Faktura nr\. \d+: din booking/);
  const attachments = (await simpleParser(mail.raw)).attachments;
  expect(
    attachments
      .find((file) => file.contentType === "application/pdf")
      ?.content.subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  const pdfLink = page.getByRole("link", { name: "Hent fakturaen (PDF)" });
  const pdf = await page.request.get((await pdfLink.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The admin fetches the OIOUBL XML for NemHandel, checks it, and marks the invoice paid when the money comes.
  const adminContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const admin = waitUntilLiveAfterNavigations(await adminContext.newPage());
  await plantSession(adminContext, { role: "admin" });
  await visit(admin, "/fakturaer");
  const row = admin.getByRole("listitem").filter({ hasText: institution });
  const xmlResponse = await admin.request.get((await row.getByRole("link", { name: /OIOUBL/ }).getAttribute("href"))!);
  const xml = await xmlResponse.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const invoice = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false }).parse(
    xml,
  ).Invoice;
  expect(invoice.AccountingCustomerParty.Party.EndpointID).toMatchObject({
    "#text": "5798000416604",
    "@_schemeID": "GLN",
  });
  expect(invoice.AccountingCustomerParty.Party.PartyLegalEntity.CompanyID["#text"]).toBe("DK55133018");
  expect(mail.subject).toContain(`Faktura nr. ${invoice.ID}:`);
  const net = Number(invoice.LegalMonetaryTotal.LineExtensionAmount["#text"]);
  const vat = Number(invoice.TaxTotal.TaxAmount["#text"]);
  // The rent is exempt from moms (decision 054): zero-rated, with the rule that says so.
  expect(vat).toBe(0);
  expect(invoice.TaxTotal.TaxSubtotal.TaxCategory).toMatchObject({
    Percent: "0",
    TaxExemptionReason: "Momsfri udlejning af lokaler, jf. momslovens § 13, stk. 1, nr. 8",
  });
  expect(Number(invoice.LegalMonetaryTotal.PayableAmount["#text"])).toBe(net + vat);
  await row.getByRole("button", { name: "Markér som betalt" }).click();
  await expect(admin.getByText("Fakturaen er markeret som betalt")).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: institution })).toHaveCount(0);
  await adminContext.close();
  await context.close();
});
