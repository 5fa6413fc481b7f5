import type { AddressInfo } from "node:net";
import { request as httpRequest } from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { sendFetchResponse } from "./request-handler";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** Express with compression in front, as server/app.ts has it, answering every request with `respond()`. */
async function serve(respond: () => Response) {
  const app = express();
  app.use(compression());
  app.use((req, res, next) => void sendFetchResponse(req, res, respond()).catch(next));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw GET that reports each piece of the body as it arrives, and the headers. */
function get(url: string, acceptEncoding: string, onPiece: (piece: Buffer) => void = () => {}) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const pieces: Buffer[] = [];
      response.on("data", (piece: Buffer) => {
        pieces.push(piece);
        onPiece(piece);
      });
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(pieces) }));
    })
      .on("error", reject)
      .end();
  });
}

const text = (parts: string[], pause?: Promise<void>) =>
  new Response(
    new ReadableStream<Uint8Array>({
      async start(controller) {
        const encoder = new TextEncoder();
        controller.enqueue(encoder.encode(parts[0]));
        if (pause) await pause;
        for (const part of parts.slice(1)) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    }),
    { headers: { "Content-Type": "text/plain; charset=utf-8" } },
  );

describe("sending React Router's answers", () => {
  it("sends a body that is all there at once compressed with brotli from 1 KB", async () => {
    const large = "dagen er lagt i din kurv ".repeat(100);
    const base = await serve(() => text(["[", large, "]"]));
    const { headers, body } = await get(base, "br, gzip");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["vary"]).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(`[${large}]`);

    const gzip = await get(base, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(`[${large}]`);
  });

  it("sends a small answer as it is", async () => {
    const base = await serve(() => text(['{"toast":', '"ok"}']));
    const { headers, body } = await get(base, "br, gzip");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(headers["content-length"]).toBe(String(body.length));
    expect(body.toString()).toBe('{"toast":"ok"}');
  });

  it("streams a body that pauses: what came before the pause reaches the client before the rest exists", async () => {
    let resume!: () => void;
    const pause = new Promise<void>((resolve) => (resume = resolve));
    const base = await serve(() => text(["<p>først</p>", "<p>siden</p>"], pause));
    const decompress = zlib.createBrotliDecompress();
    const firstText = new Promise<string>((resolve) =>
      decompress.once("data", (text: Buffer) => resolve(text.toString())),
    );
    const whole = get(base, "br, gzip", (piece) => decompress.write(piece));
    expect(await firstText).toBe("<p>først</p>");
    resume();
    const { headers, body } = await whole;
    expect(headers["content-length"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(body).toString()).toBe("<p>først</p><p>siden</p>");
  });
});
