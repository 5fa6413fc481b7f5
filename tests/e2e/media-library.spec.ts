import sharp from "sharp";
import { editorsLoaded, signInAsAdmin, toasts } from "../support/content";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/visit";

/**
 * The media library (decision 020) in one journey: two files at once, each with its own progress bar; the bad
 * one's Danish error; the good one ready without a reload; its alt text; chosen for a banner through "Vælg fra
 * biblioteket"; and then refused deletion, saying where it is used.
 */
test("uploads to the library, picks the image for a banner, and refuses deleting it while in use", async ({ page }) => {
  const stamp = Date.now();
  const name = `scene-${stamp}.png`;
  const good = {
    name,
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 640, height: 400, channels: 3, background: "#2a6f97" } })
      .png()
      .toBuffer(),
  };
  const bad = { name: "noter.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Dette er ikke et billede.") };

  await signInAsAdmin(page, "/medier");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mine Billeder");
  await page.getByLabel("Vælg billeder, eller træk dem herind").setInputFiles([good, bad]);

  const uploads = page.getByRole("list", { name: "Uploads" });
  await expect(uploads.locator("progress")).toHaveCount(2);
  await expect(uploads.getByRole("listitem").filter({ hasText: "noter.jpg" }).getByRole("alert")).toHaveText(
    "Kunne ikke uploade billede: Filen er ikke et billede (JPEG, PNG, WebP, GIF, AVIF eller HEIC).",
  );

  // The page asks again by itself while the image is processed: it turns "Klar" without a reload.
  const tile = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(tile.getByText("Klar", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(tile.getByText("Bruges ikke")).toBeVisible();
  await tile.getByLabel("Alternativ tekst", { exact: true }).fill("En blå flade fra testen");
  await tile.getByRole("button", { name: `Gem alternativ tekst for ${name}` }).click();
  await expect(toasts(page).getByText("Den alternative tekst er gemt")).toBeVisible();
  await expectAccessible(page);

  const title = `Fra biblioteket ${stamp}`;
  await page.goto("/banner/create");
  await editorsLoaded(page);
  await page.getByLabel("Titel", { exact: true }).fill(title);
  await page.getByLabel("Tekst", { exact: true }).fill("Et banner med et billede fra biblioteket");
  await page.getByRole("button", { name: "Vælg fra biblioteket" }).click();
  const dialog = page.getByRole("dialog", { name: "Vælg et billede" });
  await dialog.getByRole("button", { name, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Valgt: ${name}`)).toBeVisible();
  await page.getByRole("button", { name: "Opret", exact: true }).click();
  await expect(toasts(page).getByText("Banneret er oprettet")).toBeVisible();

  await page.goto("/medier");
  const used = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(used.getByText(`Bruges af: banneret "${title}"`)).toBeVisible();
  await used.locator("summary").click();
  await used.getByRole("button", { name: "Ja, slet" }).click();
  await expect(used.getByRole("alert")).toHaveText(
    `Billedet bruges stadig: banneret "${title}". Vælg et andet billede dér først.`,
  );
  await expect(used).toBeVisible();
});
