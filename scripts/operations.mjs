// `npm run backup` and `npm run restore <archive>`: builds if needed, then runs the command from the server bundle.
import { spawnSync } from "node:child_process";

const ensured = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
if (ensured.status !== 0) process.exit(ensured.status ?? 1);

const { runOperations } = await import("../build/server/index.js");
try {
  process.exitCode = await runOperations(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
