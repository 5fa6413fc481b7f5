/** Spec §9: statuses on which a GET is worth trying again. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 10_000;

export function isRetryableMethod(method: string) {
  const upper = method.toUpperCase();
  return upper === "GET" || upper === "HEAD";
}

export interface RetryOptions {
  retries?: number;
  baseDelayMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryDelay(response: Response | undefined, attempt: number, baseDelayMs: number) {
  const retryAfter = Number(response?.headers.get("Retry-After"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS);
  return baseDelayMs * 2 ** attempt;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * fetch that retries GET and HEAD on a network failure or a retryable status, with doubling back-off
 * (200, 400, 800 ms, or the server's Retry-After). Other methods are sent exactly once.
 */
export async function fetchWithRetry(input: RequestInfo | URL, init?: RequestInit, options: RetryOptions = {}) {
  const { retries = 3, baseDelayMs = 200, fetch: send = fetch, sleep = defaultSleep } = options;
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  if (!isRetryableMethod(method)) return send(input, init);

  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await send(input, init);
    } catch (error) {
      if (isAbort(error) || !(error instanceof TypeError) || attempt >= retries) throw error;
    }
    if (response && (!RETRYABLE_STATUSES.has(response.status) || attempt >= retries)) return response;
    await sleep(retryDelay(response, attempt, baseDelayMs));
  }
}
