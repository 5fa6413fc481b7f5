import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requestLogging } from "./request-logging";
import { eventually } from "../tests/support/eventually";

let close: (() => void) | undefined;
afterEach(() => close?.());

async function appWith(logger: pino.Logger) {
  const app = express();
  app.use(requestLogging(logger));
  app.get("/stille", (_req, res) => void res.send("ok"));
  app.get("/logger", (_req, res) => {
    (res.locals.logger as pino.Logger).warn("noget at sige");
    (res.locals.logger as pino.Logger).warn("og mere");
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("request logging", () => {
  it("logs every request with its id, and makes the request's own logger only for a request that logs", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const child = vi.spyOn(logger, "child");
    const base = await appWith(logger);

    const quiet = await fetch(`${base}/stille`);
    expect(quiet.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(() => expect(lines).toHaveLength(1));
    expect(child).not.toHaveBeenCalled();

    const talking = await fetch(`${base}/logger`);
    await eventually(() => expect(lines).toHaveLength(4));
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ path: "/logger" });
    expect(lines.filter((line) => line.msg === "noget at sige" || line.msg === "og mere")).toEqual([
      expect.objectContaining({ path: "/logger" }),
      expect.objectContaining({ path: "/logger" }),
    ]);
    expect(lines.filter((line) => line.msg === "request")).toEqual([
      expect.objectContaining({ requestId: quiet.headers.get("x-request-id"), path: "/stille", status: 200 }),
      expect.objectContaining({ requestId: talking.headers.get("x-request-id"), path: "/logger", status: 200 }),
    ]);
  });
});
