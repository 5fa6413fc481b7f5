import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { removeDataDir, startBuiltServer } from "../support/server";
import { visit } from "../support/visit";

const port = Number(process.env.E2E_SENTRY_PORT ?? 3216);

/** Stands in for Sentry: keeps the text of every envelope posted to it. */
async function startReceiver() {
  const envelopes: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
      response.writeHead(200, { "Access-Control-Allow-Origin": "*", "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    envelopes,
    port: (server.address() as AddressInfo).port,
    // The page's SDK keeps its keep-alive connection open: end it too, or close() waits for the browser.
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

test("without SENTRY_DSN the browser gets no reporting SDK and nothing leaves the machine", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await visit(page, "/priser");
  await expect(page.locator('meta[name="error-reporting"]')).toHaveCount(0);
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
});

test("with SENTRY_DSN, a server error and a browser error arrive, with the request id and no personal data", async ({
  page,
}) => {
  test.setTimeout(120_000); // a server of its own: a new PGlite database, migrated at start
  const receiver = await startReceiver();
  const server = await startBuiltServer({
    port,
    env: {
      SENTRY_DSN: `http://offentlignoegle@127.0.0.1:${receiver.port}/1`,
      ENABLE_TEST_ROUTES: "1",
      SEED_DEMO_CONTENT: "0",
    },
  });
  try {
    const failed = await fetch(`${server.url}/_test/fejl?email=ane@example.dk`, {
      headers: { Cookie: "scene.session_token=hemmelig-session" },
    });
    expect(failed.status).toBe(500);
    const requestId = failed.headers.get("x-request-id")!;
    await expect
      .poll(() => receiver.envelopes.find((envelope) => envelope.includes("Forced test error")) ?? "")
      .toContain(requestId);
    const serverReport = receiver.envelopes.find((envelope) => envelope.includes("Forced test error"))!;
    expect(serverReport).not.toContain("hemmelig-session");
    expect(serverReport).not.toContain("ane@example.dk");

    await page.goto(`${server.url}/priser`);
    await expect(page.locator('meta[name="error-reporting"]')).toHaveCount(1);
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType("resource").some((entry) => entry.name.includes("browser-sdk")),
        ),
      )
      .toBe(true);
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error("Browserfejl til test");
      }),
    );
    await expect
      .poll(() => receiver.envelopes.some((envelope) => envelope.includes("Browserfejl til test")))
      .toBe(true);
  } finally {
    await page.close();
    await server.stop();
    removeDataDir(server.dataDir);
    await receiver.close();
  }
});
