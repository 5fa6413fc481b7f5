import { timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Metrics } from "~/lib/metrics.server";
import { rememberedPerPath } from "./remembered-per-path";

type RouteManifest = ServerBuild["routes"];

/**
 * Names a request by its route pattern (`/musik/:albumId`, not `/musik/7f3…`), so the metrics have one series
 * per route instead of one per address.
 */
export function routeLabeler(manifest: RouteManifest) {
  const routes = Object.values(manifest).filter((route) => route !== undefined);
  // The manifest never nests under an index route, which is all RouteObject forbids of these nodes.
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, index }) => ({ id, path, index, children: childrenOf(id) }) as RouteObject);
  const roots = childrenOf(undefined);
  return rememberedPerPath((pathname): string => {
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const segments = matchRoutes(roots, path)
      ?.map((match) => match.route.path?.replace(/^\/|\/$/g, ""))
      .filter(Boolean);
    return segments ? `/${segments.join("/")}` : "unmatched";
  });
}

const expressRoutes: [RegExp, string][] = [
  [/^\/assets\//, "/assets/*"],
  [/^\/storage\/v1\/object\/public\//, "/storage/*"],
];

/** Counts every request with its route pattern, status and duration once the response is sent. */
export function requestMetrics(metrics: Metrics, loadManifest: () => Promise<RouteManifest>): RequestHandler {
  let labeler: Promise<((pathname: string) => string) | undefined> | undefined;
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    labeler ??= loadManifest().then(routeLabeler, () => undefined);
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const expressRoute =
        (req.route as { path?: string } | undefined)?.path ??
        expressRoutes.find(([pattern]) => pattern.test(req.path))?.[1];
      void labeler!.then((label) => {
        const route = expressRoute ?? label?.(req.path) ?? "unmatched";
        metrics.requests.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      });
    });
    next();
  };
}

export function fromLoopbackDirectly(req: Request) {
  const address = req.socket.remoteAddress ?? "";
  const loopback = address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
  // A reverse proxy on the same machine connects from loopback too, but says whom it forwards.
  return loopback && !req.get("x-forwarded-for") && !req.get("forwarded");
}

function bearerMatches(header: string | undefined, token: string) {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `/metrics` for Prometheus: with `Authorization: Bearer $METRICS_TOKEN`, or from loopback when no token is set. */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): RequestHandler {
  return async (req, res) => {
    const allowed = token ? bearerMatches(req.get("authorization"), token) : fromLoopbackDirectly(req);
    res.setHeader("Cache-Control", "no-store");
    if (!allowed) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void res.status(401).type("text/plain; charset=utf-8").send("Kræver adgangsnøgle (METRICS_TOKEN).");
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}
