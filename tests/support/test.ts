import { randomInt } from "node:crypto";
import { test as base } from "@playwright/test";

/**
 * A distinct client address per test (the e2e server trusts X-Forwarded-For, as behind a proxy), so the
 * sign-in rate limits, which stay on, count each test's requests apart instead of all of 127.0.0.1's.
 */
export function uniqueClientAddress() {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export const test = base.extend({
  page: async ({ page }, providePage) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientAddress() });
    await providePage(page);
  },
});

export { expect } from "@playwright/test";
