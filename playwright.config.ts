import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/browser";
import { demoImageCacheDirectory } from "./tests/support/demo-image-cache";
import { runFolder } from "./tests/support/run-folders";

const port = Number(process.env.E2E_PORT ?? 3210);
// Made once in the main process; the workers inherit them. Tests read the server's outbox in its data folder.
const dataDir = runFolder("E2E_DATA_DIR", "scene-e2e-main-");
// Where the first server a test starts of its own leaves a migrated database for the others (tests/support/server.ts).
runFolder("E2E_DATABASE_TEMPLATE_DIR", "scene-e2e-template-");
// Where the workers note the pages axe has found accessible, so each distinct page is checked once a run (visit.ts).
runFolder("E2E_ACCESSIBLE_DIR", "scene-e2e-accessible-");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Three on a 2-core machine: a test spends most of its time waiting (on the server, the database, a page's
  // paint), and the machine was three-quarters idle with two. 8.4 → 5.9 min here, 123 of 123 passing.
  workers: 3,
  // CI shows only the end of a run's output, which the list of 117 passing tests filled: there, one line of dots,
  // so that a unit test's failure printed before it stays in view. The second removes the folders above once the
  // web server has stopped.
  reporter: [[process.env.CI ? "dot" : "list"], ["./tests/support/run-folders.ts"]],
  // Tests that sign in, upload and run axe in two colour modes take 10–25 s; CI machines are slower still.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions(),
    locale: "da-DK",
    timezoneId: "Europe/Copenhagen",
    // Recording a trace (screenshots at every step) took a third of the browser's CPU on the 2-core machine, for
    // every test, to keep it for the rare failure; the error context (the page's ARIA snapshot) stays. For a
    // trace: `npx playwright test <spec> --trace retain-on-failure`.
    trace: "off",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: "node scripts/ensure-build.mjs && node server.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ENABLE_TEST_ROUTES: "1",
      TRUST_PROXY: "true",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: "chef@havnescenen.dk",
      ADMIN_PASSWORD: "Admin-kode-2026",
      LOG_LEVEL: "warn",
      DEMO_IMAGE_CACHE_DIR: demoImageCacheDirectory,
    },
  },
});
