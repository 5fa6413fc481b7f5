import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Config } from "./env.server";

const storedSecretsSchema = z.object({ AUTH_SECRET: z.string().min(32) });

export type Secrets = z.infer<typeof storedSecretsSchema>;

/**
 * Secrets come from the environment. Where they may be omitted (development, or the embedded
 * database), one is generated on first start and kept in DATA_DIR so sessions survive restarts.
 */
export async function resolveSecrets(config: Config): Promise<Secrets> {
  if (config.AUTH_SECRET) return { AUTH_SECRET: config.AUTH_SECRET };

  const file = path.join(config.DATA_DIR, "secrets.json");
  const stored = await readSecretsFile(file);
  if (stored) return stored;

  // Written whole to a temporary file, then linked into place: a process starting at the same time either
  // finds no file or a complete one, and if two race, both end up with the one that was linked first.
  await mkdir(config.DATA_DIR, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, JSON.stringify({ AUTH_SECRET: randomBytes(48).toString("base64url") }, null, 2), {
    mode: 0o600,
  });
  try {
    await link(temporary, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await unlink(temporary);
  }
  const result = await readSecretsFile(file);
  if (!result) throw new Error(`${file} could not be created`);
  return result;
}

async function readSecretsFile(file: string): Promise<Secrets | undefined> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  try {
    return storedSecretsSchema.parse(JSON.parse(text));
  } catch {
    throw new Error(`${file} is not a valid secrets file; remove it to generate a new one`);
  }
}
