import { expect, test } from "../support/test";
import { test as testWithOwnAddress } from "../support/test";
import { expectAccessible, visit } from "../support/visit";

test("each response gets a new nonce", async ({ request }) => {
  const nonceOf = async () =>
    (await request.get("/")).headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
  const [first, second] = [await nonceOf(), await nonceOf()];
  expect(first).toBeTruthy();
  expect(first).not.toBe(second);
});

test("the browser reports no CSP violation while pages render and hydrate", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await visit(page, "/");
  await page.getByRole("navigation", { name: "Hovedmenu" }).getByRole("link", { name: "Musik" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Musik");
  await expectAccessible(page);
  expect(violations).toEqual([]);
});

test("hashed assets are cached for a year and sent precompressed; pages are compressed", async ({ request }) => {
  const page = await (await request.get("/")).text();
  const asset = page.match(/"(\/assets\/entry\.client-[^"]+)"/)?.[1];
  expect(asset).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
  const response = await request.get(asset!);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Compressed once at build time, sent as is.
  for (const encoding of ["br", "gzip"]) {
    const compressed = await request.get(asset!, { headers: { "Accept-Encoding": encoding } });
    expect(compressed.headers()["content-encoding"]).toBe(encoding);
    expect(compressed.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(compressed.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await compressed.text()).toBe(await response.text());
  }

  const html = await request.get("/", { headers: { "Accept-Encoding": "br" } });
  expect(html.headers()["content-encoding"]).toBe("br");
  const gzip = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
});

testWithOwnAddress("a signed-in user's pages are never stored by a cache", async ({ page, signIn }) => {
  await signIn({ name: "Cecilie Cache" });
  for (const path of ["/", "/bruger", "/reservation"]) {
    const response = await page.goto(path);
    expect(response?.headers()["cache-control"], path).toBe("private, no-store");
  }
});
