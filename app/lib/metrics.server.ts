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
  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new client.Counter({ name, help, labelNames, registers });
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
    holds: counter(
      "scene_holds_total",
      "Attempts to put a day in a basket, by result (held, or the refusal: past, beyond-horizon, blocked, others, held-by-others, mine, in-basket, requested, buffer, basket-full)",
      ["result"],
    ),
    bookings: counter("scene_bookings_total", "Orders paid and booked"),
    bookedDays: counter("scene_booked_days_total", "Days booked by paid orders"),
    payments: counter(
      "scene_payments_total",
      "Payments by provider and outcome (confirmed: booked; refunded: paid but the days were gone)",
      ["provider", "outcome"],
    ),
    emails: counter("scene_emails_total", "E-mails by outcome (sent, failed)", ["outcome"]),
    pageCache: counter(
      "scene_page_cache_total",
      "Visitor page requests answered from the page cache (hit) or rendered (miss)",
      ["result"],
    ),
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
