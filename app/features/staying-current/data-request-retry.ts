import { fetchWithRetry, isRetryableMethod } from "~/lib/http/fetch-with-retry";

/**
 * React Router loads route data with GET requests to "<path>.data". Those are retried on gateway
 * and overload statuses (spec §9); every other request, and every POST, goes through untouched.
 */
export function installDataRequestRetry(win: Window = window) {
  const plainFetch = win.fetch.bind(win);
  win.fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const isRouteData = url.origin === win.location.origin && url.pathname.endsWith(".data");
    if (!isRouteData || !isRetryableMethod(request.method)) return plainFetch(input, init);
    return fetchWithRetry(input, init, { fetch: plainFetch });
  };
}
