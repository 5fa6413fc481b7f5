import { readdirSync } from "node:fs";
import { childProcessImageEncoder, inProcessImageEncoder } from "~/features/media/image-encoder.server";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { ConfigError, loadConfig, type Config } from "~/config/env.server";
import { resolveSecrets } from "~/config/secrets.server";
import { createAuth } from "~/features/accounts/auth.server";
import { bootstrapAdmin } from "~/features/accounts/bootstrap-admin.server";
import { createMailer } from "~/features/email/mailer.server";
import { demoProvider } from "~/features/payment/provider.server";
import { stripeProvider, stripeSettingsOf } from "~/features/payment/stripe.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { seedDemoContent } from "~/db/seed/seed.server";
import { createStorage } from "~/features/storage/storage.server";
import { serveStoredFiles } from "./stored-files";
import { setCollaborators, type Collaborators } from "~/lib/collaborators.server";
import { accountParts, sales } from "~/businesses.server";
import { adminContentTypes } from "~/features/content/content-types";
import { createLogger } from "~/lib/logger.server";
import { requestContext } from "~/lib/request-context";
import { rejectCrossSiteWrites, securityHeaders } from "./security-headers";
import { requestLogging } from "./request-logging";
import { PageCache, visitorPageCache } from "./page-cache";
import { GracefulShutdown } from "./shutdown";
import {
  flushErrorReporting,
  reportServerError,
  startServerErrorReporting,
} from "~/features/error-reporting/server.server";
import { createFreshness } from "./freshness";
import { LiveCalendar } from "./live-calendar";
import { backupEndpoint, openConfiguredDatabase } from "./operations";
import { scheduledBackupJob, type BackupTarget } from "~/features/operations/backup-runs.server";
import { compressedAssets } from "./compressed-assets";
import { fromLoopbackDirectly, metricsEndpoint, requestMetrics } from "./metrics";
import { limitRequestBodies } from "./body-limits";
import { reactRouterHandler, routerResponder } from "./request-handler";
import { ticketWaitingRoom } from "./ticket-waiting-room";
import { soldOutNow } from "~/features/tickets/holds.server";
import { createMetrics } from "~/lib/metrics.server";
import { MailOutbox } from "~/features/email/outbox.server";
import { siteWork } from "~/features/jobs/site-jobs.server";
import { QueueWorker } from "~/features/queue/worker.server";

const LISTEN_BACKLOG = 4096;

interface AppOptions {
  collaborators: Collaborators;
  buildId: string;
  /** Present in development: Vite serves the client and reloads the route modules. */
  vite?: ViteDevServer;
  pageCache: PageCache;
  shutdown: GracefulShutdown;
  liveCalendar: LiveCalendar;
  backupTarget: BackupTarget;
}

