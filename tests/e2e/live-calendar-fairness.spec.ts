import { randomInt } from "node:crypto";
import { shiftMonth, todayInCopenhagen } from "../../app/lib/days";
import { waitUntilLiveAfterNavigations } from "../support/live";
import { expect, plantSession, test, uniqueClientAddress } from "../support/test";

test("a client that holds four live streams is refused a fifth, and its calendar catches up on focus instead", async ({
  browser,
  baseURL,
}) => {
  const month = shiftMonth(todayInCopenhagen().slice(0, 7), 9);
  const day = `${month}-${String(randomInt(1, 29)).padStart(2, "0")}`;
  const address = uniqueClientAddress();
  // The responses are kept to the end: undici cancels the body of a fetch response that is garbage-collected,
  // which would close a stream and free its slot before the fifth is asked for.
  const streams: Response[] = [];
  const watcher = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": address } });
  const taker = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  try {
    for (let count = 0; count < 4; count++) {
      const stream = await fetch(`${baseURL}/reservation/live`, { headers: { "X-Forwarded-For": address } });
      streams.push(stream);
      expect(stream.status).toBe(200);
    }

    const page = waitUntilLiveAfterNavigations(await watcher.newPage());
    const refused = page.waitForResponse((response) => response.url().endsWith("/reservation/live"));
    await page.goto(`/reservation?maaned=${month}`);
    expect((await refused).status()).toBe(429);
    const watched = page.locator(`[data-day="${day}"]`);
    await expect(watched).toHaveAccessibleName(/, ledig, /);
    await expect(page.locator("[data-live]")).toHaveCount(0);

    await plantSession(taker, { name: "Tage Fair" });
    expect(await (await taker.request.post("/reservation", { form: { day } })).text()).toContain(
      "Dagen er lagt i din kurv",
    );
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(watched).toHaveAccessibleName(/, optaget lige nu$/);
  } finally {
    await Promise.all(streams.map((stream) => stream.body?.cancel()));
    await watcher.close();
    await taker.close();
  }
});
