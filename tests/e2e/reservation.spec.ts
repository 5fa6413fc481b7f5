import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { shiftMonth, todayInCopenhagen } from "../../app/lib/days";
import { waitUntilLiveAfterNavigations } from "../support/live";
import { waitForMail } from "../support/outbox";
import { expect, plantSession, test, uniqueClientAddress } from "../support/test";
import { visit } from "../support/visit";

// The hold time is one setting for the whole site; these tests change it, so they run one at a time. The booking
// journeys visit the calendar and basket up to ten times, each visit checked by axe in two colour modes: about
// 60 s when the machine is busy.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const toasts = (page: Page) => page.getByRole("region", { name: "Meddelelser" });

/** Days of a month some months ahead, so the tests never meet today's edge or each other. */
function daysAhead(monthsAhead: number, ...dayNumbers: number[]) {
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), monthsAhead);
  return { month, days: dayNumbers.map((day) => `${month}-${String(day).padStart(2, "0")}`) };
}

/** A verified, signed-in user (a planted session) in a browser context of their own; with an address, ready to pay. */
async function newBooker(browser: Browser, name: string, address: string | null) {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = waitUntilLiveAfterNavigations(await context.newPage());
  const { email } = await plantSession(context, { name });
  if (address) {
    await visit(page, "/bruger/update");
    await page.getByLabel("Adresse").fill(address);
    await page.getByLabel("Telefon").fill("20 12 34 56");
    await page.getByRole("button", { name: "Gem", exact: true }).click();
    await expect(page).toHaveURL(/\/bruger$/);
  }
  return { page, email, close: () => context.close() };
}

async function selectDay(page: Page, day: string) {
  await page.locator(`[data-day="${day}"]`).click();
}

async function setHoldSeconds(request: APIRequestContext, seconds: number) {
  const response = await request.post("/_test/hold-tid", { form: { sekunder: String(seconds) } });
  expect(response.status()).toBe(200);
}