function createApp({ collaborators, buildId, vite, pageCache, shutdown, liveCalendar, backupTarget }: AppOptions) {
  const { config, logger, database, storage, metrics, auth } = collaborators;
  const loadBuild = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  metrics.watchDatabasePool(database.poolUse);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  app.use(requestLogging(logger));
  app.use(requestMetrics(metrics, async () => (await loadBuild()).routes));
  app.use(shutdown.closeConnections);
  app.use(
    securityHeaders({
      development: Boolean(vite),
      errorReportingOrigin: config.SENTRY_DSN ? new URL(config.SENTRY_DSN).origin : undefined,
    }),
  );
  app.use(rejectCrossSiteWrites({ publicOrigin: new URL(config.PUBLIC_URL).origin }));
  // Before compression, which would hold the stream's small messages back.
  app.get("/reservation/live", liveCalendar.handler);
  const respond = routerResponder({
    build: loadBuild,
    reloadEveryRequest: Boolean(vite),
    mode: config.isProduction ? "production" : "development",
  });
  const getLoadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    // A queued buying form's context waits for its turn: it keeps the request's few facts, not the response.
    const locals = res.locals;
    context.set(requestContext, {
      requestId: locals.requestId as string,
      nonce: locals.cspNonce as string,
      get logger() {
        return locals.logger as Logger;
      },
      buildId,
      clientIp: req.ip ?? "",
      fromLoopback: fromLoopbackDirectly(req),
    });
    return context;
  };
  const waitingRoom = ticketWaitingRoom({
    respond,
    contextOf: getLoadContext,
    soldOut: (concert) => soldOutNow(database.db, concert),
    onError(error) {
      logger.error({ err: error }, "a turn in the ticket sale's waiting room failed");
      reportServerError(error, { requestId: "", path: "/koncerter/:eventId/billetter" });
    },
  });
  // Before compression too: thousands of these questions are held open at once in a rush (decision 042).
  app.use(waitingRoom.placeStatus);
  // Brotli for clients that accept it, gzip otherwise (compression 1.8 chooses). Dynamic answers are at most tens
  // of KB: a 256 KB window (instead of brotli's 4 MB) compresses them as well and sets up in half the time. Quality
  // 2 instead of 4: a rendered page comes out 5 % larger in half the CPU, a calendar's data 3 % larger in 55 %
  // (brotli took 12 % of the server's CPU serving calendar data at quality 4; docs/performance.md).
  const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } };
  app.use(compression({ brotli }));

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    // A stopping instance tells the load balancer to send new visitors elsewhere.
    if (shutdown.stopping) return void res.status(503).json({ status: "stopping", version: buildId, db: "ok" });
    try {
      await database.db.execute(sql`select 1`);
      res.json({ status: "ok", version: buildId, db: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check: database unreachable");
      res.status(503).json({ status: "error", version: buildId, db: "error" });
    }
  });

  app.get("/api/version", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ version: buildId });
  });

  app.get("/metrics", metricsEndpoint(metrics, config.METRICS_TOKEN));
  app.post("/ops/backup", backupEndpoint(backupTarget));
  app.use("/storage/v1/object/public", serveStoredFiles(storage));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", compressedAssets(path.resolve("build/client/assets")));
    app.use("/assets", express.static(path.resolve("build/client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(publicFiles(path.resolve("build/client")));
  }

  app.use(limitRequestBodies(auth));
  app.use(waitingRoom.handler);
  app.use(visitorPageCache(pageCache, { onLookup: (result) => metrics.pageCache.inc({ result }) }));
  app.use(reactRouterHandler({ respond, getLoadContext }));

  const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
    logger.error({ err: error, requestId: res.locals.requestId, path: req.path }, "unhandled server error");
    reportServerError(error, { requestId: res.locals.requestId as string, path: req.path });
    if (res.headersSent) return res.end();
    res
      .status(500)
      .type("html")
      .send(
        `<!doctype html><html lang="da"><meta charset="utf-8"><title>Der opstod en fejl</title><h1>Der opstod en fejl</h1><p>Fejl-id: ${String(res.locals.requestId)}</p><p><a href="/">Til forsiden</a></p></html>`,
      );
  };
  app.use(lastResort);
  return app;
}

/**
 * Reads the configuration, opens and migrates the database, seeds it once, builds the collaborators (decision
 * 015) and hands them to the routes, then listens.
 */
