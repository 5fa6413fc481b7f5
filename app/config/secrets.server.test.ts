import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./env.server";
import { resolveSecrets } from "./secrets.server";

describe("resolveSecrets", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-secrets-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("generates a secret once, keeps it private in DATA_DIR and reuses it", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await resolveSecrets(config);
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect((await stat(path.join(dataDir, "secrets.json"))).mode & 0o777).toBe(0o600);
    expect(await resolveSecrets(config)).toEqual(first);
  });

  it("uses the environment's secret and writes nothing", async () => {
    const secret = "s".repeat(40);
    expect(await resolveSecrets(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }))).toEqual({
      AUTH_SECRET: secret,
    });
    await expect(readFile(path.join(dataDir, "secrets.json"))).rejects.toThrow(/ENOENT/);
  });

  it("refuses a damaged secrets file instead of silently replacing it", async () => {
    await writeFile(path.join(dataDir, "secrets.json"), JSON.stringify({ AUTH_SECRET: "short" }));
    await expect(resolveSecrets(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(/not a valid secrets file/);
  });
});
