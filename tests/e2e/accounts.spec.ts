import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test, uniqueClientAddress } from "../support/test";
import { firstLink, waitForMail } from "../support/outbox";
import { E2E_PASSWORD as password, signInThroughForm, signUpThroughForm } from "../support/sign-up";
import { totpCode } from "../support/totp";
import { expectAccessible, visit } from "../support/visit";

async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  const loads: number[] = [];
  page.on("load", () => loads.push(Date.now()));
  const clickedAt = Date.now();
  await dialog.getByRole("button", { name: "Log ud" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => loads.length, { timeout: 10_000 }).toBeGreaterThan(0);
  return loads[0]! - clickedAt;
}

test("sign up, verify the e-mail, sign out, sign in and update address and phone", async ({ page }) => {
  // Four accessibility checks (each in two colour modes) and an e-mail round trip.
  test.setTimeout(120_000);
  const email = `mette-${randomBytes(4).toString("hex")}@example.dk`;

  await visit(page, "/bruger/update");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbruger%2Fupdate$/);

  const signUp = page.getByRole("region", { name: "Ny her?" });
  await signUp.getByLabel("Navn").fill("Mette Hansen");
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Adgangskode").fill("kort");
  await signUp.getByRole("button", { name: "Opret konto" }).click();
  await expect(signUp.getByText("Adgangskoden skal have mindst 10 tegn.")).toBeVisible();
  await expectAccessible(page);

  await signUp.getByLabel("Adgangskode").fill(password);
  await signUp.getByRole("button", { name: "Opret konto" }).click();
  await expect(signUp.getByRole("status")).toContainText(`Vi har sendt en e-mail til ${email}`);
  await expectAccessible(page);
  await visit(page, "/bruger");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbruger$/);

  const verification = await waitForMail(email, /Bekræft din e-mailadresse/);
  await page.goto(firstLink(verification));
  await expect(page).toHaveURL(/\/bruger\/update$/);
  await visit(page, "/bruger");
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  const reloadAfter = await signOutFromMenu(page);
  expect(reloadAfter).toBeGreaterThanOrEqual(900);
  expect(reloadAfter).toBeLessThan(5_000);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log ind");

  const signIn = await signInThroughForm(page, { email, password: "Forkert-kode-1" });
  await expect(signIn.getByRole("alert")).toHaveText("Forkert e-mail eller adgangskode.");
  await signIn.getByLabel("Adgangskode").fill(password);
  await signIn.getByRole("button", { name: "Log ind" }).click();
  await expect(page).toHaveURL(/\/bruger$/);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Ret adresse og telefon" }).click();
  await page.getByLabel("Adresse").fill("Havnegade 3, 8000 Aarhus C");
  await page.getByLabel("Telefon").fill("1234");
  await page.getByRole("button", { name: "Gem" }).click();
  await expect(page.getByText("Skriv et dansk telefonnummer med 8 cifre")).toBeVisible();
  await expect(page.getByLabel("Telefon")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await page.getByLabel("Telefon").fill("20 12 34 56");
  await page.getByRole("button", { name: "Gem" }).click();
  await expect(page).toHaveURL(/\/bruger$/);
  await expect(page.getByText("Havnegade 3, 8000 Aarhus C")).toBeVisible();
  await expect(page.getByText("20 12 34 56")).toBeVisible();

  await signOutFromMenu(page);
  await visit(page, "/bruger/update");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("signing in without JavaScript works and returns to the page asked for", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
  });
  const page = await context.newPage();
  // axe needs JavaScript in the page; the login page's markup is checked in the journey above.
  await page.goto("/login?redirectTo=%2Fpriser");
  const email = `nojs-${randomBytes(4).toString("hex")}@example.dk`;
  const signUp = page.getByRole("region", { name: "Ny her?" });
  await signUp.getByLabel("Navn").fill("Uden Script");
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Adgangskode").fill(password);
  await signUp.getByRole("button", { name: "Opret konto" }).click();
  await expect(signUp.getByRole("status")).toContainText(`Vi har sendt en e-mail til ${email}`);
  await page.goto(firstLink(await waitForMail(email, /Bekræft din e-mailadresse/)));
  await expect(page).toHaveURL(/\/priser$/);
  await page.goto("/bruger");
  await expect(page.getByText("Uden Script")).toBeVisible();
  await context.close();
});

