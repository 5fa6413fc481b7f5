import type { Server } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

/** How long requests in flight get to finish after SIGTERM/SIGINT before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stopping without dropping a request: the server stops accepting connections, requests in flight finish
 * (answered with `Connection: close`, so keep-alive clients go elsewhere), then `release` closes what the
 * process holds (database, logs). After the grace time the process exits regardless.
 */
export class GracefulShutdown {
  #stopping = false;

  get stopping() {
    return this.#stopping;
  }

  /** Marks responses of a stopping server so clients do not reuse the connection. */
  readonly closeConnections: RequestHandler = (_req, res, next) => {
    if (this.#stopping) res.setHeader("Connection", "close");
    next();
  };

  listen(
    server: Server,
    options: {
      logger: Logger;
      /** Ends what never finishes by itself (event streams), so that closing the server can complete. */
      beforeClose?: () => void;
      release: () => Promise<void>;
      exit?: (code: number) => void;
    },
  ) {
    const exit = options.exit ?? ((code: number) => process.exit(code));
    const stop = (signal: NodeJS.Signals) => {
      if (this.#stopping) return;
      this.#stopping = true;
      options.logger.info({ signal }, "shutting down: finishing the requests in flight");
      setTimeout(() => {
        options.logger.error("requests still open after the grace time; exiting");
        exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      options.beforeClose?.();
      // Connections that finish their request become idle; close them as they do.
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      server.close(async () => {
        clearInterval(idleSweep);
        await options
          .release()
          .catch((error: unknown) => options.logger.error({ err: error }, "releasing resources failed"));
        options.logger.info("stopped");
        options.logger.flush();
        exit(0);
      });
      server.closeIdleConnections();
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
}
