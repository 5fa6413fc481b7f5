import { describe, expect, it } from "vitest";
import { createLogger, runInRequestScope } from "./logger.server";

function capturedLogger() {
  const lines: string[] = [];
  const logger = createLogger({
    level: "info",
    pretty: false,
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { logger, lines };
}

describe("createLogger", () => {
  it("names the request on every line written while it is handled, also after awaiting", async () => {
    const { logger, lines } = capturedLogger();
    await runInRequestScope("request-1", async () => {
      logger.info("first");
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.child({ path: "/musik" }).warn({ requestId: "request-1" }, "later, in a child logger");
    });
    logger.info("outside any request");

    const entries = lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string });
    expect(entries.map((entry) => [entry.msg, entry.requestId])).toEqual([
      ["first", "request-1"],
      ["later, in a child logger", "request-1"],
      ["outside any request", undefined],
    ]);
    expect(lines[1]!.match(/"requestId"/g)).toHaveLength(1);
  });

  it("hides passwords and cookies", () => {
    const { logger, lines } = capturedLogger();
    logger.info(
      { body: { password: "Hemmelig-2026" }, req: { headers: { cookie: "scene.session_token=x" } } },
      "sign-in",
    );
    expect(lines[0]).not.toContain("Hemmelig");
    expect(lines[0]).not.toContain("session_token");
  });
});
