import type { Page } from "@playwright/test";
import { signInAsAdmin, toasts } from "../support/content";
import { waitUntilLiveAfterNavigations } from "../support/live";
import { countMail, firstLink, waitForMail } from "../support/outbox";
import { ADMIN_EMAIL, expect, test, uniqueClientAddress } from "../support/test";
import { visit } from "../support/visit";

/** The admin writes a letter of a text and the concerts block, and sends it now; answers when it has gone out. */
async function writeAndSend(admin: Page, subject: string, text: string, { test: sendTest = false } = {}) {
  await admin.goto("/admin/nyhedsbrev");
  await admin.getByRole("button", { name: "Skriv nyt brev" }).click();
  await expect(admin).toHaveURL(/\/admin\/nyhedsbrev\/breve\/[0-9a-f-]{36}$/);
  await admin.getByLabel("Emne").fill(subject);
  await admin.getByRole("textbox", { name: "Tekst" }).fill(text);
  await expect(admin.getByRole("list", { name: "Brevets blokke" })).toContainText("Næste koncerter");
  await admin.getByRole("button", { name: "Gem kladde" }).first().click();
  await expect(toasts(admin).getByText("Kladden er gemt")).toBeVisible();
  // The preview is the e-mail as it goes out, the programme's concerts in it.
  await expect(admin.frameLocator("iframe").first().getByRole("heading", { name: subject })).toBeVisible();
  await expect(admin.frameLocator("iframe").first().getByText("Næste koncerter")).toBeVisible();

  if (sendTest) {
    await admin.getByRole("button", { name: "Send en test til mig" }).click();
    const testMail = await waitForMail(ADMIN_EMAIL, new RegExp(`^\\[Test\\] ${subject}$`));
    expect(testMail.text).toContain(text);
  }

  await admin.locator("summary", { hasText: "Send nu" }).click();
  await admin.getByRole("button", { name: "Ja, send nu" }).click();
  // The bar follows the send by itself, without a reload, until it is done.
  await expect(admin.getByRole("status").filter({ hasText: /^Færdig/ })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole("progressbar", { name: "Afsendelse" })).toHaveAttribute("aria-valuenow", "100");
}

test("a fan signs up in the footer, confirms, gets the admin's letter with one-click unsubscribe, and no more after leaving", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `fan-${Date.now()}@example.dk`;

  // 1. The footer's form, on any page.
  await visit(page, "/koncerter");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Din mail").fill(email);
  await footer.getByRole("button", { name: "Tilmeld" }).click();
  await expect(page).toHaveURL(/\/nyhedsbrev$/);
  await expect(page.getByRole("status").getByText("Tjek din indbakke")).toBeVisible();

  // 2. The confirmation link in the e-mail.
  const confirmation = await waitForMail(email, /^Bekræft din tilmelding/);
  const link = firstLink(confirmation);
  expect(link).toMatch(/\/nyhedsbrev\/bekraeft\/[\w-]{22}$/);
  await visit(page, new URL(link).pathname);
  await page.getByRole("button", { name: "Ja, tilmeld mig" }).click();
  await expect(page.getByRole("heading", { name: "Du er nu tilmeldt" })).toBeVisible();

  // 3. The admin writes a letter with the concerts block, sends a test to themselves, then sends it.
  const admin = waitUntilLiveAfterNavigations(
    await browser.newPage({
      locale: "da-DK",
      timezoneId: "Europe/Copenhagen",
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    }),
  );
  await signInAsAdmin(admin, "/admin/nyhedsbrev");
  const subject = `Nyt fra havnen ${Date.now()}`;
  await writeAndSend(admin, subject, "Sommerens koncerter er klar.", { test: true });

  // 4. The subscriber's copy: the one-click headers, a text part with the concerts, a working unsubscribe.
  const letter = await waitForMail(email, new RegExp(`^${subject}$`));
  const headers = letter.raw.slice(0, letter.raw.indexOf("\n\n")).replace(/\r?\n[ \t]+/g, " ");
  const unsubscribe = /^List-Unsubscribe: <(https?:\/\/[^>]+\/nyhedsbrev\/afmeld\/[\w-]{22})>/m.exec(headers)?.[1];
  expect(unsubscribe).toBeDefined();
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  expect(headers).toMatch(/^Message-ID: <[^>]+>/m);
  expect(letter.text).toContain("Sommerens koncerter er klar.");
  expect(letter.text).toContain("NÆSTE KONCERTER");
  expect(letter.text).toContain(`Afmeld nyhedsbrevet: ${unsubscribe}`);

  // The mail client's one click: a POST of the RFC's body, without cookies or Origin.
  const oneClick = await fetch(unsubscribe!, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  // The link's page says so.
  await visit(page, new URL(unsubscribe!).pathname);
  await expect(page.getByRole("heading", { name: "Du er afmeldt" })).toBeVisible();

  // 5. The next letter no longer reaches them.
  const next = `Næste brev ${Date.now()}`;
  await writeAndSend(admin, next, "Endnu flere koncerter.");
  expect(await countMail(email, new RegExp(`^${next}$`))).toBe(0);
  await admin.close();
});