export async function startServer(options: { vite?: ViteDevServer; declaredDeployment?: boolean } = {}) {
  let config: Config;
  try {
    config = loadConfig(process.env, { declaredDeployment: options.declaredDeployment });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, pretty: !config.isProduction });
  const metrics = createMetrics();
  const buildId = config.BUILD_ID ?? __BUILD_ID__;
  await startServerErrorReporting(config.SENTRY_DSN ? { dsn: config.SENTRY_DSN, release: buildId } : null, logger);
  const secrets = await resolveSecrets(config);

  const database = await openConfiguredDatabase(config, {
    poolMax: config.DATABASE_POOL_MAX,
    onIdleClientError: (error) => logger.warn({ err: error }, "an idle database connection failed"),
  });
  await database.migrate();
  const storage = createStorage(config);
  // Under Vite (development) the sources run as they are; the build has the image process beside the server.
  const images = options.vite
    ? inProcessImageEncoder
    : childProcessImageEncoder(path.resolve("build/server/image-worker.js"), { logger });
  if (config.SEED_DEMO_CONTENT) {
    const result = await seedDemoContent(database.db, {
      storage,
      images,
      logger,
      imageCacheDirectory: config.DEMO_IMAGE_CACHE_DIR,
      publicUrl: config.PUBLIC_URL,
    });
    if (result === "already-seeded") logger.debug("demo content already present");
  }

  const { siteName } = await getSiteSettings(database.db);
  const mailFrom = config.MAIL_FROM ?? `${siteName} <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
  const delivery = createMailer({
    smtpUrl: config.SMTP_URL,
    from: mailFrom,
    dataDir: config.DATA_DIR,
    logger,
    metrics,
  });
  const mailer = new MailOutbox(database.db, delivery, logger, new URL(config.PUBLIC_URL).hostname);
  const bulkDelivery = createMailer({
    smtpUrl: config.SMTP_URL,
    from: mailFrom,
    dataDir: config.DATA_DIR,
    logger,
    metrics,
    bulk: true,
  });
  const stripe = stripeSettingsOf(config);
  const payments = stripe ? stripeProvider(database.db, stripe) : config.DEMO_PAYMENTS ? demoProvider : null;
  if (!payments) logger.warn("No payment is set up (STRIPE_SECRET_KEY): the basket cannot be paid");
  const auth = createAuth({
    db: database.db,
    secret: secrets.AUTH_SECRET,
    publicUrl: config.PUBLIC_URL,
    siteName,
    mailer,
    logger,
    accountParts,
  });
  await bootstrapAdmin(database.db, auth, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    development: !config.isProduction,
    logger,
    publicUrl: config.PUBLIC_URL,
  });

  const shutdown = new GracefulShutdown();
  // Pages rendered for visitors; off in development, where the code changes under it.
  const pageCache = new PageCache({
    maxAgeMs: options.vite ? 0 : config.PAGE_CACHE_SECONDS * 1000,
    maxEntries: 500,
  });
  const freshness = createFreshness({ db: database.db, logger, pageCache, tellOthers: Boolean(config.DATABASE_URL) });
  const queue = new QueueWorker(database.db, logger, database.kind === "pglite");
  const backupTarget = { database, storage, buildId, directory: config.BACKUP_DIR, keep: config.BACKUP_KEEP };
  const collaborators: Collaborators = {
    db: database.db,
    database,
    config,
    logger,
    metrics,
    mailer,
    storage,
    images,
    payments,
    auth,
    freshness,
    contentTypes: adminContentTypes,
    sales,
    accountParts,
    queue,
  };
  setCollaborators(collaborators);
  const work = siteWork({
    db: database.db,
    outbox: mailer,
    media: { db: database.db, storage, images, logger },
    publicUrl: config.PUBLIC_URL,
    freshness,
    paymentProvider: payments?.name ?? null,
    bulkDelivery,
    logger,
  });
  await queue.start({
    handlers: work.handlers,
    recurring: [
      ...work.recurring,
      ...(config.BACKUP_CRON ? [scheduledBackupJob(config.BACKUP_CRON, backupTarget)] : []),
    ],
  });
  const liveCalendar = new LiveCalendar({ db: database.db, logger });
  const notices = await freshness.listen({
    database,
    databaseUrl: config.DATABASE_URL,
    onDay: (day) => liveCalendar.dayChanged(day),
  });
  const app = createApp({
    collaborators,
    buildId,
    vite: options.vite,
    shutdown,
    pageCache,
    liveCalendar,
    backupTarget,
  });
  // Connections that arrive while the process is busy wait in the kernel's queue, up to the system's limit
  // (net.core.somaxconn, 4096 on current Linux), rather than Node's 511: a rush of fans opens thousands at once,
  // and one the queue cannot take is reset (docs/performance.md).
  const server = app.listen(config.PORT, config.HOST, LISTEN_BACKLOG, (error?: Error) => {
    if (error) {
      logger.fatal({ err: error, port: config.PORT }, "cannot listen");
      void database.close().finally(() => process.exit(1));
      return;
    }
    logger.info({ url: config.PUBLIC_URL, port: config.PORT, database: database.kind, buildId }, "Scene is listening");
  });

  shutdown.listen(server, {
    logger,
    // Open streams never finish by themselves: ended first, their browsers reconnect to another instance.
    beforeClose: () => liveCalendar.close(),
    async release() {
      await notices.stop();
      await queue.stop();
      await mailer.settled();
      await images.close();
      await flushErrorReporting();
      await database.close();
    },
  });
  return server;
}

/** `npm run backup` / `npm run restore` (scripts/operations.mjs), from the built server bundle. */
export { runOperationsCommand as runOperations } from "./operations";

/**
 * The build's few files outside /assets (public/: the favicon), listed once at start. express.static alone would
 * ask the disk about every page's and data request's path.
 */
function publicFiles(directory: string): express.RequestHandler {
  const files = new Set(
    readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
      .filter((file) => !file.startsWith("/assets/")),
  );
  const serve = express.static(directory, { maxAge: "1h", index: false });
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
}