test("a user books two days with the demo payment; the second user sees them as reserved by the first", async ({
  browser,
}) => {
  const { month, days } = daysAhead(3, 10, 11);
  const [first, second] = days as [string, string];
  const booker = await newBooker(browser, "Karen Kaj", "Kajgade 7, 8000 Aarhus C");
  const { page } = booker;

  await visit(page, `/reservation?maaned=${month}`);
  await expect(page.locator(`[data-day="${first}"]`)).toHaveAccessibleName(/, ledig, /);
  await selectDay(page, first);
  await expect(toasts(page).getByText("Dagen er lagt i din kurv")).toBeVisible();
  await selectDay(page, second);
  await expect(page.locator(`[data-day="${second}"]`)).toHaveAccessibleName(/i din kurv/);
  await selectDay(page, first);
  await expect(toasts(page).getByText("Du har denne reservation i din indkøbskurv")).toBeVisible();

  // While the days are only in Karen's basket, others learn that they are taken for now, not by whom.
  const other = await newBooker(browser, "Ole Anden", null);
  await visit(other.page, `/reservation?maaned=${month}`);
  await expect(other.page.locator(`[data-day="${first}"]`)).toHaveAccessibleName(/, optaget lige nu$/);
  await selectDay(other.page, first);
  await expect(toasts(other.page).getByText("Dagen er optaget lige nu")).toBeVisible();
  await expect(toasts(other.page).getByText("En anden har dagen i sin kurv. Prøv igen senere.")).toBeVisible();
  await expect(other.page.getByText("Kajgade 7")).toHaveCount(0);

  await visit(page, "/kurv");
  await expect(page.getByRole("list", { name: "Dage i kurven" }).getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betaling");
  await expect(page.getByText("Testbetaling")).toBeVisible();
  await page.getByRole("button", { name: "Betal", exact: true }).click();

  await expect(page).toHaveURL(/\/success\?ordre=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tak for din reservation");
  await expect(page.getByRole("heading", { name: /^Kvittering nr\. \d+$/ })).toBeVisible();
  const receipt = page.getByRole("article", { name: /Kvittering nr\./ });
  await expect(receipt.getByText("CVR 12345674")).toBeVisible();
  await expect(receipt.getByText(/Heraf moms/)).toBeVisible();
  // The two days, the cleaning the demo venue's private renters always have, and the security deposit: days this
  // near pay everything at once.
  const bought = receipt.getByRole("list", { name: "Det har du købt" }).getByRole("listitem");
  await expect(bought).toHaveCount(4);
  await expect(bought.nth(2)).toContainText("Slutrengøring");
  await expect(bought.last()).toContainText("Sikkerhedsdepositum, betales tilbage efter lejen");

  const mail = await waitForMail(booker.email, /^Kvittering nr\. \d+/);
  const parsed = await simpleParser(mail.raw);
  const ics = parsed.attachments.find((attachment) => attachment.filename === "reservation.ics");
  expect(ics?.contentType).toBe("text/calendar");
  const calendar = ics!.content.toString("utf8");
  expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(calendar).toContain(`DTSTART;VALUE=DATE:${first.replace(/-/g, "")}`);

  await visit(page, "/alle-reservationer");
  const upcoming = page.getByRole("heading", { name: "Kommende" }).locator("xpath=following-sibling::ul[1]");
  await expect(upcoming.getByRole("listitem")).toHaveCount(2);

  await visit(page, `/reservation?maaned=${month}`);
  await selectDay(page, first);
  await expect(toasts(page).getByText("Du har selv reserveret dagen")).toBeVisible();

  await visit(other.page, `/reservation?maaned=${month}`);
  await expect(other.page.locator(`[data-day="${first}"]`)).toHaveAccessibleName(/, optaget$/);
  await selectDay(other.page, first);
  await expect(toasts(other.page).getByText("Dagen er allerede reserveret")).toBeVisible();
  await expect(toasts(other.page).getByText("Af adressen Kajgade 7, 8000 Aarhus C")).toBeVisible();

  await other.close();
  await booker.close();
});

test("checkout without an address leads to the details form and, once saved, back to the basket with the days still held", async ({
  browser,
}) => {
  const { month, days } = daysAhead(7, 12);
  const day = days[0]!;
  const booker = await newBooker(browser, "Ada Adresseløs", null);
  const { page } = booker;
  await visit(page, `/reservation?maaned=${month}`);
  await selectDay(page, day);
  await expect(toasts(page).getByText("Dagen er lagt i din kurv")).toBeVisible();

  await visit(page, "/kurv");
  const basket = page.getByRole("list", { name: "Dage i kurven" }).getByRole("listitem");
  await expect(basket).toHaveCount(1);
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await expect(page).toHaveURL(/\/bruger\/update\?redirectTo=%2Fkurv$/);
  await expect(toasts(page).getByText("Tilføj din adresse og dit telefonnummer før betaling")).toBeVisible();

  await page.getByLabel("Adresse").fill("Adelgade 5, 8000 Aarhus C");
  await page.getByLabel("Telefon").fill("20 12 34 56");
  await page.getByRole("button", { name: "Gem", exact: true }).click();
  await expect(page).toHaveURL(/\/kurv$/);
  await expect(basket).toHaveCount(1);
  await expect(basket).toContainText(/\d+:\d{2} tilbage/);

  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await expect(page.getByText("Testbetaling")).toBeVisible();
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);
  await booker.close();
});

test("a visitor who picks a day is asked to sign in first", async ({ page }) => {
  const { month, days } = daysAhead(3, 14);
  await visit(page, `/reservation?maaned=${month}`);
  await selectDay(page, days[0]!);
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Freservation%3Fmaaned%3D${month}$`));
});

test("a hold runs out after the hold time and the day is free for others", async ({ browser, request }) => {
  const { month, days } = daysAhead(4, 3);
  const day = days[0]!;
  await setHoldSeconds(request, 3);
  try {
    const holder = await newBooker(browser, "Hanne Hold", null);
    await visit(holder.page, `/reservation?maaned=${month}`);
    await selectDay(holder.page, day);
    await expect(toasts(holder.page).getByText("Dagen er lagt i din kurv")).toBeVisible();

    await expect(async () => {
      await holder.page.goto("/kurv");
      await expect(holder.page.getByText("Din kurv er tom.")).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });

    const next = await newBooker(browser, "Niels Næste", null);
    await visit(next.page, `/reservation?maaned=${month}`);
    await expect(next.page.locator(`[data-day="${day}"]`)).toHaveAccessibleName(/, ledig, /);
    await selectDay(next.page, day);
    await expect(toasts(next.page).getByText("Dagen er lagt i din kurv")).toBeVisible();
    await holder.close();
    await next.close();
  } finally {
    await setHoldSeconds(request, 900);
  }
});

test("the calendar is live: a day another user takes or frees changes on an open calendar within 2 s", async ({
  browser,
}) => {
  const { month, days } = daysAhead(5, 12);
  const day = days[0]!;
  const watcher = await newBooker(browser, "Vera Venter", null);
  const taker = await newBooker(browser, "Tage Tager", null);
  try {
    await visit(watcher.page, `/reservation?maaned=${month}`);
    const watched = watcher.page.locator(`[data-day="${day}"]`);
    await expect(watched).toHaveAccessibleName(/, ledig, /);
    // The stream is open (EventSource's "open") before anything happens: the change must come through it.
    await expect(watcher.page.locator("[data-live]")).toHaveCount(1);

    await visit(taker.page, `/reservation?maaned=${month}`);
    await selectDay(taker.page, day);
    await expect(toasts(taker.page).getByText("Dagen er lagt i din kurv")).toBeVisible();
    await expect(watched).toHaveAccessibleName(/, optaget lige nu$/, { timeout: 2_000 });

    await taker.page.goto("/kurv");
    await taker.page
      .getByRole("button", { name: /^Fjern/ })
      .first()
      .click();
    await expect(watched).toHaveAccessibleName(/, ledig, /, { timeout: 2_000 });
  } finally {
    await watcher.close();
    await taker.close();
  }
});

test("while another month loads, the old month's days cannot be picked", async ({ page, signIn }) => {
  await signIn();
  const { month } = daysAhead(2);
  await visit(page, `/reservation?maaned=${month}`);
  // Hold the next month's data back, to look at the calendar while it is on its way.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/reservation.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: /^Næste måned/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Henter måneden" })).toBeVisible();
  await expect(page.locator(`[data-day="${month}-15"]`)).toBeDisabled();
  release();
  await expect(page.locator(`[data-day="${shiftMonth(month, 1)}-15"]`)).toBeEnabled();
});

async function bookAndPay(page: Page, month: string, days: string[]) {
  await visit(page, `/reservation?maaned=${month}`);
  for (const day of days) {
    await selectDay(page, day);
    await expect(page.locator(`[data-day="${day}"]`)).toHaveAccessibleName(/i din kurv/);
  }
  await page.goto("/kurv");
  await page.getByLabel("Jeg har læst og accepterer lejekontrakten").check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await page.getByRole("button", { name: "Betal", exact: true }).click();
  await expect(page).toHaveURL(/\/success\?ordre=/);
}

test("the admin blocks a day, sees the bookings of a month, exports them and cancels one with a reason", async ({
  browser,
}) => {
  const { month, days } = daysAhead(5, 8, 9);
  const [blocked, booked] = days as [string, string];
  const booker = await newBooker(browser, "Bente Booker", "Bådvej 3, 8000 Aarhus C");
  await bookAndPay(booker.page, month, [booked]);

  const adminContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const admin = waitUntilLiveAfterNavigations(await adminContext.newPage());
  await plantSession(adminContext, { role: "admin" });
  await admin.goto("/blokerede-datoer");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Blokerede datoer");
  await admin.getByLabel("Fra og med").fill(blocked);
  await admin.getByLabel("Titel").fill("Lukket for maling");
  await admin.getByRole("button", { name: "Bloker" }).click();
  await expect(toasts(admin).getByText("1 dato er blokeret")).toBeVisible();

  await visit(booker.page, `/reservation?maaned=${month}`);
  await expect(booker.page.locator(`[data-day="${blocked}"]`)).toHaveAccessibleName(/lukket, Lukket for maling/);
  await selectDay(booker.page, blocked);
  await expect(toasts(booker.page).getByText("Lukket for maling")).toBeVisible();

  await visit(admin, `/reservationer?maaned=${month}`);
  const row = admin.getByRole("row").filter({ hasText: "Bådvej 3, 8000 Aarhus C" });
  await expect(row).toContainText("Bente Booker");
  const download = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Hent som CSV" }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  });
  expect(csv).toContain(`${booked};Bente Booker;`);

  await row.getByText("Aflys", { exact: true }).click();
  await row.getByLabel("Begrundelse (sendes til lejeren)").fill("Vandskade i salen");
  await row.getByRole("button", { name: "Aflys reservationen" }).click();
  await expect(toasts(admin).getByText("Reservationen er aflyst")).toBeVisible();
  const mail = await waitForMail(booker.email, /er aflyst$/);
  expect((await simpleParser(mail.raw)).text).toContain("Begrundelse: Vandskade i salen");

  await visit(booker.page, `/reservation?maaned=${month}`);
  await expect(booker.page.locator(`[data-day="${booked}"]`)).toHaveAccessibleName(/, ledig, /);
  await adminContext.close();
  await booker.close();
});
