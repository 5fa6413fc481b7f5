import { ADMIN, signInAsAdmin, toasts } from "../support/content";
import { waitForMail } from "../support/outbox";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/visit";

test("the admin's system status shows the build, database, storage, e-mail, backups and jobs, and sends a test e-mail", async ({
  page,
}) => {
  await signInAsAdmin(page, "/test");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Systemstatus");
  const build = await page.locator('meta[name="build-id"]').getAttribute("content");
  await expect(page.getByRole("region", { name: "Server" })).toContainText(build!);
  await expect(page.getByRole("region", { name: "Database" })).toContainText("Indbygget (PGlite)");
  await expect(page.getByRole("region", { name: "Filer" })).toContainText(/Fri plads.+ GB af .+ GB/);
  await expect(page.getByRole("region", { name: "E-mail" })).toContainText("filer i DATA_DIR/outbox");
  await expect(page.getByRole("region", { name: "Sikkerhedskopi" })).toContainText("BACKUP_CRON er ikke sat");
  for (const job of ["Rydder udløbne dage i kurve", "Sender nyhedsbreve", "Sletter færdige job i køen"]) {
    await expect(page.getByRole("row", { name: new RegExp(job) })).toBeVisible();
  }
  await expectAccessible(page);

  await page.getByRole("button", { name: "Send test-e-mail" }).click();
  await expect(toasts(page).getByText(`Test-e-mailen er sendt til ${ADMIN.email}`)).toBeVisible();
  await waitForMail(ADMIN.email, /Test-e-mail fra/);
});
