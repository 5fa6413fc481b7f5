import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import QRCode from "qrcode";
import { chromiumLaunchOptions } from "../support/browser";
import { waitUntilLiveAfterNavigations } from "../support/live";
import { expect, plantSession, test, uniqueClientAddress } from "../support/test";
import { buyTickets, checkedIn, openDoor } from "../support/tickets";

const WIDTH = 640;
const HEIGHT = 480;
const BLACK = 16;
const WHITE = 235;

/**
 * A Y4M video (the raw format Chromium's fake camera plays, looped) that shows `text` as a QR code on a grey table.
 * The code fits in the middle two thirds of the picture's height, the part qr-scanner reads.
 */
function qrVideo(text: string, file: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const side = modules.size + 2 * quiet;
  const scale = Math.floor(((HEIGHT * 2) / 3 - 10) / side);
  expect(scale, "modules of at least 6 px").toBeGreaterThanOrEqual(6);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 90);
  const left = Math.floor((WIDTH - side * scale) / 2);
  const top = Math.floor((HEIGHT - side * scale) / 2);
  for (let y = 0; y < side * scale; y++) {
    for (let x = 0; x < side * scale; x++) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      const inCode = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      luma[(top + y) * WIDTH + left + x] = inCode && modules.get(row, column) ? BLACK : WHITE;
    }
  }
  // 4:2:0: a quarter-size U and V plane each, 128 being no colour.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array<Buffer>(10).fill(frame)]));
}

test("door staff hold a ticket's QR code up to the camera, and it is checked in", async ({ page, baseURL }) => {
  const holder = `Kamera Kunde ${Date.now()}`;
  await buyTickets(page, "Havnens Julekoncert", 1, { name: holder, email: `kamera-${Date.now()}@example.dk` });
  // What the printed QR code holds: the ticket page's full address (ticketUrl).
  const ticketPage = new URL((await page.getByRole("link", { name: /^Billet 1:/ }).getAttribute("href"))!, baseURL)
    .href;
  expect(ticketPage).toMatch(/\/billet\/[A-Za-z0-9_-]{22}$/);

  const directory = mkdtempSync(path.join(tmpdir(), "scene-fake-camera-"));
  const video = path.join(directory, "billet.y4m");
  qrVideo(ticketPage, video);
  // A browser of its own: the camera's picture is chosen when the browser starts.
  const launch = chromiumLaunchOptions();
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      locale: "da-DK",
      timezoneId: "Europe/Copenhagen",
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });
    await context.grantPermissions(["camera"], { origin: baseURL });
    await plantSession(context, { role: "door", name: "Kameradørmand" });
    const door = waitUntilLiveAfterNavigations(await context.newPage());
    const refused: string[] = [];
    door.on("console", (message) => {
      if (/Content.Security.Policy|Permissions.policy/i.test(message.text())) refused.push(message.text());
    });
    const workers: string[] = [];
    door.on("worker", (worker) => workers.push(worker.url()));

    await openDoor(door, "Havnens Julekoncert");
    const count = door.getByTestId("door-count");
    const before = await checkedIn(count);
    // The QR reader is fetched when the camera is started, not with the page.
    const readerFiles = () =>
      door.evaluate(
        () => performance.getEntriesByType("resource").filter((file) => /qr-scanner/.test(file.name)).length,
      );
    expect(await readerFiles()).toBe(0);
    await door.getByRole("button", { name: "Scan med kameraet" }).click();
    await expect(door.getByLabel("Kameraets billede")).toBeVisible();
    await expect(door.getByRole("status").filter({ hasText: /Godkendt|Allerede|Ukendt|Scan/ })).toHaveText("Godkendt");
    // Other tests check tickets in to the same concert meanwhile: the count has at least this one more.
    await expect.poll(() => checkedIn(count)).toBeGreaterThanOrEqual(before + 1);
    expect(await readerFiles()).toBeGreaterThan(0);
    await door.getByRole("button", { name: "Stop kameraet" }).click();
    await expect(door.getByLabel("Kameraets billede")).toBeHidden();

    // Without a BarcodeDetector (desktop Chromium on Linux), qr-scanner decoded in its worker, under the site's CSP.
    if (!(await door.evaluate(() => "BarcodeDetector" in window))) {
      expect(workers.some((url) => url.startsWith("blob:"))).toBe(true);
    }
    expect(refused).toEqual([]);

    // The database has this very ticket checked in.
    await door.getByRole("searchbox", { name: "Søg på navn eller ordrenummer" }).fill(holder);
    await door.getByRole("button", { name: "Søg" }).click();
    await expect(door.getByRole("listitem").filter({ hasText: holder })).toContainText(/Tjekket ind \d{2}\.\d{2}/);
  } finally {
    await browser.close();
    rmSync(directory, { recursive: true, force: true });
  }
});

test("without a camera the door page says so, and the code can be typed", async ({ page, signIn }) => {
  await signIn({ role: "door", name: "Dørmand uden kamera" });
  await openDoor(page, "Havnens Julekoncert");
  await page.getByRole("button", { name: "Scan med kameraet" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Kameraet kunne ikke åbnes. Giv siden lov til at bruge kameraet, eller skriv koden.",
  );
  await expect(page.getByRole("button", { name: "Scan med kameraet" })).toBeVisible();
  await expect(page.getByLabel("Billettens kode")).toBeEditable();
});
