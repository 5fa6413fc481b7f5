import type { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import {
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

/**
 * React Router behind Express, as `@react-router/express` does it, with one difference: the request body is
 * the one `limitRequestBodies` bounded (`res.locals.requestBody`), never the raw socket stream. Cookies get
 * `Secure` whenever the request reached us over HTTPS, also when TLS ends at a trusted proxy.
 */
export function reactRouterHandler({
  build,
  reloadEveryRequest,
  mode,
  getLoadContext,
}: {
  build: () => Promise<ServerBuild>;
  /** In development the build changes under us. React Router then rebuilds its route table for every request. */
  reloadEveryRequest: boolean;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
}): RequestHandler {
  // Handed a function, React Router ranks the whole route tree again on every request, which development needs
  // (the build changes under it); handed the build itself, it does so once.
  let router: Promise<ReturnType<typeof createRouterHandler>> | undefined;
  return async (req, res, next) => {
    try {
      router ??= reloadEveryRequest
        ? Promise.resolve(createRouterHandler(build, mode))
        : build().then((loaded) => createRouterHandler(loaded, mode));
      const handle = await router;
      const response = await handle(fetchRequestOf(req, res), getLoadContext(req, res));
      await send(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}

function headersOf(req: ExpressRequest) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function fetchRequestOf(req: ExpressRequest, res: ExpressResponse) {
  // req.host and req.protocol follow X-Forwarded-* only from a trusted proxy (TRUST_PROXY).
  const url = new URL(`${req.protocol}://${req.host}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: headersOf(req),
    signal: controller.signal,
  };
  const body = res.locals.requestBody as Buffer | Readable | undefined;
  if (body !== undefined) {
    init.body = Buffer.isBuffer(body) ? new Uint8Array(body) : createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  return new Request(url, init);
}

function withSecure(cookie: string) {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

async function send(req: ExpressRequest, res: ExpressResponse, response: Response) {
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
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
