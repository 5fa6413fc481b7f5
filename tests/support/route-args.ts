import { RouterContextProvider } from "react-router";
import pino from "pino";
import { requestContext } from "~/lib/request-context";

/** What the server passes a loader or action, for calling route modules directly in tests. */
export function routeArgs<Params extends Record<string, string> = Record<string, never>>(
  path: string,
  init?: RequestInit & { params?: Params; clientIp?: string },
) {
  const { params = {} as Params, clientIp = "127.0.0.1", ...requestInit } = init ?? {};
  const context = new RouterContextProvider();
  context.set(requestContext, {
    requestId: "test-request",
    nonce: "test-nonce",
    logger: pino({ level: "silent" }),
    buildId: "test-build",
    clientIp,
    fromLoopback: clientIp === "127.0.0.1",
  });
  const url = new URL(path, "http://localhost");
  return { request: new Request(url, requestInit), url, pattern: url.pathname, params, context };
}
