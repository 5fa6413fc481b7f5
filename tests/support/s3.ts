import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error -- s3rver ships no type declarations; the constructor is typed below.
import S3rverModule from "s3rver";
import type { S3Settings } from "~/features/storage/storage.server";

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** A fake S3 (s3rver) on a free loopback port with the bucket "scene"; note that it ignores If-None-Match. */
export async function startS3() {
  const directory = await mkdtemp(path.join(tmpdir(), "scene-s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "scene" }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "scene",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    settings,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
