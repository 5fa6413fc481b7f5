import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

export const bucketSchema = z.enum(["pages", "sections", "users", "albums", "audio", "articles", "banners", "stock"]);
export type Bucket = z.infer<typeof bucketSchema>;

const extensionSchema = z.string().regex(/^[a-z0-9]{1,8}$/);
const keySchema = z.string().regex(/^[a-z]+\/[A-Za-z0-9._-]+$/);

export function storageRoot(dataDir: string) {
  return path.resolve(dataDir, "storage");
}

/**
 * Stores a file under a generated name "{bucket}/{timestamp}-{random}.{ext}" (never overwriting)
 * and returns its key. Callers check the content before; the name given by a user is never used.
 */
export async function storeFile(dataDir: string, bucket: Bucket, extension: string, data: Uint8Array) {
  const ext = extensionSchema.parse(extension);
  const file = `${Date.now()}-${randomBytes(6).toString("hex")}.${ext}`;
  const directory = path.join(storageRoot(dataDir), bucketSchema.parse(bucket));
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, file), data, { flag: "wx" });
  return `${bucket}/${file}`;
}

export async function removeFile(dataDir: string, key: string) {
  await rm(path.join(storageRoot(dataDir), keySchema.parse(key)), { force: true });
}
