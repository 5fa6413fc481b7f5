import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;
/** Smaller files gain less than the Content-Encoding costs. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside each hashed client asset at build time, at the highest levels, so the server
 * sends them without compressing the same file again for every request (server/compressed-assets.ts).
 */
export function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "scene-precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = path.resolve(config.root, config.environments.client?.build.outDir ?? config.build.outDir);
    },
    async closeBundle() {
      const directory = path.join(outDir, "assets");
      const files = (await readdir(directory).catch(() => [] as string[])).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(directory, name);
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          await writeFile(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        }),
      );
    },
  };
}
