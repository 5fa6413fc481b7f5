import { pngFile, signInAsAdmin, toasts } from "../support/content";
import { expect, test } from "../support/test";
import { expectAccessible, visit } from "../support/visit";

test("a visitor reads the programme by month, opens a concert, finds the ticket link and the calendar file", async ({
  page,
  request,
}) => {
  await visit(page, "/koncerter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Koncerter");
  // The demo programme: grouped by month, the status in words, the cancelled and the sold-out ones too.
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(/^[A-ZÆØÅ][a-zæøå]+ \d{4}$/);
  const soldOut = page.getByRole("article", { name: "Nattens Lyd" });
  await expect(soldOut.getByText("Udsolgt", { exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: "Salt & Sol: Sommerturné" }).getByText("Aflyst")).toBeVisible();
  await expect(page.getByRole("article", { name: "Havnens Blæsere" })).toContainText("Flyttet fra");
  // Past concerts are in the archive, not here.
  await expect(page.getByRole("link", { name: "Åben scene" })).toHaveCount(0);
  await expect(
    page.getByText(/^(man|tirs|ons|tors|fre|lør|søn)\. \d{1,2}\. \S+ kl\. \d{2}\.\d{2}$/).first(),
  ).toBeVisible();

  await page.getByRole("link", { name: "Kajens Kvartet: Natlys" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kajens Kvartet: Natlys");
  await expectAccessible(page);
  const ticket = page.getByRole("link", { name: /Køb billet/ });
  await expect(ticket).toHaveAttribute("href", "https://billetter.example.com/kajens-kvartet-natlys");
  await expect(ticket).toHaveAttribute("target", "_blank");
  await expect(ticket).toHaveAttribute("rel", /external/);
  await expect(ticket).toHaveAccessibleName(/åbner billetsælgerens side i en ny fane/);
  // The concert is about one of the venue's albums: its page links there.
  await expect(page.getByRole("link", { name: "Hør albummet Natlys" })).toHaveAttribute(
    "href",
    /^\/musik\/[0-9a-f-]{36}$/,
  );

  const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(structured).toMatchObject({
    "@type": "MusicEvent",
    name: "Kajens Kvartet: Natlys",
    eventStatus: "https://schema.org/EventScheduled",
    location: { "@type": "MusicVenue", name: "Havnescenen" },
    offers: { url: "https://billetter.example.com/kajens-kvartet-natlys", priceCurrency: "DKK" },
  });

  const calendarHref = await page.getByRole("link", { name: "Føj til kalender" }).getAttribute("href");
  const calendar = await request.get(calendarHref!);
  expect(calendar.headers()["content-type"]).toContain("text/calendar");
  const ics = await calendar.text();
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain("SUMMARY:Kajens Kvartet: Natlys");
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

  const feed = await request.get("/koncerter.ics");
  expect(feed.status()).toBe(200);
  expect((await feed.text()).match(/BEGIN:VEVENT/g)?.length).toBeGreaterThanOrEqual(6);

  await visit(page, "/koncerter/arkiv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tidligere koncerter");
  await expect(page.getByRole("link", { name: "Åben scene" })).toBeVisible();

  await visit(page, "/");
  const next = page.getByRole("region", { name: "Næste koncerter" });
  await expect(next.getByRole("article")).toHaveCount(3);
});

test("the admin creates a concert, moves it, sells it out, cancels it and copies it", async ({ page }) => {
  const title = `Testkoncert ${Date.now()}`;
  await signInAsAdmin(page, "/event/create");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Opret koncert");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(page.getByText("Feltet skal udfyldes")).toHaveCount(2);

  await page.getByLabel("Titel", { exact: true }).fill(title);
  await page.getByLabel("Medvirkende").fill("Testbandet, Gæstesolisten");
  await page.getByLabel("Start", { exact: true }).fill("2030-06-14T20:00");
  await page.getByLabel("Dørene åbner").fill("19:00");
  await page.getByLabel("Pris").fill("150 kr.");
  await page.getByLabel("Link til billetsalg").fill("ikke et link");
  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(page.getByText("Angiv en webadresse, der begynder med https://")).toBeVisible();
  await page.getByLabel("Link til billetsalg").fill("https://billetter.example.com/test");
  await page.getByLabel(/^Billede/).setInputFiles(await pngFile());
  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(toasts(page).getByText(/er oprettet$/)).toBeVisible();
  await expect(page).toHaveURL(/\/event$/);
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("fre. 14. jun. kl. 20.00 · Planlagt");

  await page.getByRole("link", { name: title, exact: true }).click();
  await page.getByLabel("Status").selectOption({ label: "Flyttet" });
  await page.getByRole("button", { name: "Gem ændringer" }).click();
  await expect(page.getByText("Angiv den nye dato og tid")).toBeVisible();
  await page.getByLabel("Ny dato og tid").fill("2030-09-06T20:00");
  await page.getByRole("button", { name: "Gem ændringer" }).click();
  await expect(toasts(page).getByText("Ændringerne er gemt")).toBeVisible();

  await visit(page, "/koncerter");
  const card = page.getByRole("article", { name: title });
  await expect(card).toContainText("fre. 6. sep. kl. 20.00");
  await expect(card).toContainText("Flyttet fra fre. 14. jun. kl. 20.00");

  await page.goto("/event");
  await page.getByRole("link", { name: title, exact: true }).click();
  await page.getByLabel("Status").selectOption({ label: "Udsolgt" });
  await page.getByRole("button", { name: "Gem ændringer" }).click();
  await expect(toasts(page).getByText("Ændringerne er gemt")).toBeVisible();
  await visit(page, "/koncerter");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByText("Koncerten er udsolgt.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Køb billet/ })).toHaveCount(0);

  await page.goto("/event");
  await page.getByRole("link", { name: title, exact: true }).click();
  await page.getByLabel("Status").selectOption({ label: "Aflyst" });
  await page.getByRole("button", { name: "Gem ændringer" }).click();
  await expect(toasts(page).getByText("Ændringerne er gemt")).toBeVisible();
  await visit(page, "/koncerter");
  await expect(page.getByRole("article", { name: title }).getByText("Aflyst")).toBeVisible();

  await page.goto("/event");
  await page.getByRole("button", { name: `Kopiér ${title}` }).click();
  await expect(toasts(page).getByText("Koncerten er kopieret som kladde", { exact: false })).toBeVisible();
  const copies = page.getByRole("row").filter({ hasText: title });
  await expect(copies).toHaveCount(2);
  await expect(copies.filter({ hasText: "Kladde" })).toContainText("Planlagt");
});
