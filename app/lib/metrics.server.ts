import client from "prom-client";

/**
 * The figures `/metrics` shows in Prometheus' format (docs/operations). startServer makes them once per process,
 * in a registry of their own (never prom-client's global one, where a second set would clash); the edges reach
 * them through `collaborators()`, which the development server's module reloads keep.
 */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "scene_" });
  const registers = [registry];
  let poolUse: (() => Record<string, number>) | undefined;
  return {
    /** Reports the database pool's connections with every scrape. */
    watchDatabasePool(source: (() => Record<string, number>) | undefined) {
      poolUse = source;
    },
    registry,
    requests: new client.Histogram({
      name: "scene_http_request_duration_seconds",
      help: "HTTP requests by method, route pattern and status, with their durations",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    holds: new client.Counter({
      name: "scene_holds_total",
      help: "Attempts to put a day in a basket, by result (held, or the refusal: past, beyond-horizon, blocked, others, held-by-others, mine, in-basket, basket-full)",
      labelNames: ["result"] as const,
      registers,
    }),
    bookings: new client.Counter({ name: "scene_bookings_total", help: "Orders paid and booked", registers }),
    bookedDays: new client.Counter({ name: "scene_booked_days_total", help: "Days booked by paid orders", registers }),
    payments: new client.Counter({
      name: "scene_payments_total",
      help: "Payments by provider and outcome (confirmed: booked; refunded: paid but the days were gone)",
      labelNames: ["provider", "outcome"] as const,
      registers,
    }),
    emails: new client.Counter({
      name: "scene_emails_total",
      help: "E-mails by outcome (sent, failed)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    pageCache: new client.Counter({
      name: "scene_page_cache_total",
      help: "Visitor page requests answered from the page cache (hit) or rendered (miss)",
      labelNames: ["result"] as const,
      registers,
    }),
    databasePool: new client.Gauge({
      name: "scene_db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting clients, max)",
      labelNames: ["state"] as const,
      registers,
      collect() {
        for (const [state, connections] of Object.entries(poolUse?.() ?? {})) this.set({ state }, connections);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
