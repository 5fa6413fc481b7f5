import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskBackend, s3Backend, Storage } from "~/features/storage/storage.server";
import { serveStoredFiles } from "../../server/stored-files";
import { startS3 } from "../support/s3";

const audio = new Uint8Array(4096).map((_, index) => index % 251);

const backends = [
  {
    name: "disk",
    async start() {
      const dataDir = await mkdtemp(path.join(tmpdir(), "scene-served-"));
      return { storage: new Storage(diskBackend(dataDir)), stop: () => rm(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: "s3",
    async start() {
      const s3 = await startS3();
      return { storage: new Storage(s3Backend(s3.settings)), stop: s3.stop };
    },
  },
];

describe.each(backends)("stored files served from $name", ({ start }) => {
  let stop: () => Promise<void>;
  let server: Server;
  let base: string;
  let audioKey: string;
  let rawKey: string;

  beforeAll(async () => {
    const started = await start();
    stop = started.stop;
    audioKey = await started.storage.store("audio", "wav", audio, "audio/wav");
    rawKey = await started.storage.store("incoming", "upload", audio, "application/octet-stream");
    const app = express();
    app.use("/storage/v1/object/public", serveStoredFiles(started.storage));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/storage/v1/object/public`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await stop();
  });

  it("serves a file at the spec's address, cached for an hour, with its content type", async () => {
    const response = await fetch(`${base}/${audioKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("content-type")).toMatch(/^audio\/(wav|wave|x-wav)/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(audio);
  });

  it("answers a range, so the player can seek", async () => {
    const response = await fetch(`${base}/${audioKey}`, { headers: { Range: "bytes=100-199" } });
    expect(response.status).toBe(206);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(audio.slice(100, 200));
  });

  it("has nothing for a missing file or a path that tries to climb out", async () => {
    expect((await fetch(`${base}/audio/findes-ikke.wav`)).status).toBe(404);
    expect((await fetch(`${base}/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it("never serves a raw upload waiting to be processed: it still has its EXIF (decision 020)", async () => {
    const file = rawKey.split("/")[1];
    for (const address of [rawKey, `/${rawKey}`, `./${rawKey}`, `incoming%2F${file}`]) {
      expect((await fetch(`${base}/${address}`)).status, address).toBe(404);
    }
  });
});
