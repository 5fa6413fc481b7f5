import type * as SentrySdk from "@sentry/react-router";
import type { Logger } from "pino";
import { commonOptions, type ErrorReportingConfig } from "./options";

type Sentry = typeof SentrySdk;

// Kept on globalThis: entry.server and server/app.ts are separate bundles' worth of modules in development.
const holder = globalThis as typeof globalThis & { __sceneSentry?: Sentry };

/**
 * With SENTRY_DSN set, server errors go to Sentry through the official React Router SDK, loaded only then;
 * without it nothing leaves the machine (and the SDK is never imported).
 */
export async function startServerErrorReporting(config: ErrorReportingConfig | null, logger: Logger) {
  if (!config) return;
  const Sentry = await import("@sentry/react-router");
  Sentry.init(commonOptions(config, Sentry.linkedErrorsIntegration));
  holder.__sceneSentry = Sentry;
  logger.info({ host: new URL(config.dsn).host }, "server errors are reported to Sentry");
}

export function reportServerError(error: unknown, context: { requestId?: string; path?: string }) {
  holder.__sceneSentry?.captureException(error, { tags: { requestId: context.requestId, path: context.path } });
}

/** Sends what is queued before the process exits. */
export async function flushErrorReporting() {
  await holder.__sceneSentry?.flush(2_000);
}
