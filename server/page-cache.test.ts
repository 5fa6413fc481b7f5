import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { etagMatches, PageCache, visitorCacheKey, visitorPageCache } from "./page-cache";
import { securityHeaders } from "./security-headers";
import { eventually } from "../tests/support/eventually";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A page that names its nonce twice, counts its renders and greets whoever the cookie says is signed in. */
async function serve(cache: PageCache) {
  let renders = 0;
  const app = express();
  app.use(securityHeaders({ development: false }));
  app.use(compression());
  app.use(visitorPageCache(cache));
  app.post("/log-ind", (_req, res) => res.status(204).end());
  app.get("/cookie", (_req, res) => res.cookie("flash", "1").type("html").send("<p>med cookie</p>"));
  app.get("/{*path}", async (req, res) => {
    renders += 1;
    if (req.query.langsom) await new Promise((resolve) => setTimeout(resolve, 200));
    const nonce = String(res.locals.cspNonce);
    const who = /scene\.session_token=(\w+)/.exec(req.get("cookie") ?? "")?.[1] ?? "gæst";
    res.type("html");
    res.setHeader("Link", "</logo.svg>; rel=preload; as=image");
    if (req.query.hel) {
      res.send(
        `<!doctype html><script nonce="${nonce}">1</script><style>${"p{}".repeat(1000)}</style><p>Hej ${who}</p>`,
      );
      return;
    }
    res.write(`<!doctype html><script nonce="${nonce}">1</script><p>Hej ${who}</p>`);
    res.end(`<script nonce="${nonce}">2</script>`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, renders: () => renders };
}

function nonceOf(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
}

describe("visitor page cache", () => {
  it("serves a visitor's page again with a fresh nonce in the body and in the policy", async () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const site = await serve(cache);
    const first = await fetch(`${site.base}/musik`);
    const firstBody = await first.text();
    await eventually(() => expect(cache.size).toBe(1));
    const second = await fetch(`${site.base}/musik`);
    const secondBody = await second.text();

    expect(site.renders()).toBe(1);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(secondBody).toBe(firstBody.replaceAll(nonceOf(first)!, nonceOf(second)!));
    expect(secondBody).toContain(`<script nonce="${nonceOf(second)}">2</script>`);
    expect(second.headers.get("link")).toBe("</logo.svg>; rel=preload; as=image");
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.headers.get("x-request-id") ?? "").not.toBe(first.headers.get("x-request-id") ?? "-");
  });

  it("stores a page sent whole as it was rendered, and serves it compressed once around a fresh nonce", async () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const site = await serve(cache);
    const asBrowser = { headers: { "Accept-Encoding": "br, gzip" } };
    const first = await fetch(`${site.base}/billeder?hel=1`, asBrowser);
    const firstBody = await first.text();
    await eventually(() => expect(cache.size).toBe(1));
    const second = await fetch(`${site.base}/billeder?hel=1`, asBrowser);

    expect(first.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(second.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await second.text()).toBe(firstBody.replaceAll(nonceOf(first)!, nonceOf(second)!));
    const plain = await fetch(`${site.base}/billeder?hel=1`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain(`<script nonce="${nonceOf(plain)}">1</script>`);
    expect(site.renders()).toBe(1);
  });

  it("answers 304 to a matching If-None-Match, without a policy that would replace the kept page's", async () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const site = await serve(cache);
    await (await fetch(`${site.base}/`)).text();
    await eventually(() => expect(cache.size).toBe(1));
    const etag = (await fetch(`${site.base}/`)).headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);

    const revalidated = await fetch(`${site.base}/`, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect((await fetch(`${site.base}/`, { headers: { "If-None-Match": 'W/"andet"' } })).status).toBe(200);
  });

  it("never stores a signed-in page nor serves a visitor's page to a signed-in user", async () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const site = await serve(cache);
    const signedIn = { headers: { Cookie: "color-mode=dark; scene.session_token=anna" } };
    expect(await (await fetch(`${site.base}/kurv`, signedIn)).text()).toContain("Hej anna");
    expect(await (await fetch(`${site.base}/kurv`)).text()).toContain("Hej gæst");
    await eventually(() => expect(cache.size).toBe(1));
    expect(await (await fetch(`${site.base}/kurv`)).text()).toContain("Hej gæst");
    const again = await fetch(`${site.base}/kurv`, signedIn);
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect(await again.text()).toContain("Hej anna");
    expect(site.renders()).toBe(3);
  });

  it("keeps a page per colour mode, and does not store responses that set a cookie", async () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const site = await serve(cache);
    await (await fetch(`${site.base}/`, { headers: { Cookie: "color-mode=dark" } })).text();
    await (await fetch(`${site.base}/`, { headers: { Cookie: "color-mode=light" } })).text();
    await (await fetch(`${site.base}/cookie`)).text();
    await eventually(() => expect(cache.size).toBe(2));
    expect((await fetch(`${site.base}/cookie`)).headers.get("x-page-cache")).toBeNull();
  });

  it("keeps its pages through a write that does not say it changed them (a sign-in)", async () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const site = await serve(cache);
    await (await fetch(`${site.base}/`)).text();
    await eventually(() => expect(cache.size).toBe(1));
    expect((await fetch(`${site.base}/log-ind`, { method: "POST" })).status).toBe(204);
    expect((await fetch(`${site.base}/`)).headers.get("x-page-cache")).toBe("hit");
  });
});

