import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import ProcessesFirst from "./tests/support/sequencer";

export default defineConfig({
  plugins: [tsconfigPaths()],
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/support/global-setup.ts"],
    setupFiles: ["./tests/support/vitest-setup.ts"],
    // Vitest's default is one worker fewer than the CPUs: a single one on the 2-core CI machine, so the files ran
    // one after another. Most of a file's time is waiting (on PostgreSQL, PGlite, the disk), so two overlap well.
    maxWorkers: 2,
    // A worker imports the app once for all the files it runs instead of once per file: importing it was 112 s
    // of a 423 s run here. Files share modules, not data: each makes its own database, server and collaborators.
    isolate: false,
    minWorkers: 1,
    sequence: { sequencer: ProcessesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // As tests/support/eventually.ts waits: Vitest's 1 s is short on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
