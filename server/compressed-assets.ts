import { existsSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { rememberedPerPath } from "./remembered-per-path";

const encodings = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

function accepts(acceptEncoding: string, encoding: string) {
  return acceptEncoding
    .split(",")
    .map((part) => part.trim().split(";"))
    .some(([name, quality]) => name === encoding && quality?.trim() !== "q=0");
}

/**
 * Sends the `.br` or `.gz` twin of a hashed asset made at build time (build-tools/precompress.ts) when the
 * browser accepts it; everything else goes on to express.static.
 */
export function compressedAssets(directory: string): RequestHandler {
  // Asked once per file: the paths come from anyone, so what is remembered is bounded.
  const exists = rememberedPerPath(existsSync);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const acceptEncoding = req.get("accept-encoding") ?? "";
    const file = path.join(directory, path.normalize(req.path));
    if (!file.startsWith(directory + path.sep)) return next();
    const encoding = encodings.find(({ name, extension }) => accepts(acceptEncoding, name) && exists(file + extension));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding.name);
    // The type of the asset itself; send() keeps a type already set instead of the twin's.
    res.type(path.extname(file));
    res.sendFile(file + encoding.extension, { immutable: true, maxAge: "1y" });
  };
}
