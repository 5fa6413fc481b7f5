import { gzipSync } from "node:zlib";
import { expect, test } from "../support/test";

/** Issue 7's budgets for what a public page loads before the visitor does anything, gzip-compressed. */
const JS_BUDGET = 140 * 1024;
const CSS_BUDGET = 25 * 1024;

for (const path of ["/", "/koncerter", "/musik", "/videoer", "/billeder", "/reservation", "/priser"]) {
  test(`${path} stays within the JavaScript and CSS budgets`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    // Every script the document names (its starter's module list and the framework's imports): all of the
    // first view's JavaScript, counted once.
    const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    // The site's CSS is in the document: no stylesheet request holds the first paint back.
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const inlineCss = [...html.matchAll(/<style[^>]*data-href="[^"]+"[^>]*>([\s\S]*?)<\/style>/g)].map(
      (match) => match[1]!,
    );
    expect(scripts.some((file) => file.includes("entry.client"))).toBe(true);
    const gzipped = async (files: string[]) => {
      let total = 0;
      for (const file of new Set(files)) total += gzipSync(await (await request.get(file)).body()).length;
      return total;
    };
    const [js, css] = [await gzipped(scripts), gzipSync(inlineCss.join("")).length];
    expect(js, `${path}: ${(js / 1024).toFixed(1)} KB of JavaScript`).toBeLessThanOrEqual(JS_BUDGET);
    expect(css, `${path}: ${(css / 1024).toFixed(1)} KB of CSS`).toBeLessThanOrEqual(CSS_BUDGET);
    expect(css).toBeGreaterThan(0);
  });
}

test("a page paints before it asks for its scripts, and then comes alive", async ({ page }) => {
  // The test's `goto` returns once the page is live (tests/support/live.ts): it fails when the scripts never start.
  await page.goto("/musik");
  const order = await page.evaluate(() => {
    const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]!.startTime;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/assets/") && entry.name.endsWith(".js"))
      .map((entry) => entry.startTime);
    return { firstPaint, firstScript: Math.min(...scripts), scripts: scripts.length };
  });
  expect(order.scripts).toBeGreaterThan(0);
  expect(order.firstScript).toBeGreaterThanOrEqual(order.firstPaint);
});
