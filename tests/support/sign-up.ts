import { expect, type Page } from "@playwright/test";
import { visit } from "./visit";

export const E2E_PASSWORD = "Kajen-2026-sol";

/** Creates an account through the login page's sign-up form and waits until it lands on `expectedPath`. */
export async function signUpThroughForm(page: Page, user: { name: string; email: string; redirectTo?: string }) {
  await visit(page, user.redirectTo ? `/login?${new URLSearchParams({ redirectTo: user.redirectTo })}` : "/login");
  const signUp = page.getByRole("region", { name: "Ny her?" });
  await signUp.getByLabel("Navn").fill(user.name);
  await signUp.getByLabel("E-mail").fill(user.email);
  await signUp.getByLabel("Adgangskode").fill(E2E_PASSWORD);
  await signUp.getByRole("button", { name: "Opret konto" }).click();
  await expect(page).toHaveURL(new RegExp(`${(user.redirectTo ?? "/").replace(/[/?]/g, "\\$&")}$`));
}

/** Fills and submits the login page's sign-in form (already open); returns the form's region for assertions. */
export async function signInThroughForm(page: Page, credentials: { email: string; password: string }) {
  const signIn = page.getByRole("region", { name: "Har du en konto?" });
  await signIn.getByLabel("E-mail").fill(credentials.email);
  await signIn.getByLabel("Adgangskode").fill(credentials.password);
  await signIn.getByRole("button", { name: "Log ind" }).click();
  return signIn;
}
