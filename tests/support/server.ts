import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, pgliteDirectoryIn } from "~/db/client.server";
import { demoImageCacheDirectory } from "./demo-image-cache";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL: no shutdown, as a crash or a pulled plug), and waits for the exit. */
  kill(): Promise<void>;
  /** The exit code, once the process has exited. */
  exited: Promise<number | null>;
  /** What the server has written to stdout so far (with `captureStdout`; it is passed on to the test's too). */
  stdout(): string;
}

/**
 * A migrated PGlite data directory, made once per run by whichever worker first needs it: a server on a new
 * data directory otherwise runs PGlite's initdb and every migration first (5 s here, where a server on a
 * migrated directory answers after 1.5 s). `playwright.config.ts` names the directory for all workers.
 */
export async function migratedDatabaseTemplate() {
  const root = process.env.E2E_DATABASE_TEMPLATE_DIR;
  if (!root) throw new Error("E2E_DATABASE_TEMPLATE_DIR is set by playwright.config.ts");
  const directory = pgliteDirectoryIn(root);
  const ready = path.join(root, "ready");
  if (existsSync(ready)) return directory;
  try {
    mkdirSync(path.join(root, "making"));
  } catch {
    // Another worker is making it.
    const deadline = Date.now() + 60_000;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) throw new Error("No migrated database template after 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return directory;
  }
  const database = await openDatabase({ kind: "pglite", directory });
  await database.migrate();
  await database.close();
  writeFileSync(ready, "");
  return directory;
}

/**
 * Starts the built production server (`node server.js`) and waits until /healthz answers. A new data directory
 * starts with a migrated, empty database; the server seeds it as its environment says.
 */
export async function startBuiltServer(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
  /** Keep what the server prints, for a test that reads it (the set-up link). */
  captureStdout?: boolean;
}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "scene-e2e-"));
  if (!options.dataDir && !options.env?.DATABASE_URL) {
    cpSync(await migratedDatabaseTemplate(), pgliteDirectoryIn(dataDir), { recursive: true });
  }
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      DEMO_IMAGE_CACHE_DIR: demoImageCacheDirectory,
      ...options.env,
    },
    stdio: ["ignore", options.captureStdout ? "pipe" : "inherit", "inherit"],
  });
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    process.stdout.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${options.port}`;
  // Under the callers' test timeouts, so a server that never answers says so rather than timing the test out.
  const deadline = Date.now() + 100_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error("The server did not answer /healthz within 100 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ended = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  return {
    url,
    port: options.port,
    dataDir,
    exited,
    stdout: () => stdout,
    stop: () => ended("SIGTERM"),
    kill: () => ended("SIGKILL"),
  } satisfies RunningServer;
}

export function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}
