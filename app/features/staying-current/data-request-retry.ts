import { fetchWithRetry, isRetryableMethod } from "~/lib/http/fetch-with-retry";

/**
 * React Router loads route data with GET requests to "<path>.data". Those are retried on gateway
 * and overload statuses (spec §9); every other request, and every POST, goes through untouched.
 */
export function installDataRequestRetry(win: Window = window) {
  const plainFetch = win.fetch.bind(win);
  win.fetch = (input, init) => {
    // Read URL and method without building a Request: that would use up the body of a POST.
    const url = new URL(input instanceof Request ? input.url : String(input), win.location.origin);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const isRouteData = url.origin === win.location.origin && url.pathname.endsWith(".data");
    if (!isRouteData || !isRetryableMethod(method)) return plainFetch(input, init);
    return fetchWithRetry(input, init, { fetch: plainFetch });
  };
}
