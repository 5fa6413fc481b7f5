import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy, rejectCrossSiteWrites, securityHeaders } from "./security-headers";

let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve(options: { trustProxy: boolean }) {
  const app = express();
  app.set("trust proxy", options.trustProxy);
  app.use(securityHeaders({ development: false }));
  app.get("/", (_req, res) => res.send(String(res.locals.cspNonce)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("securityHeaders", () => {
  it("sends no HSTS over plain http, even if a client claims https without a trusted proxy", async () => {
    const url = await serve({ trustProxy: false });
    const response = await fetch(url, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("sends HSTS when a trusted proxy says the request came over https", async () => {
    const url = await serve({ trustProxy: true });
    const response = await fetch(url, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("puts the nonce it gives the page into the policy", async () => {
    const url = await serve({ trustProxy: false });
    const response = await fetch(url);
    const nonce = await response.text();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(response.headers.get("content-security-policy")).toContain(`script-src 'self' 'nonce-${nonce}'`);
  });

  it("lets only the site's own pages ask for the camera (the door's scanner), and none for the microphone", async () => {
    const policy = (await fetch(await serve({ trustProxy: false }))).headers.get("permissions-policy");
    expect(policy).toContain("camera=(self)");
    expect(policy).toContain("microphone=()");
  });

  it("never gives two responses the same nonce, also past one draw of random bytes", async () => {
    const url = await serve({ trustProxy: false });
    const nonces = new Set<string>();
    for (let response = 0; response < 300; response++) nonces.add(await (await fetch(url)).text());
    expect(nonces.size).toBe(300);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows Vite's web socket only in development", () => {
    expect(contentSecurityPolicy("n", { development: true, https: false })).toContain("connect-src 'self' ws:");
    expect(contentSecurityPolicy("n", { development: false, https: false })).toContain("connect-src 'self';");
  });
});

describe("rejectCrossSiteWrites", () => {
  async function serveWrites() {
    const app = express();
    app.use(rejectCrossSiteWrites({ publicOrigin: "https://havnescenen.dk" }));
    app.all("/{*path}", (_req, res) => res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it("refuses a POST from another site and lets the site's own through", async () => {
    const url = await serveWrites();
    const own = new URL(url).origin;
    expect((await fetch(url, { method: "POST", headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect((await fetch(url, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
    expect((await fetch(url, { method: "POST", headers: { Origin: own } })).status).toBe(200);
    expect((await fetch(url, { method: "POST", headers: { Origin: "https://havnescenen.dk" } })).status).toBe(200);
    expect((await fetch(url, { method: "GET", headers: { Origin: "https://evil.example" } })).status).toBe(200);
  });

  it("lets a mail client's one-click unsubscribe through from anywhere, and nothing else under the newsletter", async () => {
    const url = await serveWrites();
    const crossSite = { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" };
    const oneClick = await fetch(`${url}nyhedsbrev/afmeld/AbC_12-xyz`, { method: "POST", headers: crossSite });
    expect(oneClick.status).toBe(200);
    for (const path of ["nyhedsbrev", "nyhedsbrev/afmeld/a/b", "nyhedsbrev/afmeld/", "admin/nyhedsbrev"]) {
      expect((await fetch(`${url}${path}`, { method: "POST", headers: crossSite })).status).toBe(403);
    }
  });
});
