import { describe, expect, it, vi } from "vitest";
import { fetchWithRetry, isRetryableMethod } from "./fetch-with-retry";

function fakeFetch(...outcomes: (number | Error)[]) {
  return vi.fn(async () => {
    const next = outcomes.shift();
    if (next instanceof Error) throw next;
    return new Response(null, { status: next ?? 200 });
  });
}

function recorder() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

describe("fetchWithRetry", () => {
  it("retries a GET up to three times on gateway errors with doubling back-off", async () => {
    const send = fakeFetch(502, 503, 504, 200);
    const { delays, sleep } = recorder();
    const response = await fetchWithRetry("/x", undefined, { fetch: send, sleep });
    expect(response.status).toBe(200);
    expect(send).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([200, 400, 800]);
  });

  it("returns the last response when every attempt fails", async () => {
    const send = fakeFetch(500, 500, 500, 500, 200);
    const response = await fetchWithRetry("/x", undefined, { fetch: send, sleep: recorder().sleep });
    expect(response.status).toBe(500);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it.each([408, 425, 429, 500, 502, 503, 504])("retries status %i", async (status) => {
    const send = fakeFetch(status, 200);
    expect((await fetchWithRetry("/x", undefined, { fetch: send, sleep: recorder().sleep })).status).toBe(200);
  });

  it.each([400, 401, 403, 404, 409, 422])("does not retry status %i", async (status) => {
    const send = fakeFetch(status, 200);
    expect((await fetchWithRetry("/x", undefined, { fetch: send, sleep: recorder().sleep })).status).toBe(status);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("never retries %s", async (method) => {
    const send = fakeFetch(503, 200);
    const response = await fetchWithRetry("/x", { method }, { fetch: send, sleep: recorder().sleep });
    expect(response.status).toBe(503);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("takes the method of a Request", async () => {
    const send = fakeFetch(503, 200);
    await fetchWithRetry(new Request("http://x.test/", { method: "POST" }), undefined, { fetch: send });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("retries a network failure but not an abort", async () => {
    const { sleep } = recorder();
    const network = fakeFetch(new TypeError("Failed to fetch"), 200);
    expect((await fetchWithRetry("/x", undefined, { fetch: network, sleep })).status).toBe(200);

    const aborted = fakeFetch(new DOMException("The operation was aborted", "AbortError"), 200);
    await expect(fetchWithRetry("/x", undefined, { fetch: aborted, sleep })).rejects.toThrow("aborted");
    expect(aborted).toHaveBeenCalledTimes(1);
  });

  it("waits as long as Retry-After says, at most 10 s", async () => {
    const { delays, sleep } = recorder();
    const responses = [
      new Response(null, { status: 429, headers: { "Retry-After": "2" } }),
      new Response(null, { status: 503, headers: { "Retry-After": "120" } }),
      new Response(null, { status: 200 }),
    ];
    await fetchWithRetry("/x", undefined, { fetch: async () => responses.shift()!, sleep });
    expect(delays).toEqual([2000, 10_000]);
  });
});

describe("isRetryableMethod", () => {
  it("accepts only reading methods", () => {
    expect(isRetryableMethod("get")).toBe(true);
    expect(isRetryableMethod("HEAD")).toBe(true);
    expect(isRetryableMethod("POST")).toBe(false);
  });
});
