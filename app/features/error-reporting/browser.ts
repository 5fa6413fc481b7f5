import { isRouteErrorResponse } from "react-router";
import type * as BrowserSdk from "./browser-sdk";
import { commonOptions, type ErrorReportingConfig } from "./options";

/** The root layout names the DSN and release here when error reporting is on. */
export const ERROR_REPORTING_META = "error-reporting";

let sentry: Promise<typeof BrowserSdk> | undefined;

/** Starts the browser SDK when the page asks for it; its chunk is loaded only then. */
export function startBrowserErrorReporting() {
  const content = document.querySelector(`meta[name="${ERROR_REPORTING_META}"]`)?.getAttribute("content");
  if (!content || sentry) return;
  const config = JSON.parse(content) as ErrorReportingConfig;
  sentry = import("./browser-sdk").then((Sentry) => {
    Sentry.init(commonOptions(config, Sentry.linkedErrorsIntegration));
    return Sentry;
  });
}

/**
 * Errors of loaders, actions and rendering in the browser (the SDK sees uncaught ones by itself). A server
 * error arrives here sanitised and has been reported by the server already.
 */
export function reportBrowserError(error: unknown) {
  if (isRouteErrorResponse(error) || (error instanceof Error && error.message === "Unexpected Server Error")) return;
  void sentry?.then((Sentry) => Sentry.captureException(error));
}
