import { signInAsAdmin, toasts } from "../support/content";
import { countMail, waitForMail } from "../support/outbox";
import { expect, test } from "../support/test";
import { buyTickets, checkedIn, openDoor } from "../support/tickets";
import { expectAccessible, visit } from "../support/visit";

test("a visitor buys two tickets with the demo payment and opens a ticket from the e-mail", async ({ page }) => {
  const email = `billetkoeber-${Date.now()}@example.dk`;
  await buyTickets(page, "Havnens Julekoncert", 2, { name: "Bente Billet", email });
  await expectAccessible(page);

  const mail = await waitForMail(email, /^Dine billetter: Havnens Julekoncert$/);
  expect(mail.raw).toMatch(/filename="?billetter\.pdf/);
  const links = mail.text.match(/https?:\/\/\S+\/billet\/[A-Za-z0-9_-]{22}/g) ?? [];
  expect(links).toHaveLength(2);
  await visit(page, new URL(links[0]!).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Havnens Julekoncert");
  await expect(page.getByRole("img", { name: "Billettens QR-kode" })).toBeVisible();
  await expect(page.getByText("Bente Billet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Føj til kalender" })).toBeVisible();
  await expectAccessible(page);
});

test("door staff check a ticket in by its code once; the same ticket again and another concert's are refused", async ({
  page,
  signIn,
}) => {
  const { codes } = await buyTickets(page, "Havnens Julekoncert", 1, {
    name: "Dorte Dør",
    email: `doer-${Date.now()}@example.dk`,
  });
  const { orderUrl } = await buyTickets(page, "Singer-songwriter-aften", 1, {
    name: "Anden Koncert",
    email: `anden-${Date.now()}@example.dk`,
  });
  const otherTicket = await page.getByRole("link", { name: /^Billet 1:/ }).getAttribute("href");
  expect(orderUrl).toContain("/billetter/ordre/");

  await signIn({ role: "door", name: "Dørmand" });
  await openDoor(page, "Havnens Julekoncert");
  const count = page.getByTestId("door-count");
  const before = await checkedIn(count);
  const code = page.getByLabel("Billettens kode");
  const answer = page.getByRole("status").filter({ hasText: /Godkendt|Allerede|Ukendt|anden koncert|Scan/ });

  await code.fill(codes[0]!.toLowerCase());
  await page.getByRole("button", { name: "Tjek ind" }).click();
  await expect(answer).toHaveText("Godkendt");
  // Other tests check tickets in to the same concert meanwhile: the count has at least this one more.
  await expect.poll(() => checkedIn(count)).toBeGreaterThanOrEqual(before + 1);

  await code.fill(codes[0]!);
  await page.getByRole("button", { name: "Tjek ind" }).click();
  await expect(answer).toHaveText(/^Allerede tjekket ind kl\. \d{2}\.\d{2}$/);

  await code.fill(`http://127.0.0.1${otherTicket}`);
  await page.getByRole("button", { name: "Tjek ind" }).click();
  await expect(answer).toHaveText("Billet til en anden koncert (Singer-songwriter-aften)");
  await expectAccessible(page);
});

test("a scan without network is kept on the phone and sent when the network is back", async ({
  page,
  context,
  signIn,
}) => {
  const { codes } = await buyTickets(page, "Havnens Julekoncert", 2, {
    name: "Olga Offline",
    email: `offline-${Date.now()}@example.dk`,
  });
  await signIn({ role: "door", name: "Dørkvinde" });
  await openDoor(page, "Havnens Julekoncert");
  const count = page.getByTestId("door-count");
  const before = await checkedIn(count);

  await context.setOffline(true);
  for (const code of codes) {
    await page.getByLabel("Billettens kode").fill(code);
    await page.getByRole("button", { name: "Tjek ind" }).click();
  }
  await expect(page.getByText("2 scanninger venter på net og sendes af sig selv.")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Sendt, da nettet kom tilbage" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Godkendt" })).toHaveCount(2);
  await expect.poll(() => checkedIn(count)).toBeGreaterThanOrEqual(before + 2);
});

test("an Aflyst concert refunds every order with one e-mail to each buyer", async ({ page, browser }) => {
  const title = `Aflyst koncert ${Date.now()}`;
  await signInAsAdmin(page, "/event/create");
  await page.getByLabel("Titel", { exact: true }).fill(title);
  await page.getByLabel("Start", { exact: true }).fill("2030-03-14T20:00");
  await page.getByLabel("Billetsalg", { exact: true }).selectOption({ label: "Eget billetsalg her på siden" });
  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(toasts(page).getByText(/er oprettet$/)).toBeVisible();
  const eventId = /\/event\/([0-9a-f-]{36})$/.exec(
    (await page.getByRole("link", { name: title, exact: true }).getAttribute("href"))!,
  )![1]!;

  await page.goto(`/billetsalg/${eventId}`);
  await page.getByLabel("Billetter i alt").fill("50");
  await page.getByLabel("Type 1: navn").fill("Ordinær");
  await page.getByLabel("Pris (kr.)").first().fill("100");
  await page.getByLabel("Antal").first().fill("50");
  await page.getByRole("button", { name: "Gem billetsalget" }).click();
  await expect(toasts(page).getByText("Billetsalget er gemt")).toBeVisible();
  await expectAccessible(page);

  const buyers = [`aflyst-a-${Date.now()}@example.dk`, `aflyst-b-${Date.now()}@example.dk`];
  const visitor = await browser.newPage({ locale: "da-DK", timezoneId: "Europe/Copenhagen" });
  for (const [index, email] of buyers.entries())
    await buyTickets(visitor, title, index + 1, { name: `Køber ${index + 1}`, email });
  await visitor.close();

  await page.goto(`/event/${eventId}`);
  await page.getByLabel("Status").selectOption({ label: "Aflyst" });
  await page.getByRole("button", { name: "Gem ændringer" }).click();
  await expect(toasts(page).getByText("Ændringerne er gemt")).toBeVisible();
  await page.goto(`/billetsalg/${eventId}`);
  await page.getByText("Refundér alle billetter").click();
  await page.getByRole("button", { name: "Ja, refundér alle" }).click();
  await expect(toasts(page).getByText("2 ordrer er refunderet, og køberne har fået besked")).toBeVisible();
  await expect(page.getByText("Refunderet", { exact: true })).toHaveCount(2);

  for (const email of buyers) {
    await waitForMail(email, new RegExp(`^Aflyst: ${title}\\. Du får pengene tilbage$`));
    expect(await countMail(email, /^Aflyst: /)).toBe(1);
  }
});
