import { randomBytes, randomInt } from "node:crypto";
import { expect, request, test as base, type BrowserContext } from "@playwright/test";
import { waitUntilLiveAfterNavigations } from "./live";

/**
 * A distinct client address per test (the e2e server trusts X-Forwarded-For, as behind a proxy), so the
 * sign-in rate limits, which stay on, count each test's requests apart instead of all of 127.0.0.1's.
 */
export function uniqueClientAddress() {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export const ADMIN_EMAIL = "chef@havnescenen.dk";

export interface PlantedUser {
  userId: string;
  email: string;
  name: string;
}

/**
 * Signs the browser context in without the login form: the server's loopback-only test route
 * (`POST /_test/sessie`, app/routes/test-session.ts) finds or creates a verified account with the role and
 * opens a real better-auth session for it, whose signed cookie goes into the context. For the tests that are
 * not about signing in; those that are use the form (tests/support/sign-up.ts). Without an e-mail, a new user
 * each time; an admin is the bootstrap admin unless another e-mail is given.
 */
export async function plantSession(
  context: BrowserContext,
  user: { role?: "user" | "admin" | "door"; name?: string; email?: string } = {},
): Promise<PlantedUser> {
  const role = user.role ?? "user";
  const name = user.name ?? (role === "admin" ? "Administrator" : "Testbruger");
  const email =
    user.email ??
    (role === "admin"
      ? ADMIN_EMAIL
      : `${name.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(4).toString("hex")}@example.dk`);
  const baseURL = base.info().project.use.baseURL!;
  // A client of its own, without the context's X-Forwarded-For: the route answers only direct loopback requests.
  const client = await request.newContext({ baseURL });
  try {
    const response = await client.post("/_test/sessie", { data: { email, name, role } });
    expect(response.status(), await response.text()).toBe(200);
    const { userId, cookie } = (await response.json()) as {
      userId: string;
      cookie: { name: string; value: string; expires: number };
    };
    await context.addCookies([{ ...cookie, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
    return { userId, email, name };
  } finally {
    await client.dispose();
  }
}

export const test = base.extend<{
  /** Plants a session for a user of the role in this test's browser context (see plantSession). */
  signIn: (user?: Parameters<typeof plantSession>[1]) => Promise<PlantedUser>;
}>({
  page: async ({ page, javaScriptEnabled }, providePage) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientAddress() });
    await providePage(javaScriptEnabled === false ? page : waitUntilLiveAfterNavigations(page));
  },
  signIn: async ({ context }, provide) => {
    await provide((user) => plantSession(context, user));
  },
});

/**
 * A list cut into groups of at most `size`, for a spec that runs one check over many pages: each group is one test
 * that opens its pages one after another in the same browser page (decision 047).
 */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

/**
 * Runs the check on each item of a group in turn, each a `test.step` named by `nameOf` so that a failure names its
 * page, within 30 s per item.
 */
export async function stepThrough<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  check: (item: T) => Promise<void>,
) {
  test.setTimeout(items.length * 30_000);
  for (const item of items) await test.step(nameOf(item), () => check(item));
}

export { expect };
