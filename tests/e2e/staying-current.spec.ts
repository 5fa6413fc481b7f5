import { expect, test } from "../support/test";
import { removeDataDir, startBuiltServer } from "../support/server";
import { expectAccessible, visit } from "../support/visit";

const port = Number(process.env.E2E_DEPLOY_PORT ?? 3211);

test("a page open on build A reloads onto build B at the next navigation", async ({ page }) => {
  // Two starts of the server (a new PGlite database, then the same one); no demo content, which only takes time
  // to render: the pages and the menu are there without it.
  test.setTimeout(150_000);
  const buildA = await startBuiltServer({ port, env: { BUILD_ID: "build-a", SEED_DEMO_CONTENT: "0" } });
  const dataDir = buildA.dataDir;
  try {
    await visit(page, `${buildA.url}/priser`);
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute("content", "build-a");
    // A marker that only survives client-side navigation: a full page load clears it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await page.getByRole("navigation", { name: "Hovedmenu" }).getByRole("link", { name: "Musik" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Musik");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Deploy: the same data, a new build.
    await buildA.stop();
    const buildB = await startBuiltServer({ port, dataDir, env: { BUILD_ID: "build-b", SEED_DEMO_CONTENT: "0" } });
    try {
      // Typing is not interrupted: the page only notes the new build when the tab gets focus.
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect(page.locator("html")).toHaveAttribute("data-new-build", "available");
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      await page.getByRole("navigation", { name: "Hovedmenu" }).getByRole("link", { name: "Videoer" }).click();
      await expect(page).toHaveURL(`${buildB.url}/videoer`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Videoer");
      await expect(page.locator('meta[name="build-id"]')).toHaveAttribute("content", "build-b");
      await expectAccessible(page);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    } finally {
      await buildB.stop();
    }
  } finally {
    await buildA.stop();
    removeDataDir(dataDir);
  }
});
