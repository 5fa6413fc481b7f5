// Builds the production bundle when it is missing or older than the sources, so that
// `npm start` works on a fresh clone and never serves a stale build. `--force` always builds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const output = "build/server/index.js";
const sources = [
  "app",
  "server",
  "build-tools",
  "public",
  "drizzle",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestModification(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestModification(path.join(entry, child))), 0);
}

const force = process.argv.includes("--force");
const stale = !existsSync(output) || Math.max(...sources.map(newestModification)) > statSync(output).mtimeMs;

if (force || stale) {
  console.log(force ? "Building Scene…" : "The build is missing or older than the sources: building Scene…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
