import { simpleParser } from "mailparser";
import { shiftMonth, todayInCopenhagen } from "../../app/features/reservation/days";
import { waitUntilLiveAfterNavigations } from "../support/live";
import { waitForMail } from "../support/outbox";
import { expect, plantSession, test, uniqueClientAddress } from "../support/test";
import { visit } from "../support/visit";

// Visits the calendar, the basket and the payment pages, each checked by axe in two colour modes.
test.describe.configure({ timeout: 90_000 });

test("an association rents two days at its own price with an add-on, pays the depositum, then the balance", async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = waitUntilLiveAfterNavigations(await context.newPage());
  const { email } = await plantSession(context, { name: "Frida Forening" });
  await visit(page, "/bruger/update");
  await page.getByLabel("Adresse").fill("Foreningsvej 3, 8000 Aarhus C");
  await page.getByLabel("Telefon").fill("20 12 34 56");
  await page.getByRole("button", { name: "Gem", exact: true }).click();
  await expect(page).toHaveURL(/\/bruger$/);

  // The calendar's prices are the renter's type's: a Monday and a Tuesday, well ahead of the balance's due day.
  // Month 10: no other spec books days there.
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), 10);
  await visit(page, `/reservation?maaned=${month}`);
  await page.getByText(/^Priser for privat/).click();
  await page.getByLabel("Jeg lejer som").selectOption("forening");
  await page.getByRole("button", { name: "Skift" }).click();
  await expect(page.getByText(/^Priser for forening: 2\.500,00 kr\. på hverdage/)).toBeVisible();
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
  await expect(page.getByRole("main").getByText("2.500,00 kr.", { exact: true })).toHaveCount(2);
  // An association's name is asked for; the sound technician needs hours; the cleaning comes with the type.
  await expect(page.getByRole("checkbox", { name: /Slutrengøring/ })).toBeChecked();
  await page.getByRole("checkbox", { name: /Lydtekniker/ }).check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await expect(page.getByText("Skriv foreningens navn")).toBeVisible();
  await expect(page.getByText("Skriv, hvor mange timer lydtekniker skal bruges")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Lydtekniker/ })).toBeChecked();
  await page.getByLabel("Foreningens navn").fill("Vesterbro Jazzklub");
  await page.getByRole("listitem").filter({ hasText: "Lydtekniker" }).getByLabel("Timer").fill("4");
  await page.getByRole("button", { name: "Gå til betaling" }).click();

  // 2 × 2.500 kr., 4 × 450 kr. and the cleaning an association always has, 1.500 kr.: 8.300 kr., a quarter now.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betaling");
  await expect(page.getByText("Lydtekniker, 4 × 450,00 kr.")).toBeVisible();
  await expect(page.getByText("Slutrengøring", { exact: true })).toBeVisible();
  await expect(page.getByText("At betale nu: depositum")).toBeVisible();
  await expect(page.locator("p").filter({ hasText: "At betale nu: depositum" })).toContainText("2.075,00 kr.");
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);
  const payments = page.getByRole("region", { name: "Betalinger" });
  await expect(payments.getByText(/Betalt · kvittering nr\. \d+/)).toBeVisible();
  await expect(payments.getByText(/^Forfalder /)).toBeVisible();
  const confirmation = await waitForMail(email, /^Kvittering nr\. \d+/);
  expect((await simpleParser(confirmation.raw)).text).toContain("Restbeløb: 6.225,00 kr., forfalder");

  await visit(page, "/alle-reservationer");
  const due = page.getByRole("region", { name: "Til betaling" });
  await expect(due.getByText("6.225,00 kr.")).toBeVisible();
  await due.getByRole("button", { name: "Betal" }).click();
  await expect(page.getByText("At betale nu: restbeløb")).toBeVisible();
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);
  await expect(page.getByRole("region", { name: "Betalinger" }).getByText(/^Forfalder /)).toHaveCount(0);
  const receipt = await waitForMail(email, /restbeløbet er betalt$/);
  expect((await simpleParser(receipt.raw)).text).toContain("Tak for betalingen af restbeløbet, 6.225,00 kr.");
  await visit(page, "/alle-reservationer");
  await expect(page.getByRole("region", { name: "Til betaling" })).toHaveCount(0);
  await context.close();
});
