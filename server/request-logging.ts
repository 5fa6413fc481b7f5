import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { runInRequestScope } from "~/lib/logger.server";

const quietPaths = /^\/(healthz$|api\/version$|assets\/|favicon)/;

/**
 * Gives each request an id (`res.locals.requestId`, header `X-Request-Id`), runs the rest of its handling in
 * a scope where every log line carries that id, and logs the request when done. `res.locals.logger` is a logger
 * that names the request's path.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    Object.defineProperty(res.locals, "logger", { get: childWhenAsked(logger, req.path) });
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = { requestId, method: req.method, path: req.path, status: res.statusCode, durationMs };
      if (res.statusCode >= 500) logger.error(entry, "request failed");
      else if (quietPaths.test(req.path)) logger.debug(entry, "request");
      else logger.info(entry, "request");
    });
    runInRequestScope(requestId, next);
  };
}

/**
 * The request's logger, made when first asked for: a pino child is a dozen objects with a prototype of its own, and
 * most requests log nothing but their one line. Made out here, so that the getter holds the path and not the
 * request (a queued buying form's context keeps it until its turn; decision 043).
 */
function childWhenAsked(logger: Logger, path: string) {
  let child: Logger | undefined;
  return () => (child ??= logger.child({ path }));
}