describe("visitor page cache, cleared and coalesced", () => {
  it("forgets only the pages at and under a path, or all", () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    for (const path of ["/", "/reservation", "/reservation?maaned=2026-12", "/reservation.data", "/reservationer"])
      cache.store(`system ${path}`, { body: "<p>x</p>", nonce: "n", headers: [] });
    cache.clear("/reservation");
    expect(cache.size).toBe(2);
    expect(cache.get("system /")).toBeDefined();
    expect(cache.get("system /reservationer")).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("renders a page once for visitors who ask for it at the same time", async () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const site = await serve(cache);
    const responses = await Promise.all(Array.from({ length: 8 }, () => fetch(`${site.base}/musik?langsom=1`)));
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(site.renders()).toBe(1);
    expect(responses.filter((response) => response.headers.get("x-page-cache") === "hit")).toHaveLength(7);
    expect(new Set(responses.map(nonceOf)).size).toBe(8);
    bodies.forEach((body, index) => expect(body).toContain(`nonce="${nonceOf(responses[index]!)}"`));
  });
});

describe("PageCache", () => {
  const page = { body: "<p>x</p>", nonce: "n0nce", headers: [] as [string, string][] };

  it("drops a page when it is older than the limit", () => {
    let now = 0;
    const cache = new PageCache({ maxAgeMs: 30_000, maxEntries: 10, now: () => now });
    cache.store("a", page);
    // Each page lives 90–100 % of the limit, so pages cached together do not all expire at once.
    now = 26_999;
    expect(cache.get("a")).toBeDefined();
    now = 30_000;
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops the least recently used page when full", () => {
    const cache = new PageCache({ maxAgeMs: 30_000, maxEntries: 2 });
    cache.store("a", page);
    cache.store("b", page);
    cache.get("a");
    cache.store("c", page);
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([true, false, true]);
  });

  it("stores nothing when turned off", () => {
    const cache = new PageCache({ maxAgeMs: 0, maxEntries: 10 });
    cache.store("a", page);
    expect(cache.size).toBe(0);
  });
});

describe("visitorCacheKey", () => {
  it("is given only to GET requests with no cookie but the colour mode", () => {
    expect(visitorCacheKey("GET", "/musik", undefined)).toBe("system /musik");
    expect(visitorCacheKey("GET", "/musik", "color-mode=dark")).toBe("dark /musik");
    expect(visitorCacheKey("GET", "/musik", "color-mode=dark; scene.session_token=x")).toBeNull();
    expect(visitorCacheKey("GET", "/musik", "scene.flash=y")).toBeNull();
    expect(visitorCacheKey("HEAD", "/musik", undefined)).toBeNull();
  });
});

describe("etagMatches", () => {
  it("compares weakly and knows the wildcard", () => {
    expect(etagMatches('"a", W/"b"', 'W/"b"')).toBe(true);
    expect(etagMatches('"b"', 'W/"b"')).toBe(true);
    expect(etagMatches("*", 'W/"b"')).toBe(true);
    expect(etagMatches('"c"', 'W/"b"')).toBe(false);
    expect(etagMatches(undefined, 'W/"b"')).toBe(false);
  });
});

describe("PageCache generations", () => {
  it("drops a page whose render began before a change", () => {
    const cache = new PageCache({ maxAgeMs: 30_000, maxEntries: 10 });
    const renderBegan = cache.generation;
    cache.clear("/reservation");
    cache.store("system /reservation", { body: "<p>før</p>", nonce: "n", headers: [] }, renderBegan);
    expect(cache.get("system /reservation")).toBeUndefined();
    cache.store("system /reservation", { body: "<p>efter</p>", nonce: "n", headers: [] }, cache.generation);
    expect(cache.get("system /reservation")).toBeDefined();
    // A change elsewhere does not cost other pages their render.
    cache.store("system /musik", { body: "<p>musik</p>", nonce: "n", headers: [] }, renderBegan);
    expect(cache.get("system /musik")).toBeDefined();
  });
});
