import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchWithRetry, isRetryableMethod, RETRYABLE_STATUSES } from "./fetch-with-retry";

type Outcome = number | Response | Error;

/** A fetch that answers with the given statuses, responses or thrown errors in turn, then 200. */
function fakeFetch(...outcomes: Outcome[]) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const next = outcomes.shift() ?? 200;
    if (next instanceof Error) throw next;
    return next instanceof Response ? next : new Response(null, { status: next });
  });
}

function recorder() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

const networkError = () => new TypeError("Failed to fetch");
const abortError = () => new DOMException("The operation was aborted.", "AbortError");

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("fetchWithRetry", () => {
  it("returns a good first response as it is, without waiting", async () => {
    const first = new Response("ok", { status: 200 });
    const send = fakeFetch(first);
    const { delays, sleep } = recorder();
    expect(await fetchWithRetry("/x", undefined, { fetch: send, sleep })).toBe(first);
    expect(send).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
  });

  it("retries a GET up to three times with doubling back-off", async () => {
    const send = fakeFetch(502, 503, 504, 200);
    const { delays, sleep } = recorder();
    const response = await fetchWithRetry("/x", undefined, { fetch: send, sleep });
    expect(response.status).toBe(200);
    expect(send).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([200, 400, 800]);
  });

  it("returns the last response when every attempt fails", async () => {
    const last = new Response(null, { status: 503 });
    const send = fakeFetch(500, 502, 504, last, 200);
    const { delays, sleep } = recorder();
    expect(await fetchWithRetry("/x", undefined, { fetch: send, sleep })).toBe(last);
    expect(send).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([200, 400, 800]);
  });

  it("sends the same input and init on every attempt", async () => {
    const send = fakeFetch(503, 200);
    const init = { headers: { accept: "application/json" } };
    await fetchWithRetry("/x", init, { fetch: send, sleep: recorder().sleep });
    expect(send.mock.calls).toEqual([
      ["/x", init],
      ["/x", init],
    ]);
  });

  it("takes the number of retries and the base delay from the options", async () => {
    const { delays, sleep } = recorder();
    const send = fakeFetch(503, 503, 503, 200);
    expect((await fetchWithRetry("/x", undefined, { fetch: send, sleep, retries: 1, baseDelayMs: 50 })).status).toBe(
      503,
    );
    expect(send).toHaveBeenCalledTimes(2);
    expect(delays).toEqual([50]);

    const once = fakeFetch(503, 200);
    expect((await fetchWithRetry("/x", undefined, { fetch: once, sleep, retries: 0 })).status).toBe(503);
    expect(once).toHaveBeenCalledTimes(1);
  });

  it.each([...RETRYABLE_STATUSES])("retries status %i", async (status) => {
    const send = fakeFetch(status, 200);
    expect((await fetchWithRetry("/x", undefined, { fetch: send, sleep: recorder().sleep })).status).toBe(200);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it.each([201, 204, 304, 400, 401, 403, 404, 409, 410, 422, 501, 505])("does not retry status %i", async (status) => {
    const send = fakeFetch(status, 200);
    expect((await fetchWithRetry("/x", undefined, { fetch: send, sleep: recorder().sleep })).status).toBe(status);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("retries a HEAD, whatever the case of the method", async () => {
    for (const method of ["HEAD", "head", "get"]) {
      const send = fakeFetch(503, 200);
      expect((await fetchWithRetry("/x", { method }, { fetch: send, sleep: recorder().sleep })).status).toBe(200);
      expect(send).toHaveBeenCalledTimes(2);
    }
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])(
    "never retries %s, on a status or a network failure",
    async (method) => {
      const { delays, sleep } = recorder();
      const send = fakeFetch(503, 200);
      expect((await fetchWithRetry("/x", { method }, { fetch: send, sleep })).status).toBe(503);
      expect(send).toHaveBeenCalledTimes(1);

      const failing = fakeFetch(networkError(), 200);
      await expect(fetchWithRetry("/x", { method }, { fetch: failing, sleep })).rejects.toThrow(TypeError);
      expect(failing).toHaveBeenCalledTimes(1);
      expect(delays).toEqual([]);
    },
  );

  it("takes the method of a Request, unless init names one", async () => {
    const post = fakeFetch(503, 200);
    await fetchWithRetry(new Request("http://x.test/", { method: "POST" }), undefined, {
      fetch: post,
      sleep: recorder().sleep,
    });
    expect(post).toHaveBeenCalledTimes(1);

    const get = fakeFetch(503, 200);
    const request = new Request("http://x.test/");
    expect((await fetchWithRetry(request, undefined, { fetch: get, sleep: recorder().sleep })).status).toBe(200);
    expect(get.mock.calls).toEqual([
      [request, undefined],
      [request, undefined],
    ]);

    const overridden = fakeFetch(503, 200);
    await fetchWithRetry(request, { method: "DELETE" }, { fetch: overridden, sleep: recorder().sleep });
    expect(overridden).toHaveBeenCalledTimes(1);
  });

  it("retries a network failure with the same back-off", async () => {
    const { delays, sleep } = recorder();
    const send = fakeFetch(networkError(), 503, 200);
    expect((await fetchWithRetry("/x", undefined, { fetch: send, sleep })).status).toBe(200);
    expect(delays).toEqual([200, 400]);
  });

  it("throws the last network failure when every attempt fails", async () => {
    const last = new TypeError("last");
    const send = fakeFetch(networkError(), networkError(), networkError(), last, 200);
    await expect(fetchWithRetry("/x", undefined, { fetch: send, sleep: recorder().sleep })).rejects.toBe(last);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it.each([
    ["an abort", abortError()],
    ["a timeout", new DOMException("The operation timed out.", "TimeoutError")],
    ["any other error", new Error("boom")],
  ])("lets %s through at once", async (_name, error) => {
    const { delays, sleep } = recorder();
    const send = fakeFetch(error, 200);
    await expect(fetchWithRetry("/x", undefined, { fetch: send, sleep })).rejects.toBe(error);
    expect(send).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
  });

  it("does not retry a failure once the request's signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const send = fakeFetch(networkError(), 200);
    await expect(
      fetchWithRetry("/x", { signal: controller.signal }, { fetch: send, sleep: recorder().sleep }),
    ).rejects.toThrow(TypeError);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("does not try again when the signal of a Request is aborted during the back-off", async () => {
    const controller = new AbortController();
    const send = fakeFetch(503, 200);
    const request = new Request("http://x.test/", { signal: controller.signal });
    const sleep = async () => controller.abort();
    await expect(fetchWithRetry(request, undefined, { fetch: send, sleep })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("waits as long as Retry-After says, at most 10 s", async () => {
    const { delays, sleep } = recorder();
    const send = fakeFetch(
      new Response(null, { status: 429, headers: { "Retry-After": "2" } }),
      new Response(null, { status: 503, headers: { "Retry-After": "120" } }),
      new Response(null, { status: 503, headers: { "Retry-After": "0" } }),
      200,
    );
    await fetchWithRetry("/x", undefined, { fetch: send, sleep });
    expect(delays).toEqual([2000, 10_000, 0]);
  });

  it.each(["Wed, 21 Oct 2026 07:28:00 GMT", "1.5", "-1", "soon", ""])(
    "falls back to the back-off on Retry-After %j",
    async (value) => {
      const { delays, sleep } = recorder();
      const send = fakeFetch(new Response(null, { status: 503, headers: { "Retry-After": value } }), 200);
      await fetchWithRetry("/x", undefined, { fetch: send, sleep });
      expect(delays).toEqual([200]);
    },
  );

  it("cancels the body of a response it will not return", async () => {
    const cancel = vi.fn();
    const body = new ReadableStream({ cancel });
    const send = fakeFetch(new Response(body, { status: 503 }), 200);
    await fetchWithRetry("/x", undefined, { fetch: send, sleep: recorder().sleep });
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it("uses the global fetch and real timers by default", async () => {
    vi.useFakeTimers();
    const send = fakeFetch(503, 200);
    vi.stubGlobal("fetch", send);
    const result = fetchWithRetry("/x");

    await vi.advanceTimersByTimeAsync(199);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect((await result).status).toBe(200);
  });

  it("stops waiting at once when the request is aborted during the back-off", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const send = fakeFetch(new Response(null, { status: 503, headers: { "Retry-After": "10" } }), 200);
    const result = fetchWithRetry("/x", { signal: controller.signal }, { fetch: send });
    const rejection = expect(result).rejects.toMatchObject({ name: "AbortError" });

    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await rejection;
    expect(send).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("RETRYABLE_STATUSES", () => {
  it("holds timeouts, too-early, rate limits and server-side failures", () => {
    expect([...RETRYABLE_STATUSES].sort()).toEqual([408, 425, 429, 500, 502, 503, 504]);
  });
});

describe("isRetryableMethod", () => {
  it.each([
    ["GET", true],
    ["get", true],
    ["HEAD", true],
    ["Head", true],
    ["POST", false],
    ["PUT", false],
    ["PATCH", false],
    ["DELETE", false],
    ["OPTIONS", false],
    ["", false],
  ])("%j → %s", (method, retryable) => {
    expect(isRetryableMethod(method)).toBe(retryable);
  });
});
