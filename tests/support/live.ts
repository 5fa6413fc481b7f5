import type { Page, Response } from "@playwright/test";

/*
 * A page's scripts start after its first paint (app/lib/deferred-scripts.server.ts), so Playwright's "load" can
 * come before the page is live. Tests go on once it is (`<html data-hydrated>`, set by the root's first effect),
 * as a visitor's first tap comes after the page is drawn.
 */

/** Waits until the page's document is hydrated, when the response was one of the site's pages. */
export async function waitUntilLive(page: Page, response: Response | null) {
  const isDocument = (response?.headers()["content-type"] ?? "").startsWith("text/html");
  if (isDocument) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
}

/** Makes the page's `goto` and `reload` wait until it is live. Not for a context without JavaScript. */
export function waitUntilLiveAfterNavigations(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await waitUntilLive(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== "commit") await waitUntilLive(page, response);
    return response;
  };
  return page;
}
