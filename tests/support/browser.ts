import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import type { LaunchOptions } from "playwright-core";
import { extract } from "tar";

/**
 * The machine's browser when it has one (Debian's packages): `chromium-headless-shell` first, the headless build
 * Playwright itself runs by default, without the full browser's window layers. Here it ran the admin-on-a-phone
 * spec on 52 s of CPU instead of 84 (ADR 006). Otherwise the headless shell shipped inside the npm package
 * `@sparticuz/chromium`, unpacked once (decision 028). Never a download.
 */
const systemCandidates = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

// Without these, Chromium tries to reach Google's services on a machine with no network.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumLaunchOptions(): LaunchOptions {
  const chosen = process.env.CHROME_PATH;
  if (chosen && !existsSync(chosen)) throw new Error(`No Chromium at CHROME_PATH=${chosen}.`);
  const systemBrowser = chosen || systemCandidates.find((candidate) => existsSync(candidate));
  if (systemBrowser) return { executablePath: systemBrowser, args: chromiumArgs };
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      "No Chromium found, and the npm package's is for Linux on x64 only. Install one (Debian: `apt-get install chromium-headless-shell`) or set CHROME_PATH to a Chromium/Chrome binary.",
    );
  }
  const unpacked = unpackNpmChromium();
  return {
    executablePath: path.join(unpacked, "chromium"),
    args: chromiumArgs,
    // Its own NSS and expat (a machine without a browser rarely has them) and its own font, so that text has a
    // size where the machine has no fonts; the machine's fonts too where it has them.
    env: {
      ...process.env,
      LD_LIBRARY_PATH: path.join(unpacked, "lib"),
      FONTCONFIG_FILE: path.join(unpacked, "fonts.conf"),
    },
  };
}

/** Where the npm package's browser is unpacked, one folder per version (the end-to-end test of this mounts over it). */
export const npmChromiumCache = fileURLToPath(new URL("../../node_modules/.cache/scene-chromium", import.meta.url));

/**
 * Synchronous, because Playwright reads its configuration synchronously: about 2 s of CPU the first time, then
 * the unpacked folder is reused. Unpacked beside and renamed into place, so a run that is stopped half-way, or two
 * that start together, never leave a half-written browser.
 */
function unpackNpmChromium() {
  const packageDirectory = path.dirname(path.dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")));
  const { version } = JSON.parse(readFileSync(path.join(packageDirectory, "package.json"), "utf8")) as {
    version: string;
  };
  const target = path.join(npmChromiumCache, version);
  if (existsSync(path.join(target, "chromium"))) return target;
  const packed = path.join(packageDirectory, "bin");
  const partial = `${target}.${process.pid}`;
  mkdirSync(partial, { recursive: true });
  writeFileSync(path.join(partial, "chromium"), brotliDecompressSync(readFileSync(path.join(packed, "chromium.br"))), {
    mode: 0o755,
  });
  // al2023.tar.br holds lib/ (NSS, NSPR, expat); fonts.tar.br holds fonts/ and a fonts.conf for AWS Lambda's paths.
  extract({ file: path.join(packed, "al2023.tar.br"), cwd: partial, sync: true, preserveOwner: false });
  extract({ file: path.join(packed, "fonts.tar.br"), cwd: partial, sync: true, preserveOwner: false });
  writeFileSync(
    path.join(partial, "fonts.conf"),
    `<?xml version="1.0"?>\n<fontconfig>\n  <dir>${path.join(target, "fonts")}</dir>\n` +
      `  <cachedir>${path.join(target, "fonts-cache")}</cachedir>\n` +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n</fontconfig>\n`,
  );
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another run unpacked it first.
    if (!existsSync(path.join(target, "chromium"))) throw error;
  }
  return target;
}
