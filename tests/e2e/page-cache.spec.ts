import type { APIResponse } from "@playwright/test";
import { signInAsAdmin, toasts } from "../support/content";
import { expect, plantSession, test } from "../support/test";
import { buyTickets } from "../support/tickets";

function policyNonce(response: APIResponse) {
  return /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
}

/** Asks until the page comes from the visitor page cache (it is stored once the first response is done). */
/** The first answer that came from the cache (other tests' writes, in parallel, may empty it in between). */
async function untilCached(get: () => Promise<APIResponse>) {
  let hit: APIResponse | undefined;
  await expect
    .poll(async () => {
      const response = await get();
      if (response.headers()["x-page-cache"] === "hit") hit = response;
      return hit !== undefined;
    })
    .toBe(true);
  return hit!;
}

test("a visitor's page comes from the cache with a nonce of its own, and as 304 when unchanged", async ({
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  await untilCached(() => visitor.get("/musik"));
  const [first, second] = [await visitor.get("/musik"), await visitor.get("/musik")];

  for (const response of [first, second]) {
    const nonces = new Set([...(await response.text()).matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
    expect([...nonces]).toEqual([policyNonce(response)]);
  }
  expect(policyNonce(first)).not.toBe(policyNonce(second));
  expect(second.headers()["cache-control"]).toBe("private, no-cache");

  const revalidated = await visitor.get("/musik", { headers: { "If-None-Match": second.headers()["etag"]! } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()["content-security-policy"]).toBeUndefined();
  await visitor.dispose();
});

test("a signed-in user's page never reaches a visitor, nor a visitor's page the user", async ({
  context,
  playwright,
  baseURL,
}) => {
  const name = `Villads${Date.now()}`;
  await plantSession(context, { name: `${name} Cache` });
  const user = context.request;
  const visitor = await playwright.request.newContext({ baseURL });

  await untilCached(() => visitor.get("/reservation"));
  const own = await user.get("/reservation");
  expect(own.headers()["x-page-cache"]).toBeUndefined();
  expect(own.headers()["cache-control"]).toBe("private, no-store");
  expect(await own.text()).toContain(name);

  const visitors = await untilCached(() => visitor.get("/reservation"));
  expect(await visitors.text()).not.toContain(name);
  await visitor.dispose();
});

test("what the admin publishes reaches visitors at once", async ({ page, playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  await untilCached(() => visitor.get("/videoer"));
  const title = `Ny video ${Date.now()}`;

  await signInAsAdmin(page, "/youtube/create");
  await page.getByLabel("Titel", { exact: true }).fill(title);
  await page.getByLabel("YouTube-link", { exact: true }).fill("https://youtu.be/aqz-KE-bpKQ");
  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(toasts(page).getByText(/er oprettet$/)).toBeVisible();

  expect(await (await visitor.get("/videoer")).text()).toContain(title);
  await visitor.dispose();
});

test("a ticket buyer's order page, opened from the mail without a session, is never kept for anyone", async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = `ordreside-${Date.now()}@example.dk`;
  const { orderUrl } = await buyTickets(page, "Havnens Julekoncert", 1, { name: "Birthe Buyer", email });
  const fromTheMail = await playwright.request.newContext({ baseURL });
  const path = new URL(orderUrl).pathname;
  for (let asked = 0; asked < 3; asked++) {
    const response = await fromTheMail.get(path);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(email);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    // Beside the site's own policy; a browser follows the last one it knows.
    expect(response.headers()["referrer-policy"]!.split(",").at(-1)!.trim()).toBe("same-origin");
    expect(response.headers()["x-page-cache"]).toBeUndefined();
  }
  await fromTheMail.dispose();
});
