import { existsSync } from "node:fs";

/**
 * The browser comes from the machine (Debian's packages), never from a download. Debian's
 * `chromium-headless-shell` first: the headless build Playwright itself runs by default, without the full
 * browser's window layers. Here it ran the admin-on-a-phone spec on 52 s of CPU instead of 84 (ADR 006).
 */
const candidates = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export function chromiumPath() {
  const candidate = process.env.CHROME_PATH || candidates.find((path) => existsSync(path));
  if (!candidate || !existsSync(candidate)) {
    throw new Error(
      `No Chromium found at ${candidate ?? candidates.join(" or ")}. Install one (Debian: \`apt-get install chromium-headless-shell\`) or set CHROME_PATH to a Chromium/Chrome binary. Tests never download a browser.`,
    );
  }
  return candidate;
}

// Without these, Chromium tries to reach Google's services on a machine with no network.
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
