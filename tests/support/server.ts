import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { demoImageCacheDirectory } from "./demo-image-cache";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<void>;
  /** The exit code, once the process has exited. */
  exited: Promise<number | null>;
  /** What the server has written to stdout so far (with `captureStdout`; it is passed on to the test's too). */
  stdout(): string;
}

/** Starts the built production server (`node server.js`) and waits until /healthz answers. */
export async function startBuiltServer(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
  /** Keep what the server prints, for a test that reads it (the set-up link). */
  captureStdout?: boolean;
}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "scene-e2e-"));
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
  return {
    url,
    port: options.port,
    dataDir,
    pid: child.pid!,
    exited,
    stdout: () => stdout,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  } satisfies RunningServer;
}

export function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}
