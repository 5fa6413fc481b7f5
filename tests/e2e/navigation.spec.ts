import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { expectAccessible, visit } from "../support/visit";

const menu: [label: string, path: string, heading: string][] = [
  ["Forside", "/", "Livemusik ved havnen"],
  ["Koncerter", "/koncerter", "Koncerter"],
  ["Musik", "/musik", "Musik"],
  ["Videoer", "/videoer", "Videoer"],
  ["Billeder", "/billeder", "Billeder"],
  ["Reservation", "/reservation", "Reservation"],
  ["Priser", "/priser", "Priser"],
  ["Praktisk info", "/praktisk-info", "Praktisk info"],
  ["Vilkår", "/vilkaar", "Vilkår"],
  ["Privatlivspolitik", "/privatlivspolitik", "Privatlivspolitik"],
];

async function openMenu(page: Page) {
  const button = page.getByRole("button", { name: "Menu", exact: true });
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the main bar is folded into the menu overlay, whose links all work", async ({ page }) => {
    test.setTimeout(100_000); // ten pages, each checked by axe in two colour modes
    await visit(page, "/");
    await expect(page.getByRole("navigation", { name: "Hovedmenu" })).toBeHidden();

    await openMenu(page);
    await expectAccessible(page);
    for (const [label, path, heading] of menu) {
      const dialog = page.getByRole("dialog", { name: "Menu" });
      if (!(await dialog.isVisible())) await openMenu(page);
      await dialog.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : `${path}$`}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(dialog).toBeHidden();
      await expectAccessible(page);
    }
  });

  test("the overlay closes with its button and with Escape, and returns focus", async ({ page }) => {
    await visit(page, "/priser");
    await openMenu(page);
    await page.getByRole("button", { name: "Luk menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toHaveAttribute("aria-expanded", "false");

    await openMenu(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeFocused();
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the main bar shows Koncerter, Musik, Videoer and Billeder, and they work", async ({ page }) => {
    await visit(page, "/");
    const mainBar = page.getByRole("navigation", { name: "Hovedmenu" });
    await expect(mainBar.getByRole("link")).toHaveText(["Koncerter", "Musik", "Videoer", "Billeder"]);
    for (const [label, path, heading] of menu.slice(1, 5)) {
      await mainBar.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(mainBar.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
      await expectAccessible(page);
    }
  });

  test("the other pages are reachable from the menu and from the footer", async ({ page }) => {
    test.setTimeout(90_000);
    await visit(page, "/");
    for (const [label, path, heading] of menu.slice(5)) {
      await openMenu(page);
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "Sider" });
    for (const [label, path, heading] of menu) {
      await footer.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : `${path}$`}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
  });
});

test("without JavaScript every page is reachable through the footer", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  // axe needs JavaScript in the page; the same server HTML is checked by the tests above.
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Vilkår" }).click();
  await expect(page).toHaveURL(/\/vilkaar$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vilkår");
  await context.close();
});

test.describe("on the narrowest phone", () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true });

  test("no page scrolls sideways at 320 px (WCAG reflow)", async ({ page }) => {
    for (const path of ["/", "/praktisk-info", "/finnes-ikke"]) {
      await visit(page, path, { status: path === "/finnes-ikke" ? 404 : 200 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });
});
