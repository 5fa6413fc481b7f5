import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { expectAccessible, visit } from "../support/visit";

const DARK_BACKGROUND = "rgb(18, 16, 22)";
const LIGHT_BACKGROUND = "rgb(250, 247, 242)";

/** Records the theme and background as parsed from the server's HTML, before any script of ours runs. */
async function recordFirstPaint(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const html = document.documentElement;
      (window as unknown as { firstPaint: object }).firstPaint = {
        theme: html.dataset.theme,
        className: html.className,
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
  });
}

const firstPaint = (page: Page) => page.evaluate(() => (window as unknown as { firstPaint: unknown }).firstPaint);

test("dark mode chosen in the header is kept across reloads with no flash", async ({ page, context }) => {
  await recordFirstPaint(page);
  await visit(page, "/musik");
  await page.getByRole("button", { name: "Mørkt" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: "Mørkt" })).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "color-mode")?.value)
    .toBe("dark");

  const cookie = (await context.cookies()).find((candidate) => candidate.name === "color-mode")!;
  const days = (cookie.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  // The visitor's system prefers light; the stored choice wins from the very first paint.
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  expect(await firstPaint(page)).toEqual({ theme: "dark", className: "dark", background: DARK_BACKGROUND });
  await expectAccessible(page);
});

test("light mode wins over a dark system preference from the first paint", async ({ page, context }) => {
  await recordFirstPaint(page);
  await visit(page, "/");
  await page.getByRole("button", { name: "Lyst" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "color-mode")?.value)
    .toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  expect(await firstPaint(page)).toEqual({ theme: "light", className: "light", background: LIGHT_BACKGROUND });
  await expectAccessible(page);
});

test("system mode follows the system preference", async ({ page }) => {
  await recordFirstPaint(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await visit(page, "/priser");
  expect(await firstPaint(page)).toEqual({ theme: "system", className: "system", background: DARK_BACKGROUND });
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("body")).toHaveCSS("background-color", LIGHT_BACKGROUND);
  await expect(page.getByRole("button", { name: "Som systemet" })).toHaveAttribute("aria-pressed", "true");
});

test("the choice works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  // axe needs JavaScript in the page; dark mode's markup is checked by the first test.
  await page.goto("/vilkaar?fra=test");
  await page.getByRole("button", { name: "Mørkt" }).click();
  await expect(page).toHaveURL(/\/vilkaar\?fra=test$/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.locator("body")).toHaveCSS("background-color", DARK_BACKGROUND);
  await context.close();
});

test("a forged redirect target after choosing a mode stays on the site", async ({ request }) => {
  const response = await request.post("/api/color-mode", {
    form: { colorMode: "dark", redirectTo: "//evil.example/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/");
});
