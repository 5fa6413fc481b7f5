// Renders a page of a running server to PNG with Debian's Chromium, for looking at what you build:
//   node scripts/screenshot.mjs <url> <out.png> [width=1280] [height=800] [light|dark] [--full] [--cookie=name=value]
// --cookie signs the page in, e.g. with the session cookie a test server's POST /_test/sessie hands out.
import { chromium } from "playwright-core";

const [url, out, width = "1280", height = "800", colorScheme = "light"] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith("--"));
if (!url || !out) {
  console.error("usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [light|dark] [--full]");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, colorScheme });
const cookie = process.argv.find((arg) => arg.startsWith("--cookie="))?.slice("--cookie=".length);
if (cookie) {
  const [name, ...value] = cookie.split("=");
  await page.context().addCookies([{ name, value: value.join("="), url, httpOnly: true, sameSite: "Lax" }]);
}
page.on(
  "console",
  (message) =>
    ["error", "warning"].includes(message.type()) && console.log(`console.${message.type()}:`, message.text()),
);
page.on("pageerror", (error) => console.log("page error:", error.message));
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: process.argv.includes("--full") });
await browser.close();
