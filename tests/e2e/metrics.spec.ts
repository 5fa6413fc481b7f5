import { addDays, todayInCopenhagen } from "../../app/lib/days";
import { signUpThroughApi } from "../support/sign-up";
import { expect, test, uniqueClientAddress } from "../support/test";

test("/metrics counts requests by route, holds and e-mails, and is closed to forwarded requests", async ({
  playwright,
  baseURL,
  request,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitor.get("/musik")).status()).toBe(200);

  const user = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
  });
  await signUpThroughApi(user, { name: "Maja Måler", email: `maaler-${Date.now()}@example.dk` });
  // Whether the day is free or already taken by another test, the attempt is counted.
  const hold = await user.post("/reservation", {
    form: { day: addDays(todayInCopenhagen(), 150 + Math.floor(Math.random() * 30)) },
  });
  expect([200, 409]).toContain(hold.status());

  await expect
    .poll(async () => {
      const text = await (await request.get("/metrics")).text();
      return [
        /scene_http_request_duration_seconds_count\{method="GET",route="\/musik",status="200"\} [1-9]/.test(text),
        /scene_holds_total\{result="[a-z-]+"\} [1-9]/.test(text),
        /scene_emails_total\{outcome="sent"\} [1-9]/.test(text),
        /scene_page_cache_total\{result="(hit|miss)"\} [1-9]/.test(text),
      ];
    })
    .toEqual([true, true, true, true]);

  expect((await user.get("/metrics")).status()).toBe(401);
  await Promise.all([visitor.dispose(), user.dispose()]);
});
