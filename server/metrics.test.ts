import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createMetrics } from "~/lib/metrics.server";
import { metricsEndpoint, requestMetrics, routeLabeler } from "./metrics";
import { eventually } from "../tests/support/eventually";

const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/musik": { id: "routes/musik", parentId: "root", path: "musik" },
  "routes/musik.album": { id: "routes/musik.album", parentId: "root", path: "musik/:albumId" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];

let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve(app: express.Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("routeLabeler", () => {
  it("names a request by its route pattern, also for data requests", () => {
    const label = routeLabeler(manifest);
    expect(label("/")).toBe("/");
    expect(label("/_root.data")).toBe("/");
    expect(label("/musik")).toBe("/musik");
    expect(label("/musik/7f3a.data")).toBe("/musik/:albumId");
    expect(label("/findes/ikke")).toBe("/*");
  });
});

describe("requestMetrics and /metrics", () => {
  function app(token?: string) {
    const metrics = createMetrics();
    const site = express();
    site.use(requestMetrics(metrics, async () => manifest));
    site.get("/metrics", metricsEndpoint(metrics, token));
    site.get("/healthz", (_req, res) => res.send("ok"));
    site.use((_req, res) => res.status(404).send("ikke fundet"));
    return { site, metrics };
  }

  it("counts requests by route pattern and status, with durations", async () => {
    const { site } = app();
    const base = await serve(site);
    await fetch(`${base}/musik/abc`);
    await fetch(`${base}/musik/def`);
    await fetch(`${base}/healthz`);
    await eventually(async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      expect(text).toContain(
        'scene_http_request_duration_seconds_count{method="GET",route="/musik/:albumId",status="404"} 2',
      );
      expect(text).toContain('scene_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1');
      expect(text).toContain("scene_process_resident_memory_bytes");
    });
  });

  it("answers loopback without a token, but not what a proxy forwards", async () => {
    const base = await serve(app().site);
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
    expect((await fetch(`${base}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(401);
  });

  it("requires the bearer token when one is set", async () => {
    const base = await serve(app("en-lang-hemmelig-noegle").site);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer forkert" } })).status).toBe(401);
    const allowed = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer en-lang-hemmelig-noegle" } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toContain("text/plain");
  });

  it("reports the database pool when there is one", async () => {
    const metrics = createMetrics();
    metrics.watchDatabasePool(() => ({ total: 4, idle: 3, waiting: 0, max: 10 }));
    const text = await metrics.registry.metrics();
    expect(text).toContain('scene_db_pool_connections{state="total"} 4');
    expect(text).toContain('scene_db_pool_connections{state="max"} 10');
  });
});
