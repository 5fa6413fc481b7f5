import zlib from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";

/**
 * A window no larger than the body (nor than the one configured): it compresses the body as well, and the encoder,
 * made anew for every answer, allocates a fraction of the memory. With the large allocations served by mmap
 * (MALLOC_MMAP_THRESHOLD_, as `npm start` sets it) a 3 KB answer took 290 µs in a 256 KB window and 100 µs in 4 KB.
 */
function windowBitsFor(bodyLength: number, brotliParams: Record<number, number>) {
  const configured = brotliParams[zlib.constants.BROTLI_PARAM_LGWIN] ?? zlib.constants.BROTLI_DEFAULT_WINDOW;
  const fitting = Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bodyLength)));
  return Math.min(configured, fitting);
}

/**
 * Compresses an answer that is sent whole (one `res.end` with the body: `res.send`, `res.json`, a complete React
 * Router answer) at once, in this thread, as `compression` would (brotli, else gzip). `compression` runs every
 * body through a stream on the thread pool, which for the typical 1–20 KB answer costs more CPU than the
 * compressing itself. Bodies sent in pieces (a streamed page) are left to `compression`, which is mounted just
 * before this and passes an answer that is already encoded.
 */
export function compressWholeBodies({
  fromBytes = 1024,
  brotliParams,
}: {
  fromBytes?: number;
  brotliParams: Record<number, number>;
}): RequestHandler {
  return (req, res, next) => {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    let wroteBefore = false;
    res.write = ((...args: unknown[]) => {
      wroteBefore = true;
      return write(...args);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      const body =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : chunk;
      if (
        wroteBefore ||
        !Buffer.isBuffer(body) ||
        body.length < fromBytes ||
        res.headersSent ||
        req.method === "HEAD" ||
        res.statusCode === 204 ||
        res.statusCode === 304 ||
        res.hasHeader("Content-Encoding") ||
        // compression's own judgement of the type (the mime database), so both compress the same answers.
        !compression.filter(req, res) ||
        /no-transform/.test(String(res.getHeader("Cache-Control") ?? ""))
      ) {
        return end(chunk, encoding, callback);
      }
      res.vary("Accept-Encoding");
      const encodingChosen = req.acceptsEncodings("br", "gzip", "identity");
      if (encodingChosen !== "br" && encodingChosen !== "gzip") return end(chunk, encoding, callback);
      const compressed =
        encodingChosen === "br"
          ? zlib.brotliCompressSync(body, {
              params: {
                ...brotliParams,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                [zlib.constants.BROTLI_PARAM_LGWIN]: windowBitsFor(body.length, brotliParams),
              },
            })
          : zlib.gzipSync(body);
      res.setHeader("Content-Encoding", encodingChosen);
      res.setHeader("Content-Length", compressed.length);
      return end(compressed, typeof encoding === "function" ? encoding : callback);
    }) as typeof res.end;
    next();
  };
}
