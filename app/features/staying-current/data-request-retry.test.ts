import { afterEach, describe, expect, it, vi } from "vitest";
import { installDataRequestRetry } from "./data-request-retry";

function fakeWindow(statuses: number[]) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${String(input)}`);
    return new Response(null, { status: statuses.shift() ?? 200 });
  });
  const win = { fetch, location: { origin: "https://scene.test" } } as unknown as Window;
  installDataRequestRetry(win);
  return { win, calls };
}

describe("installDataRequestRetry", () => {
  // Also when a test fails: the files of a worker share its timers (isolate: false).
  afterEach(() => {
    vi.useRealTimers();
  });

  it("retries React Router's GET data requests on a gateway error", async () => {
    vi.useFakeTimers();
    const { win, calls } = fakeWindow([502, 200]);
    const pending = win.fetch("https://scene.test/musik.data");
    await vi.runAllTimersAsync();
    expect((await pending).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it("sends a data POST once", async () => {
    const { win, calls } = fakeWindow([503, 200]);
    expect((await win.fetch("https://scene.test/kurv.data", { method: "POST" })).status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it("leaves other requests alone", async () => {
    const { win, calls } = fakeWindow([503, 503, 200]);
    expect((await win.fetch("https://scene.test/api/version")).status).toBe(503);
    expect((await win.fetch("https://elsewhere.test/x.data")).status).toBe(503);
    expect(calls).toHaveLength(2);
  });
});
