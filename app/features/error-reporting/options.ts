import type { Breadcrumb, ErrorEvent, linkedErrorsIntegration } from "@sentry/react-router";

/**
 * The data a report may carry (issue 8): at most 5 linked errors, breadcrumbs cut at 1024 characters, no personal
 * data. Stack traces stop at 50 frames in the SDK itself (STACKTRACE_FRAME_LIMIT of @sentry/core).
 */
const LINKED_ERRORS_LIMIT = 5;
export const BREADCRUMB_TEXT_LIMIT = 1024;

export interface ErrorReportingConfig {
  dsn: string;
  release: string;
}

const withoutQuery = (url: unknown) => (typeof url === "string" ? url.split("?")[0] : url);

/**
 * Database errors name the values of a failed query ("params: …", "Key (email)=(…)"): e-mail addresses,
 * addresses, tokens. Only the statement's shape is kept.
 */
export function withoutQueryValues(text: string) {
  return text
    .replace(/params: [\s\S]*$/, "params: [skjult]")
    .replace(/Key \(([^)]*)\)=\([^)]*\)/g, "Key ($1)=([skjult])");
}

export function trimBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  if (breadcrumb.message) breadcrumb.message = withoutQueryValues(breadcrumb.message).slice(0, BREADCRUMB_TEXT_LIMIT);
  // Links with tokens (password reset, payment sessions) travel in query strings.
  if (breadcrumb.data) {
    for (const field of ["url", "from", "to"])
      if (field in breadcrumb.data) breadcrumb.data[field] = withoutQuery(breadcrumb.data[field]);
  }
  return breadcrumb;
}

/** Takes out who the visitor is: user, address, cookies, headers, query strings, request bodies and query values. */
export function withoutPersonalData(event: ErrorEvent): ErrorEvent {
  delete event.user;
  if (event.request) {
    const { url, method } = event.request;
    event.request = { url: withoutQuery(url) as string | undefined, method };
  }
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = withoutQueryValues(exception.value);
  }
  if (event.message) event.message = withoutQueryValues(event.message);
  return event;
}

/** The options of both the server and the browser SDK, each with its own SDK's linked-errors integration. */
export function commonOptions(config: ErrorReportingConfig, linkedErrors: typeof linkedErrorsIntegration) {
  return {
    dsn: config.dsn,
    release: config.release,
    sendDefaultPii: false,
    // Errors only; no performance tracing, no session replays.
    tracesSampleRate: 0,
    beforeBreadcrumb: trimBreadcrumb,
    beforeSend: withoutPersonalData,
    integrations: [linkedErrors({ limit: LINKED_ERRORS_LIMIT })],
  };
}
