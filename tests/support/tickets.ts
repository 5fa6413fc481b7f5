import type { Locator, Page } from "@playwright/test";
import { expect } from "./test";
import { visit } from "./visit";

/**
 * Buys tickets to a demo concert as a visitor does, from the concert's page, and pays with the demo payment.
 * Answers the order page's address and the tickets' door codes; the page is left on the order.
 */
export async function buyTickets(page: Page, concert: string, count: number, buyer: { name: string; email: string }) {
  await visit(page, "/koncerter");
  await page.getByRole("link", { name: concert }).click();
  await page.getByRole("link", { name: /Køb billetter/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Køb billetter");
  await page.getByLabel(/^Ordinær/).fill(String(count));
  await page.getByLabel("Navn").fill(buyer.name);
  await page.getByLabel("E-mail").fill(buyer.email);
  await page.getByLabel(/Jeg accepterer/).check();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betaling");
  await page.getByRole("button", { name: "Betal" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dine billetter");
  const codes = await page.getByText(/^Kode [0-9A-Z]{4}-[0-9A-Z]{4}$/).allTextContents();
  expect(codes).toHaveLength(count);
  return { orderUrl: page.url(), codes: codes.map((code) => code.replace("Kode ", "")) };
}

/** The checked-in number of the door's live count ("3 af 29"). */
export const checkedIn = async (count: Locator) => Number((await count.textContent())!.split(" af ")[0]);

/** The door page on a concert, chosen as staff do when there are several. */
export async function openDoor(page: Page, concert: string) {
  await visit(page, "/indgang");
  const option = page.getByRole("combobox", { name: "Koncert" }).locator("option", { hasText: concert });
  await page.getByRole("combobox", { name: "Koncert" }).selectOption((await option.getAttribute("value"))!);
  await page.getByRole("button", { name: "Skift" }).click();
  await expect(page.getByText(concert, { exact: true })).toBeVisible();
}
