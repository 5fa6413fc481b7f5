import type { Page } from "@playwright/test";
import { signInAsAdmin, toasts } from "../support/content";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/visit";

/**
 * Add-ons (tilvalg) are one entry of the content registry (decision 025): their list, create and edit pages,
 * their form with an amount and a group of checkboxes, come from it.
 */

const requiredFor = (page: Page) => page.getByRole("group", { name: "Påkrævet for" });

async function fillAddOn(page: Page, name: string, price: string) {
  await page.getByLabel("Navn", { exact: true }).fill(name);
  await page.getByLabel("Beskrivelse", { exact: false }).fill("Garderobe med vagt hele aftenen.");
  await page.getByLabel("Pris inkl. moms", { exact: true }).fill(price);
  await page.getByLabel("Enhed", { exact: true }).selectOption({ label: "pr. gæst" });
  await requiredFor(page).getByLabel("Privat", { exact: true }).check();
  await requiredFor(page).getByLabel("Forening", { exact: true }).check();
}

/** Opens the add-on from the list, checks what its form shows, and deletes it. */
async function openAndDelete(page: Page, name: string, price: string) {
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByLabel("Pris inkl. moms", { exact: true })).toHaveValue(price);
  await expect(requiredFor(page).getByRole("checkbox", { checked: true })).toHaveCount(2);
  await expect(requiredFor(page).getByLabel("Erhverv", { exact: true })).not.toBeChecked();
  await page.locator("summary", { hasText: "Slet" }).first().click();
  await page.getByRole("button", { name: "Ja, slet" }).first().click();
  await expect(page).toHaveURL(/\/tilvalg$/);
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
}

test("the admin creates an add-on through /tilvalg/create and sees it in the list", async ({ page }) => {
  const name = `Garderobe ${Date.now()}`;
  await signInAsAdmin(page, "/tilvalg");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tilvalg");
  // The demo venue's add-ons, in their order, with their prices and who must take them.
  await expect(page.getByRole("row").filter({ hasText: "Slutrengøring" })).toContainText(
    "1.500,00 kr. pr. booking · påkrævet for Privat, Forening",
  );
  await expectAccessible(page);

  await page.getByRole("link", { name: "Opret tilvalg" }).first().click();
  await expect(page).toHaveURL(/\/tilvalg\/create$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Opret tilvalg");
  await expectAccessible(page);

  await fillAddOn(page, name, "1,250");
  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(page.getByText("Angiv et beløb i kroner, fx 1.250,50")).toBeVisible();
  await expect(page.getByLabel("Pris inkl. moms", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Pris inkl. moms", { exact: true }).fill("1.250,50 kr.");
  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(toasts(page).getByText("Tilvalget er oprettet")).toBeVisible();
  await expect(page).toHaveURL(/\/tilvalg$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(
    "1.250,50 kr. pr. gæst · påkrævet for Privat, Forening",
  );

  await openAndDelete(page, name, "1250,50");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain form sends every checked customer type, and the server refuses a wrong price", async ({ page }) => {
    const name = `Ekstra bar ${Date.now()}`;
    await signInAsAdmin(page, "/tilvalg/create");
    await fillAddOn(page, name, "mange penge");
    await page.getByRole("button", { name: "Opret", exact: true }).click();
    await expect(page.getByText("Angiv et beløb i kroner, fx 1.250,50")).toBeVisible();
    // The server's answer keeps what was chosen.
    await expect(requiredFor(page).getByRole("checkbox", { checked: true })).toHaveCount(2);

    await page.getByLabel("Pris inkl. moms", { exact: true }).fill("2000");
    await page.getByRole("button", { name: "Opret", exact: true }).click();
    await expect(page).toHaveURL(/\/tilvalg$/);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText(
      "2.000,00 kr. pr. gæst · påkrævet for Privat, Forening",
    );

    await openAndDelete(page, name, "2000");
  });
});
