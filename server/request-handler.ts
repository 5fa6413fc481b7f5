import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import {
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

type LoadContextOf = (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;

interface RouterOptions {
  build: () => Promise<ServerBuild>;
  /** In development the build changes under us. React Router then rebuilds its route table for every request. */
  reloadEveryRequest: boolean;
  mode: string;
}

/** React Router's answer to a Fetch request, for handlers that decide when and where to send it. */
export function routerResponder({ build, reloadEveryRequest, mode }: RouterOptions) {
  // Handed a function, React Router ranks the whole route tree again on every request, which development needs
  // (the build changes under it); handed the build itself, it does so once.
  let router: Promise<ReturnType<typeof createRouterHandler>> | undefined;
  return async (request: Request, context: RouterContextProvider) => {
    router ??= reloadEveryRequest
      ? Promise.resolve(createRouterHandler(build, mode))
      : build().then((loaded) => createRouterHandler(loaded, mode));
    const handle = await router;
    return handle(request, context);
  };
}

export type RouterResponder = ReturnType<typeof routerResponder>;

/**
 * React Router behind Express, as `@react-router/express` does it, with one difference: the request body is
 * the one `limitRequestBodies` bounded (`res.locals.requestBody`), never the raw socket stream. Cookies get
 * `Secure` whenever the request reached us over HTTPS, also when TLS ends at a trusted proxy.
 */
export function reactRouterHandler({
  respond,
  getLoadContext,
}: {
  respond: RouterResponder;
  getLoadContext: LoadContextOf;
}): RequestHandler {
  return async (req, res, next) => {
    try {
      const response = await respond(fetchRequestOf(req, res), getLoadContext(req, res));
      await sendFetchResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}

function headerPairsOf(req: ExpressRequest) {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) pairs.push([name, each]);
    else if (value !== undefined) pairs.push([name, value]);
  }
  return pairs;
}

/** The Fetch request React Router is handed. It is aborted when the client goes away. */
export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse) {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return requestOfParts(partsOf(req, res), controller.signal);
}

/**
 * A request answered later, whatever becomes of its connection (the ticket sale's waiting room): kept as its
 * plain parts (the address, the headers and a form's bytes) and made a Fetch request only when its turn comes.
 * A Fetch request with its headers, body stream and signal is a few kilobytes more, times every fan in line.
 */
export function laterRequestOf(req: ExpressRequest, res: ExpressResponse): () => Request {
  const parts = partsOf(req, res);
  if (parts.body === undefined || Buffer.isBuffer(parts.body)) return () => requestOfParts(parts);
  const request = requestOfParts(parts);
  return () => request;
}

function partsOf(req: ExpressRequest, res: ExpressResponse) {
  return {
    // req.host and req.protocol follow X-Forwarded-* only from a trusted proxy (TRUST_PROXY).
    url: `${req.protocol}://${req.host}${req.originalUrl}`,
    method: req.method,
    headers: headerPairsOf(req),
    body: res.locals.requestBody as Buffer | Readable | undefined,
  };
}

function requestOfParts({ url, method, headers, body }: ReturnType<typeof partsOf>, signal?: AbortSignal) {
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal };
  if (body !== undefined) {
    init.body = Buffer.isBuffer(body) ? new Uint8Array(body) : createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  return new Request(new URL(url), init);
}

function withSecure(cookie: string) {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/** Sends a Fetch API response through Express: status, headers (cookies made Secure over HTTPS) and body. */
export async function sendFetchResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.append(name, value);
  }
  for (const cookie of response.headers.getSetCookie())
    res.append("Set-Cookie", req.secure ? withSecure(cookie) : cookie);
  // A body the route did not read (an answer given before it) is not read afterwards either.
  if (!req.complete) res.setHeader("Connection", "close");
  if (!response.body) return void res.end();
  await writeBody(response.body, res);
}

const IDLE = Symbol("idle");
const afterPendingIo = () => new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE));

/**
 * Writes a response body as it comes, but hands it to compression and the socket in bursts: what the route
 * produces without pausing (a whole `.data` answer, a rendered shell) goes out as one piece, and only a pause
 * (a deferred value, the next part of a streamed page) flushes. `@react-router/node` flushes after every chunk,
 * which made a 300-byte `.data` answer a dozen brotli flushes and socket writes. A body complete before the
 * first pause goes out in one `end` with its Content-Length, which compression compresses in one go.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const reader = body.getReader();
  const clientGone = new Promise<never>((_, reject) =>
    res.once("close", () => {
      if (!res.writableFinished) reject(new Error("the client went away"));
    }),
  );
  clientGone.catch(() => {});
  const flush = () => (res as ExpressResponse & { flush?: () => void }).flush?.();
  let burst: Uint8Array[] | null = [];
  try {
    let next = reader.read();
    for (;;) {
      let step = await Promise.race([next, afterPendingIo()]);
      if (step === IDLE) {
        if (burst) {
          for (const chunk of burst) res.write(chunk);
          burst = null;
        }
        flush();
        step = await Promise.race([next, clientGone]);
      }
      if (step.done) break;
      next = reader.read();
      if (burst) burst.push(step.value);
      else if (!res.write(step.value)) {
        flush();
        await Promise.race([new Promise((resolve) => res.once("drain", resolve)), clientGone]);
      }
    }
    if (burst) {
      const whole = Buffer.concat(burst);
      res.setHeader("Content-Length", whole.length);
      res.end(whole);
    } else res.end();
  } catch (error) {
    await reader.cancel().catch(() => {});
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
