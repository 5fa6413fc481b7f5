import { expect, type Page, type Response } from "@playwright/test";

/** The baseline headers every page carries (docs/decisions/003-security-headers.md). */
export async function expectSecurityHeaders(page: Page, response: Response) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = csp.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
  expect(nonce, "script-src has a nonce").toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=(self)");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-powered-by"]).toBeUndefined();

  // Every inline script of the document carries this response's nonce. JSON-LD is data, never run, so needs none.
  const inlineScriptNonces = await page
    .locator('script:not([src]):not([type="application/ld+json"])')
    .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
  expect(inlineScriptNonces.length).toBeGreaterThan(0);
  expect(new Set(inlineScriptNonces)).toEqual(new Set([nonce]));
}
