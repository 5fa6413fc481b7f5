import { expect, test } from "../support/test";
import { signInThroughForm } from "../support/sign-up";
import { expectAccessible, visit } from "../support/visit";

test("the bootstrap admin signs in, finds Brugere in the menu and sees the users", async ({ page }) => {
  await visit(page, "/login?redirectTo=%2F");
  await signInThroughForm(page, { email: "chef@havnescenen.dk", password: "Admin-kode-2026" });
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const administration = page.getByRole("dialog", { name: "Menu" }).getByRole("navigation", { name: "Administration" });
  await administration.getByRole("link", { name: "Brugere" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brugere");
  await expect(page.getByRole("row", { name: /chef@havnescenen\.dk/ })).toContainText("Administrator");
  await expect(
    page.getByRole("row", { name: /chef@havnescenen\.dk/ }).getByRole("button", { name: "Fjern administrator" }),
  ).toBeDisabled();
  await expectAccessible(page);

  await page.getByRole("searchbox", { name: "Søg efter navn eller e-mail" }).fill("chef");
  await page.getByRole("button", { name: "Søg" }).click();
  await expect(page).toHaveURL(/q=chef/);
  await expect(page.getByText("1 bruger", { exact: true })).toBeVisible();
});

test("a signed-in non-admin gets the Danish 'Ingen adgang' view with status 403", async ({ page, signIn }) => {
  await signIn({ name: "Almindelig Gæst" });

  await visit(page, "/alle-brugere", { status: 403 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ingen adgang");
});