test("password recovery: request a link, choose a new password, sign in with it", async ({ page }) => {
  const email = `glemt-${randomBytes(4).toString("hex")}@example.dk`;
  await signUpThroughForm(page, { name: "Glemsom Gæst", email });
  await page.context().clearCookies();

  await visit(page, "/login");
  await page.getByRole("link", { name: "Glemt adgangskode?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Glemt adgangskode?");
  await expectAccessible(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("status")).toContainText(`Hvis der findes en konto med ${email}`);

  const mail = await waitForMail(email, /Nulstil din adgangskode/);
  await page.goto(firstLink(mail));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vælg ny adgangskode");
  await expectAccessible(page);
  await page.getByLabel("Ny adgangskode").fill("kort");
  await page.getByRole("button", { name: "Gem ny adgangskode" }).click();
  await expect(page.getByText("Adgangskoden skal have mindst 10 tegn.")).toBeVisible();
  await page.getByLabel("Ny adgangskode").fill("Ny-kode-ved-havnen-7");
  await page.getByRole("button", { name: "Gem ny adgangskode" }).click();
  await expect(page).toHaveURL(/\/login\?nulstillet=1$/);
  await expect(page.getByRole("status")).toHaveText("Din adgangskode er ændret. Log ind med den nye.");

  const signIn = await signInThroughForm(page, { email, password });
  await expect(signIn.getByRole("alert")).toHaveText("Forkert e-mail eller adgangskode.");
  await signIn.getByLabel("Adgangskode").fill("Ny-kode-ved-havnen-7");
  await signIn.getByRole("button", { name: "Log ind" }).click();
  await expect(page).toHaveURL(/\/$/);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(firstLink(mail));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Linket virker ikke");
});

test("asking for a link says the same for an e-mail with no account", async ({ page }) => {
  await visit(page, "/glemt-adgangskode");
  await page.getByLabel("E-mail").fill("findes-ikke@example.dk");
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("status")).toContainText("Hvis der findes en konto med findes-ikke@example.dk");
  await expectAccessible(page);
});

test("sign in with a one-time code read from the e-mail", async ({ page }) => {
  const email = `kode-${randomBytes(4).toString("hex")}@example.dk`;
  await signUpThroughForm(page, { name: "Kode Bruger", email });
  await page.context().clearCookies();

  await visit(page, "/login?redirectTo=%2Fbruger");
  await page.getByRole("link", { name: "Log ind med en kode i stedet" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log ind med en kode");
  await expectAccessible(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send kode" }).click();
  await expect(page.getByRole("status")).toContainText(`Hvis ${email} har en konto`);

  const mail = await waitForMail(email, /Din kode til at logge ind/);
  const code = mail.subject.match(/\d{6}/)![0];
  await page.getByLabel("Kode").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Log ind" }).click();
  await expect(page.getByRole("alert")).toHaveText("Koden er forkert eller udløbet. Bed om en ny kode.");
  await expectAccessible(page);
  await page.getByLabel("Kode").fill(code);
  await page.getByRole("button", { name: "Log ind" }).click();
  await expect(page).toHaveURL(/\/bruger$/);
  await expect(page.getByText("Kode Bruger")).toBeVisible();
});

test("turn on two-factor authentication, sign in with a generated code and with a backup code, turn it off", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `totp-${randomBytes(4).toString("hex")}@example.dk`;
  await signUpThroughForm(page, { name: "Totrins Bruger", email, redirectTo: "/bruger" });

  const section = page.getByRole("region", { name: "Totrinsbekræftelse" });
  await section.getByLabel("Adgangskode").fill(password);
  await section.getByRole("button", { name: "Kom i gang" }).click();
  await expect(section.getByRole("img", { name: "QR-kode til din godkendelses-app" })).toBeVisible();
  await expectAccessible(page);
  const secret = (await section.getByTestId("totp-secret").textContent())!;
  const backupCode = (await section.getByRole("listitem").first().textContent())!;
  await section.getByLabel("Kode fra appen").fill(totpCode(secret));
  await section.getByRole("button", { name: "Slå totrinsbekræftelse til" }).click();
  await expect(section.getByRole("status")).toContainText("Totrinsbekræftelse er slået til.");

  const signInWithPassword = async () => {
    await page.context().clearCookies();
    await visit(page, "/login?redirectTo=%2Fbruger");
    await signInThroughForm(page, { email, password });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Totrinsbekræftelse");
  };

  await signInWithPassword();
  await expectAccessible(page);
  await visit(page, "/bruger");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbruger$/);
  await page.goBack();
  await page.getByLabel("Kode").fill(totpCode(secret) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Log ind" }).click();
  await expect(page.getByRole("alert")).toHaveText("Koden er forkert. Prøv igen, eller log ind forfra.");
  await page.getByLabel("Kode").fill(totpCode(secret));
  await page.getByRole("button", { name: "Log ind" }).click();
  await expect(page).toHaveURL(/\/bruger$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mine oplysninger");

  await signInWithPassword();
  await page.getByRole("button", { name: "Brug en backup-kode i stedet" }).click();
  await page.getByLabel("Backup-kode").fill(backupCode);
  await page.getByRole("button", { name: "Log ind" }).click();
  await expect(page).toHaveURL(/\/bruger$/);

  await section.getByLabel("Adgangskode").fill(password);
  await section.getByRole("button", { name: "Slå totrinsbekræftelse fra" }).click();
  await expect(section.getByRole("status")).toHaveText("Totrinsbekræftelse er slået fra.");
  await page.context().clearCookies();
  await visit(page, "/login?redirectTo=%2Fbruger");
  await signInThroughForm(page, { email, password });
  await expect(page).toHaveURL(/\/bruger$/);
});
