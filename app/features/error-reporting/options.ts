import type { Breadcrumb, ErrorEvent } from "@sentry/react-router";

/**
 * The data a report may carry (issue 8): at most 5 linked errors, breadcrumbs cut at 1024 characters, no personal
 * data. Stack traces stop at 50 frames in the SDK itself (STACKTRACE_FRAME_LIMIT of @sentry/core).
 */
export const LINKED_ERRORS_LIMIT = 5;
export const BREADCRUMB_TEXT_LIMIT = 1024;

export interface ErrorReportingConfig {
  dsn: string;
  release: string;
}

export function trimBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  if (breadcrumb.message && breadcrumb.message.length > BREADCRUMB_TEXT_LIMIT) {
    breadcrumb.message = breadcrumb.message.slice(0, BREADCRUMB_TEXT_LIMIT);
  }
  return breadcrumb;
}

/** Takes out who the visitor is: user, address, cookies, headers, query strings and request bodies. */
export function withoutPersonalData(event: ErrorEvent): ErrorEvent {
  delete event.user;
  if (event.request) {
    const { url, method } = event.request;
    event.request = { url: url?.split("?")[0], method };
  }
  return event;
}

/** The options both the server and the browser SDK start with; each adds its own integrations. */
export function commonOptions(config: ErrorReportingConfig) {
  return {
    dsn: config.dsn,
    release: config.release,
    sendDefaultPii: false,
    // Errors only; no performance tracing, no session replays.
    tracesSampleRate: 0,
    beforeBreadcrumb: trimBreadcrumb,
    beforeSend: withoutPersonalData,
  };
}
