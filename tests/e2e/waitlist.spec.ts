import { signInAsAdmin, toasts } from "../support/content";
import { waitForMail } from "../support/outbox";
import { waitUntilLiveAfterNavigations } from "../support/live";
import { expect, test, uniqueClientAddress } from "../support/test";
import { buyTickets } from "../support/tickets";
import { expectAccessible, visit } from "../support/visit";

test("a fan writes themselves on a sold-out concert's waitlist and takes their name off by the mail's link", async ({
  page,
  browser,
}) => {
  const title = `Venteliste-koncert ${Date.now()}`;
  // The admin in a page of their own, waiting for the page to be live after each navigation as the test's own page does.
  const admin = waitUntilLiveAfterNavigations(
    await browser.newPage({
      locale: "da-DK",
      timezoneId: "Europe/Copenhagen",
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    }),
  );
  await signInAsAdmin(admin, "/event/create");
  await admin.getByLabel("Titel", { exact: true }).fill(title);
  await admin.getByLabel("Start", { exact: true }).fill("2030-04-18T20:00");
  await admin.getByLabel("Billetsalg", { exact: true }).selectOption({ label: "Eget billetsalg her på siden" });
  await admin.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(toasts(admin).getByText(/er oprettet$/)).toBeVisible();
  const eventId = /\/event\/([0-9a-f-]{36})$/.exec(
    (await admin.getByRole("link", { name: title, exact: true }).getAttribute("href"))!,
  )![1]!;
  await admin.goto(`/billetsalg/${eventId}`);
  await admin.getByLabel("Billetter i alt").fill("1");
  await admin.getByLabel("Type 1: navn").fill("Ordinær");
  await admin.getByLabel("Pris (kr.)").first().fill("100");
  await admin.getByLabel("Antal").first().fill("1");
  await admin.getByRole("button", { name: "Gem billetsalget" }).click();
  await expect(toasts(admin).getByText("Billetsalget er gemt")).toBeVisible();
  await admin.close();

  // The only ticket is sold: the buying page offers the waitlist instead.
  await buyTickets(page, title, 1, { name: "Første Køber", email: `foerste-${Date.now()}@example.dk` });
  await visit(page, `/koncerter/${eventId}/billetter`);
  await page.getByRole("link", { name: "Skriv mig op på ventelisten" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Venteliste");
  await expectAccessible(page);

  const email = `venteliste-${Date.now()}@example.dk`;
  await page.getByLabel("Navn").fill("Vera Venter");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Antal billetter/).fill("1");
  await page.getByRole("button", { name: "Skriv mig op" }).click();
  await expect(page.getByText("Tak. Du står på ventelisten.")).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail(email, new RegExp(`^Du er på ventelisten: ${title}$`));
  const leaveLink = /Fjern mig fra ventelisten: (\S+)/.exec(mail.text)?.[1];
  expect(leaveLink).toMatch(/\/venteliste\/[A-Za-z0-9_-]{22}$/);
  await visit(page, new URL(leaveLink!).pathname);
  await expect(page.getByRole("status").filter({ hasText: "Du står på ventelisten til 1 billet." })).toBeVisible();
  await page.getByRole("button", { name: "Fjern mig fra ventelisten" }).click();
  await expect(page.getByText("Du står ikke længere på ventelisten.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Fjern mig fra ventelisten" })).toHaveCount(0);
  await expectAccessible(page);
});
