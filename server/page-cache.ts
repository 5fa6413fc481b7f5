import { createHash } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { deflateParts, gzipAround } from "./gzip-splice";
import { COLOR_MODE_COOKIE, readColorMode } from "~/features/color-mode/color-mode";

/**
 * Rendered pages for visitors without a session, shared between visitors (docs/decisions/010).
 *
 * A page is stored with its CSP nonce cut out and served with the nonce of the response at hand, so no two
 * responses share a nonce. A write that changes what visitors see says so, and the freshness module
 * (server/freshness.ts, decision 026) clears the pages it changed; the time limit covers what changes by the
 * clock alone (midnight).
 */
export interface CachedPage {
  /** The body (UTF-8) split where the nonce stood. */
  parts: Buffer[];
  /** The same parts compressed once, for gzip answers made around each response's nonce (server/gzip-splice.ts). */
  deflatedParts: Buffer[];
  headers: [string, string][];
  etag: string;
  expiresAt: number;
}

/** Whether the page cached under `key` ("<mode> <url>") lies at or under `path`. */
function keyIsUnder(key: string, path: string) {
  const url = key.slice(key.indexOf(" ") + 1);
  return url === path || url.startsWith(`${path}/`) || url.startsWith(`${path}?`) || url.startsWith(`${path}.data`);
}

/** How long a render may keep the requests for the same page waiting before they render it themselves. */
const RENDER_WAIT_MS = 5_000;

export interface PageCacheOptions {
  maxAgeMs: number;
  maxEntries: number;
  now?: () => number;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #rendering = new Map<string, Promise<void>>();
  /** Counts clears: a render that began before a clear of its page must not store what it rendered. */
  #generation = 0;
  #lastClearOfAll = 0;
  readonly #lastClearOf = new Map<string, number>();
  readonly #options: Required<PageCacheOptions>;

