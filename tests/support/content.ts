import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { renderDemoTune } from "../../app/db/seed/demo-audio.server";
import { ADMIN_EMAIL, plantSession } from "./test";

export const ADMIN = { email: ADMIN_EMAIL, password: "Admin-kode-2026" };

/**
 * Signs the page's context in as the bootstrap admin with a planted session, then opens `then` and waits for its
 * formatted text editors: their arrival moves the form below them, and a click that straddled it missed the
 * "Opret" button (waitlist.spec.ts, once in CI).
 */
export async function signInAsAdmin(page: Page, then = "/") {
  await plantSession(page.context(), { role: "admin" });
  const response = await page.goto(then);
  expect(response?.status(), `status of ${then}`).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${then.replace(/[/?]/g, "\\$&")}$`));
  // Without JavaScript no editor comes: the plain fields stay.
  if (await page.evaluate(() => "__reactRouterContext" in window)) await editorsLoaded(page);
}

/** A small PNG for file inputs, in a colour of choice. */
export async function pngFile(name = "billede.png", background = "#a13a12") {
  const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

export function wavFile(name = "nummer.wav") {
  return {
    name,
    mimeType: "audio/wav",
    buffer: Buffer.from(renderDemoTune({ rootHz: 262, bpm: 120, steps: [0, 4, 7, 4] }, 1)),
  };
}

/** A text file dressed up as a picture: refused by its content. */
export function fakeJpeg() {
  return { name: "ferie.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Dette er ikke et billede, bare tekst.") };
}

/** The site's toast region. */
/** A save that carries a picture waits for it to be encoded (sharp, in the image process): seconds on a busy machine. */
export const SAVING_A_PICTURE = { timeout: 20_000 };

export function toasts(page: Page) {
  return page.getByRole("region", { name: "Meddelelser" });
}

/**
 * Waits until every formatted text field on the page has its editor. What is typed while one loads is kept
 * (tests/e2e/rich-text.spec.ts tests that); a test about something else fills the editor itself.
 */
export async function editorsLoaded(page: Page) {
  await expect(page.locator("textarea[data-editor=pending]")).toHaveCount(0);
}
