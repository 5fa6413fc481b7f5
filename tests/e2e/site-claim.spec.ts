import { expect, test } from "../support/test";
import { removeDataDir, startBuiltServer, type RunningServer } from "../support/server";
import { expectAccessible, visit } from "../support/visit";

const port = Number(process.env.E2E_SITE_CLAIM_PORT ?? 3440);
const publicUrl = `http://127.0.0.1:${port}`;
const setupLinkPattern = new RegExp(`${publicUrl.replaceAll(".", "\\.")}/opsaetning/[A-Za-z0-9_-]{43}`);

/** The owner's first minute (issue 18): a fresh server without ADMIN_EMAIL prints a link that makes the admin once. */
test("the owner claims a new site through the printed link, which then refuses a second use", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // a server of its own, started twice: a new PGlite database, migrated at start
  const env = { SEED_DEMO_CONTENT: "0", ADMIN_EMAIL: "", ADMIN_PASSWORD: "", PUBLIC_URL: publicUrl };
  let server: RunningServer = await startBuiltServer({ port, env, captureStdout: true });
  try {
    await expect.poll(() => server.stdout()).toMatch(setupLinkPattern);
    const link = server.stdout().match(setupLinkPattern)![0];

    await visit(page, link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen til din nye hjemmeside");
    await page.getByLabel("Navn").fill("Ejer Jensen");
    await page.getByLabel("E-mail").fill("ejer@havnescenen.dk");
    await page.getByLabel("Adgangskode").fill("Kajkanten-2026-sol");
    await page.getByRole("button", { name: "Opret administrator" }).click();

    // The server has just started: the account's password hash (scrypt) and the first admin page's first render
    // took over 5 s once on a busy 2-core machine.
    await expect(page).toHaveURL(`${publicUrl}/page`, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mine sider");
    await expect(page.getByRole("status").filter({ hasText: "Velkommen, du er administrator" })).toBeVisible();
    await expectAccessible(page);

    // A second use, signed in or not, is refused in Danish with 410.
    await visit(page, link, { status: 410 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Siden er allerede sat op");
    await expect(page.getByRole("link", { name: "Til administrationen" })).toBeVisible();
    const stranger = await browser.newPage();
    try {
      const response = await stranger.goto(link);
      expect(response?.status()).toBe(410);
      await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Siden er allerede sat op");
      await expect(stranger.getByRole("main").getByRole("link", { name: "Log ind" })).toBeVisible();
    } finally {
      await stranger.close();
    }

    // The next start has an admin: no link is printed.
    await server.stop();
    server = await startBuiltServer({ port, dataDir: server.dataDir, env, captureStdout: true });
    expect(server.stdout()).not.toContain("/opsaetning/");
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
});
