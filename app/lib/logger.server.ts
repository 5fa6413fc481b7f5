import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

export type { Logger };

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` (the rest of a request's handling) so that every log line written meanwhile names the request. */
export function runInRequestScope<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

export function createLogger(options: {
  level: string;
  pretty: boolean;
  destination?: pino.DestinationStream;
}): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { requestId: scope.requestId } : {};
      },
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.secret"],
        censor: "[skjult]",
      },
      ...(options.pretty
        ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } }
        : {}),
    },
    ...(options.destination ? [options.destination] : []),
  );
}
