import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    base: undefined,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.secret"], censor: "[skjult]" },
    ...(options.pretty
      ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } }
      : {}),
  });
}

const holder = globalThis as typeof globalThis & { __sceneLogger?: Logger };

export function setLogger(logger: Logger) {
  holder.__sceneLogger = logger;
}

/** The process logger; a silent one until the server has set it (e.g. in unit tests). */
export function getLogger(): Logger {
  holder.__sceneLogger ??= pino({ level: "silent" });
  return holder.__sceneLogger;
}
