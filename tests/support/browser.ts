import { existsSync } from "node:fs";

/** The browser comes from the machine (Debian's chromium), never from a download. */
export function chromiumPath() {
  const candidate = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `No Chromium found at ${candidate}. Install one (Debian: \`apt-get install chromium\`) or set CHROME_PATH to a Chromium/Chrome binary. Tests never download a browser.`,
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
