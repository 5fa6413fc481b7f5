import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import express, { type RequestHandler } from "express";
import { contentTypeByExtension } from "~/features/media/media";
import { bucketSchema, privateBuckets, storageKeySchema, type Storage } from "~/features/storage/storage.server";

/** Spec §7: uploads are cached for 3600 s. Names never change content (no overwrite), so this is safe. */
const CACHE_CONTROL = "public, max-age=3600";

/**
 * Serves `/storage/v1/object/public/{bucket}/{file}` from whichever back end stores the files: the disk
 * directly (with ranges and ETags), S3 through this server, so addresses stay the same whichever is used.
 */
export function serveStoredFiles(storage: Storage): RequestHandler {
  const backend = storage.backend;
  // Raw uploads (decision 020) are the server's alone; "//incoming/…" and "/./incoming/…" count too.
  const isPrivate = (path: string) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return true;
    }
    const first = decoded.split("/").find((segment) => segment !== "" && segment !== ".");
    return [...privateBuckets].some((bucket) => bucket === first);
  };
  if (backend.kind === "disk") {
    const serveStatic = express.static(backend.root, {
      index: false,
      dotfiles: "deny",
      fallthrough: true,
      cacheControl: false,
    });
    return (req, res, next) => {
      if (isPrivate(req.path)) return next();
      res.setHeader("Cache-Control", CACHE_CONTROL);
      serveStatic(req, res, next);
    };
  }
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = decodeURIComponent(req.path.slice(1));
    // Only our buckets are public, whatever else the S3 bucket holds.
    if (!storageKeySchema.safeParse(key).success || !bucketSchema.safeParse(key.split("/")[0]).success) return next();
    if (isPrivate(req.path)) return next();
    try {
      const upstream = await backend.getObject(key, req.headers.range);
      if (upstream.status === 404 || upstream.status === 403) return next();
      if (!upstream.ok) throw new Error(`storage answered ${upstream.status}`);
      res.status(upstream.status);
      const extension = key.slice(key.lastIndexOf(".") + 1);
      res.setHeader(
        "Content-Type",
        contentTypeByExtension[extension as keyof typeof contentTypeByExtension] ?? "application/octet-stream",
      );
      res.setHeader("Cache-Control", CACHE_CONTROL);
      res.setHeader("Accept-Ranges", "bytes");
      for (const header of ["content-length", "content-range", "etag", "last-modified"]) {
        const value = upstream.headers.get(header);
        if (value) res.setHeader(header, value);
      }
      if (req.method === "HEAD" || !upstream.body) {
        await upstream.body?.cancel();
        return res.end();
      }
      Readable.fromWeb(upstream.body as WebReadableStream).pipe(res);
    } catch (error) {
      next(error);
    }
  };
}
