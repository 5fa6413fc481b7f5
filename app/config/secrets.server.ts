import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
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
  const existing = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing !== undefined) {
    const stored = storedSecretsSchema.safeParse(JSON.parse(existing));
    if (!stored.success) throw new Error(`${file} is not a valid secrets file; remove it to generate a new one`);
    return stored.data;
  }

  const generated: Secrets = { AUTH_SECRET: randomBytes(48).toString("base64url") };
  await mkdir(config.DATA_DIR, { recursive: true });
  // "wx" fails if another process created the file in the meantime; then use theirs.
  await writeFile(file, JSON.stringify(generated, null, 2), { mode: 0o600, flag: "wx" }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
      return undefined;
    },
  );
  return storedSecretsSchema.parse(JSON.parse(await readFile(file, "utf8")));
}