  constructor(options: PageCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  get enabled() {
    return this.#options.maxAgeMs > 0 && this.#options.maxEntries > 0;
  }

  get size() {
    return this.#entries.size;
  }

  get(key: string): CachedPage | undefined {
    const page = this.#entries.get(key);
    if (!page) return undefined;
    // An expired page goes; a fresh one goes last, so the oldest use is the first to go when the cache is full.
    this.#entries.delete(key);
    if (this.#options.now() >= page.expiresAt) return undefined;
    this.#entries.set(key, page);
    return page;
  }

  get generation() {
    return this.#generation;
  }

  /** Stores a page rendered since `generation`; a page rendered before a change since is dropped. */
  store(
    key: string,
    page: { body: string; nonce: string; headers: [string, string][] },
    generation = this.#generation,
  ) {
    if (!this.enabled || this.#clearedSince(key, generation)) return;
    const texts = page.body.split(page.nonce);
    const etag = `W/"${createHash("sha256").update(texts.join("\0")).digest("base64url").slice(0, 27)}"`;
    const parts = texts.map((text) => Buffer.from(text));
    this.#entries.delete(key);
    // A little spread, so pages cached together are not all rendered again at the same moment.
    const maxAge = this.#options.maxAgeMs * (0.9 + Math.random() * 0.1);
    this.#entries.set(key, {
      parts,
      deflatedParts: deflateParts(parts),
      headers: page.headers,
      etag,
      expiresAt: this.#options.now() + maxAge,
    });
    while (this.#entries.size > this.#options.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  /** Forgets every page, or those at and under `path`. */
  clear(path?: string) {
    this.#generation += 1;
    if (path === undefined) {
      this.#lastClearOfAll = this.#generation;
      return this.#entries.clear();
    }
    this.#lastClearOf.set(path, this.#generation);
    for (const key of [...this.#entries.keys()]) if (keyIsUnder(key, path)) this.#entries.delete(key);
  }

  #clearedSince(key: string, generation: number) {
    if (this.#lastClearOfAll > generation) return true;
    for (const [path, at] of this.#lastClearOf) if (at > generation && keyIsUnder(key, path)) return true;
    return false;
  }

  /**
   * The render under way for `key`, if any: requests for a page being rendered wait for it instead of
   * rendering it again (a burst of visitors, or the moment a popular page expires).
   */
  renderUnderWay(key: string) {
    return this.#rendering.get(key);
  }

  /** Marks a render of `key` as under way; the returned function ends it (after storing, or when not storable). */
  startRender(key: string) {
    let end!: () => void;
    const render = new Promise<void>((resolve) => (end = resolve));
    this.#rendering.set(key, render);
    return () => {
      if (this.#rendering.get(key) === render) this.#rendering.delete(key);
      end();
    };
  }
}

/**
 * The cache key of a request that may be answered from the cache: a visitor's GET, carrying no cookie but
 * the colour mode (a session, a flash toast or anything else makes the page someone's own).
 */
export function visitorCacheKey(method: string, url: string, cookieHeader: string | undefined): string | null {
  if (method !== "GET") return null;
  const cookies = (cookieHeader ?? "").split(";").map((cookie) => cookie.trim());
  if (cookies.some((cookie) => cookie && !cookie.startsWith(`${COLOR_MODE_COOKIE}=`))) return null;
  return `${readColorMode(cookieHeader ?? null)} ${url}`;
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

/** Visitors may keep a page but must ask again each time; shared caches must not keep it (the nonce). */
const VISITOR_CACHE_CONTROL = "private, no-cache";

/**
 * Headers of the handler's own that are not stored: those of the transfer, and those `sendCachedPage` sets again
 * for each response. Headers set before the handler (security, request id) are not stored either.
 */
const UNSTORED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "etag",
  "date",
  "connection",
  "keep-alive",
  "cache-control",
  "x-page-cache",
]);

/**
 * A stored page, with this response's nonce. Compressed with gzip from the parts deflated when it was stored:
 * compressing a 95 KB page (the site's CSS is inline) for every visitor cost 4–5 ms of CPU, and brotli's better
 * ratio cannot be spliced. A client that takes no gzip gets the page as it is.
 */
function sendCachedPage(req: Request, res: Response, page: CachedPage, nonce: string) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
  res.setHeader("X-Page-Cache", "hit");
  if (etagMatches(req.get("if-none-match"), page.etag)) {
    // The browser keeps its copy, whose scripts carry the nonce of its own CSP header: a 304 must not replace
    // that header with one naming this response's nonce.
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  res.vary("Accept-Encoding");
  const nonceBytes = Buffer.from(nonce);
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const body = gzip
    ? gzipAround(page.parts, page.deflatedParts, nonceBytes)
    : Buffer.concat(page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
  res.setHeader("Content-Length", body.length);
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}

/**
 * Answers visitors' page requests from the cache and stores the HTML pages rendered for them. Runs after the
 * security headers (the nonce) and compression.
 */
export function visitorPageCache(
  cache: PageCache,
  options: { onLookup?: (result: "hit" | "miss") => void } = {},
): RequestHandler {
  return async (req, res, next) => {
    const key = cache.enabled ? visitorCacheKey(req.method, req.originalUrl, req.get("cookie")) : null;
    if (key === null) return next();
    const nonce = res.locals.cspNonce as string;
    let cached = cache.get(key);
    // Only pages are worth waiting for; data, feeds and files are not stored.
    const isPage = !/\.[a-z0-9]+$/i.test(req.path);
    const underWay = cached || !isPage ? undefined : cache.renderUnderWay(key);
    if (underWay) {
      await Promise.race([underWay, new Promise((resolve) => setTimeout(resolve, RENDER_WAIT_MS).unref())]);
      cached = cache.get(key);
    }
    options.onLookup?.(cached ? "hit" : "miss");
    if (cached) return sendCachedPage(req, res, cached, nonce);
    // 'close' comes after 'finish' (and its storing), or alone when the client went away.
    if (!underWay && isPage) res.once("close", cache.startRender(key));
    const generation = cache.generation;

    const headersBefore = new Set(res.getHeaderNames());
    const chunks: Buffer[] = [];
    let storable = true;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!res.headersSent && storable) {
        const type = String(res.getHeader("content-type") ?? "");
        const cacheControl = String(res.getHeader("cache-control") ?? "");
        storable =
          res.statusCode === 200 &&
          type.startsWith("text/html") &&
          !res.hasHeader("set-cookie") &&
          !/no-store|private/.test(cacheControl);
        if (storable) {
          if (!cacheControl) res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
          res.setHeader("X-Page-Cache", "miss");
        }
      }
      if (!storable || chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    };
    // The response's write and end, each showing `collect` what it sends first.
    const sending = res as unknown as Record<"write" | "end", (...args: unknown[]) => unknown>;
    for (const method of ["write", "end"] as const) {
      const send = sending[method].bind(res);
      sending[method] = (chunk, encoding, callback) => {
        collect(chunk, encoding);
        return send(chunk, encoding, callback);
      };
    }
    res.on("finish", () => {
      if (!storable || chunks.length === 0) return;
      const headers = res
        .getHeaderNames()
        .filter((name) => !headersBefore.has(name) && !UNSTORED_HEADERS.has(name))
        .map((name): [string, string] => [name, String(res.getHeader(name))]);
      cache.store(key, { body: Buffer.concat(chunks).toString("utf8"), nonce, headers }, generation);
    });
    next();
  };
}
