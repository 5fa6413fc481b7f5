/** Spec §9: statuses on which a GET is worth trying again. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 10_000;

/** Only reading requests are repeated: sending a POST again could do its work twice. */
export function isRetryableMethod(method: string) {
  const upper = method.toUpperCase();
  return upper === "GET" || upper === "HEAD";
}

export interface RetryOptions {
  retries?: number;
  baseDelayMs?: number;
  fetch?: typeof fetch;
  /** Waits between attempts; given the request's signal so that an abort can cut the wait short. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function sleepUnlessAborted(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function retryDelay(response: Response | undefined, attempt: number, baseDelayMs: number) {
  const retryAfter = response?.headers.get("Retry-After");
  if (retryAfter && /^\d+$/.test(retryAfter)) return Math.min(Number(retryAfter) * 1000, MAX_RETRY_AFTER_MS);
  return baseDelayMs * 2 ** attempt;
}

/**
 * fetch that retries GET and HEAD on a network failure or a retryable status, with doubling back-off
 * (200, 400, 800 ms, or the server's Retry-After in seconds, at most 10 s). Other methods are sent exactly once.
 * After the last attempt the last response is returned, whatever its status; an abort is never retried.
 */
export async function fetchWithRetry(
  input: RequestInfo | URL,
  init?: RequestInit,
  options: RetryOptions = {},
): Promise<Response> {
  const { retries = 3, baseDelayMs = 200, fetch: send = fetch, sleep = sleepUnlessAborted } = options;
  const request = input instanceof Request ? input : undefined;
  const method = init?.method ?? request?.method ?? "GET";
  if (!isRetryableMethod(method)) return send(input, init);
  const signal = init?.signal ?? request?.signal;

  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await send(input, init);
    } catch (error) {
      // fetch fails with a TypeError only on a network failure; an abort rejects with the signal's reason.
      if (signal?.aborted || !(error instanceof TypeError) || attempt >= retries) throw error;
    }
    if (response && (!RETRYABLE_STATUSES.has(response.status) || attempt >= retries)) return response;
    // Nobody will read this body: release its connection.
    await response?.body?.cancel();
    await sleep(retryDelay(response, attempt, baseDelayMs), signal);
    signal?.throwIfAborted();
  }
}
