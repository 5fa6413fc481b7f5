import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { renderDemoTune } from "../../app/db/seed/demo-audio.server";
import { signInThroughForm } from "./sign-up";
import { visit } from "./visit";

export const ADMIN = { email: "chef@havnescenen.dk", password: "Admin-kode-2026" };

export async function signInAsAdmin(page: Page, then = "/") {
  await visit(page, `/login?redirectTo=${encodeURIComponent(then)}`);
  await signInThroughForm(page, ADMIN);
  await expect(page).toHaveURL(new RegExp(`${then.replace(/[/?]/g, "\\$&")}$`));
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
export function toasts(page: Page) {
  return page.getByRole("region", { name: "Meddelelser" });
}
