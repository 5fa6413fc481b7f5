import { spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { npmChromiumCache } from "../support/browser";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A machine without Debian's browser, made from this one: in a mount namespace of its own (nothing outlives the
 * process), overlays whose whiteouts hide the browsers, the NSS libraries that come with them and the fonts, and
 * an empty folder over the npm browser's unpacked copy, so that it is unpacked anew.
 */
const withoutSystemBrowser = `
set -e
scratch=$1; shift
mount -t tmpfs tmpfs "$scratch"
hide() {
  folder=$1; shift
  [ -d "$folder" ] || return 0
  layer="$scratch$folder"
  mkdir -p "$layer/upper" "$layer/work"
  for name in "$@"; do mknod "$layer/upper/$name" c 0 0; done
  mount -t overlay overlay -o "lowerdir=$folder,upperdir=$layer/upper,workdir=$layer/work" "$folder"
}
hide /usr/bin chromium chromium-headless-shell
hide /usr/lib/x86_64-linux-gnu libnss3.so libnssutil3.so libnspr4.so libplc4.so libplds4.so libexpat.so.1
hide /etc/fonts fonts.conf
hide /usr/share fonts
mount -t tmpfs tmpfs "${npmChromiumCache}"
for hidden in /usr/bin/chromium /usr/bin/chromium-headless-shell /etc/fonts/fonts.conf /usr/share/fonts; do test ! -e "$hidden"; done
"$@"
# The browser that ran them.
ls "${npmChromiumCache}"/*/chromium
`;

const cannotHide =
  process.arch !== "x64"
    ? "the npm package carries a browser for x64 only"
    : process.getuid?.() !== 0
      ? "hiding the machine's browsers takes root (a mount namespace and overlays)"
      : spawnSync("unshare", ["-m", "true"]).status !== 0
        ? "this machine allows no mount namespace (unshare -m)"
        : null;

test(
  "without a system browser, an end-to-end spec runs in the Chromium from the npm registry",
  { timeout: 300_000 },
  async ({ skip }) => {
    if (cannotHide) skip(cannotHide);
    const scratch = await mkdtemp(path.join(tmpdir(), "scene-no-browser-"));
    await mkdir(npmChromiumCache, { recursive: true });
    try {
      // Only what a shell on a new machine has: no CHROME_PATH, none of Vitest's variables (NODE_ENV) for the server.
      const environment = {
        ...pick(process.env, ["PATH", "HOME", "LANG", "TMPDIR"]),
        E2E_PORT: String(await freePort()),
      };
      const quickSpec = ["node_modules/.bin/playwright", "test", "tests/e2e/errors.spec.ts", "--workers=1"];
      const { code, output } = await run(
        "unshare",
        ["-m", "sh", "-c", withoutSystemBrowser, "sh", scratch, ...quickSpec],
        environment,
      );
      expect(code, output).toBe(0);
      expect(output).toContain(`${npmChromiumCache}/`);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
);

function pick(env: NodeJS.ProcessEnv, names: string[]) {
  return Object.fromEntries(names.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
