import { expect, test } from "@playwright/test";
import { expectAccessible, visit } from "../support/visit";

test("an unknown path answers 404 with the not-found view naming the path", async ({ page }) => {
  await visit(page, "/finnes-ikke", { status: 404 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Siden blev ikke fundet");
  await expect(page.getByRole("main")).toContainText("Siden blev ikke fundet: /finnes-ikke");
  await expect(page.getByRole("main")).not.toContainText("Fejl-id");
  await page.getByRole("link", { name: "Til forsiden" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Livemusik ved havnen");
  await expectAccessible(page);
});

test("a client-side navigation to an unknown path shows the not-found view", async ({ page }) => {
  await visit(page, "/");
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/findes-heller-ikke";
    link.textContent = "x";
    document.querySelector("main")?.append(link);
  });
  await page.locator('a[href="/findes-heller-ikke"]').click();
  await expect(page.getByRole("main")).toContainText("Siden blev ikke fundet: /findes-heller-ikke");
  await expectAccessible(page);
});

test("a server error answers 500 with the general error view and the request id", async ({ page }) => {
  const response = await visit(page, "/_test/fejl", { status: 500 });
  const requestId = response.headers()["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Der opstod en fejl");
  await expect(page.locator("[data-request-id]")).toHaveText(requestId!);
  const text = await page.locator("body").innerText();
  expect(text).not.toContain("Forced test error");
  expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
  await expect(page.getByRole("link", { name: "Til forsiden" })).toHaveAttribute("href", "/");
});
