import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { firstLink, waitForMail } from "./outbox";
import { visit } from "./visit";

export const E2E_PASSWORD = "Kajen-2026-sol";

/**
 * Creates an account through the login page's sign-up form, opens the link of the verification e-mail (which
 * signs in) and waits until it lands on `expectedPath`.
 */
export async function signUpThroughForm(page: Page, user: { name: string; email: string; redirectTo?: string }) {
  await visit(page, user.redirectTo ? `/login?${new URLSearchParams({ redirectTo: user.redirectTo })}` : "/login");
  const signUp = page.getByRole("region", { name: "Ny her?" });
  await signUp.getByLabel("Navn").fill(user.name);
  await signUp.getByLabel("E-mail").fill(user.email);
  await signUp.getByLabel("Adgangskode").fill(E2E_PASSWORD);
  await signUp.getByRole("button", { name: "Opret konto" }).click();
  await expect(signUp.getByRole("status")).toContainText(`Vi har sendt en e-mail til ${user.email}`);
  await page.goto(firstLink(await waitForMail(user.email, /Bekræft din e-mailadresse/)));
  await expect(page).toHaveURL(new RegExp(`${(user.redirectTo ?? "/").replace(/[/?]/g, "\\$&")}$`));
}

/**
 * Creates an account through /api/auth and opens the link of its verification e-mail with the same request
 * context, which keeps the session cookie; returns the account's id and the link's answer (a redirect).
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  user: { name: string; email: string },
  { base = "", dataDirs }: { base?: string; dataDirs?: string[] } = {},
): Promise<{ id: string; verified: APIResponse }> {
  const signUp = await request.post(`${base}/api/auth/sign-up/email`, { data: { ...user, password: E2E_PASSWORD } });
  expect(signUp.ok()).toBe(true);
  const mail = await waitForMail(user.email, /Bekræft din e-mailadresse/, dataDirs);
  const verified = await request.get(firstLink(mail), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  return { id: ((await signUp.json()) as { user: { id: string } }).user.id, verified };
}

/** Fills and submits the login page's sign-in form (already open); returns the form's region for assertions. */
export async function signInThroughForm(page: Page, credentials: { email: string; password: string }) {
  const signIn = page.getByRole("region", { name: "Har du en konto?" });
  await signIn.getByLabel("E-mail").fill(credentials.email);
  await signIn.getByLabel("Adgangskode").fill(credentials.password);
  await signIn.getByRole("button", { name: "Log ind" }).click();
  return signIn;
}
