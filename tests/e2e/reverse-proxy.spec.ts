import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { connect as connectHttp2 } from "node:http2";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import {
  createSelfSignedCertificate,
  findNginx,
  renderSiteConfig,
  startNginx,
  type RunningNginx,
} from "../support/nginx";
import { removeDataDir, startBuiltServer } from "../support/server";
import { signUpThroughApi } from "../support/sign-up";

const appPort = Number(process.env.E2E_PROXY_APP_PORT ?? 3420);
const ports = { app: appPort, http: appPort + 1, https: appPort + 2 };
const origin = `https://localhost:${ports.https}`;
const nginx = findNginx();

test("deploy/nginx.conf: HTTPS with HTTP/2, HSTS, secure cookies, uploads and the real client address", async ({
  playwright,
}) => {
  test.skip(!nginx, "nginx is not installed (apt-get install nginx; .ci/run installs it)");
  test.setTimeout(90_000);
  const server = await startBuiltServer({
    port: ports.app,
    env: { NODE_ENV: "production", TRUST_PROXY: "1", PUBLIC_URL: origin },
  });
  const directory = mkdtempSync(path.join(tmpdir(), "scene-nginx-"));
  let proxy: RunningNginx | undefined;
  const client = await playwright.request.newContext({
    baseURL: origin,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { Origin: origin },
  });
  try {
    const { certificate, key } = createSelfSignedCertificate(directory, "localhost");
    const siteConfig = renderSiteConfig({ ports, certificate, key, accessLog: path.join(directory, "access.log") });
    proxy = await startNginx({ executable: nginx!, directory, siteConfig, readyPort: ports.https });

    await test.step("plain HTTP is sent to HTTPS", async () => {
      const plain = await client.get(`http://localhost:${ports.http}/priser?fra=plakat`, { maxRedirects: 0 });
      expect(plain.status()).toBe(301);
      expect(plain.headers()["location"]).toBe("https://localhost/priser?fra=plakat");
    });

    await test.step("HTTPS speaks HTTP/2 and reaches the app", async () => {
      expect(await http2Status(`${origin}/healthz`)).toBe(200);
      const health = await client.get("/healthz");
      expect(await health.json()).toMatchObject({ status: "ok", db: "ok" });
    });

    await test.step("pages carry the app's HTTPS headers and a fresh nonce each time", async () => {
      const nonces = [];
      for (let visit = 0; visit < 2; visit++) {
        const page = await client.get("/");
        expect(page.status()).toBe(200);
        const headers = page.headers();
        expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
        expect(headers["content-security-policy"]).toContain("upgrade-insecure-requests");
        expect(headers["x-frame-options"]).toBe("DENY");
        const nonce = headers["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
        expect(await page.text()).toContain(`nonce="${nonce}"`);
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    });

    await test.step("hashed assets keep the app's year-long cache", async () => {
      const html = await (await client.get("/")).text();
      const script = html.match(/"(\/assets\/[^"]+\.js)"/)?.[1];
      expect(script).toBeTruthy();
      const asset = await client.get(script!);
      expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
    });

    await test.step("the session cookie is Secure and __Secure- prefixed", async () => {
      const { verified } = await signUpThroughApi(
        client,
        { name: "Nina Nginx", email: "nina@example.dk" },
        { dataDirs: [server.dataDir] },
      );
      const sessionCookie = verified
        .headersArray()
        .filter((header) => header.name.toLowerCase() === "set-cookie")
        .map((header) => header.value)
        .find((cookie) => cookie.startsWith("__Secure-scene.session_token="));
      expect(sessionCookie).toMatch(/; Secure/i);
    });

    await test.step("an upload of several megabytes passes; a body over the limit stops at nginx", async () => {
      const photo = await noisePhoto();
      expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
      const upload = await client.post("/bruger/update", {
        multipart: { intent: "avatar", avatar: { name: "portraet.png", mimeType: "image/png", buffer: photo } },
        maxRedirects: 0,
      });
      expect(upload.status()).toBe(302);
      const avatar = (await (await client.get("/bruger/update")).text()).match(
        /src="(\/storage\/v1\/object\/public\/users\/[^"]+)"/,
      )?.[1];
      expect(avatar).toBeTruthy();
      expect((await client.get(avatar!)).headers()["content-type"]).toBe("image/webp");

      const oversized = await answerToDeclaredBody(`${origin}/bruger/update`, 102 * 1024 * 1024);
      expect(oversized.statusCode).toBe(413);
      expect(oversized.headers["x-request-id"], "answered by nginx, not the app").toBeUndefined();
    });

    await test.step("the live calendar's event stream passes through as it comes, not buffered", async () => {
      const { response, firstChunk } = await firstChunkOf(`${origin}/reservation/live`);
      expect(response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(firstChunk).toContain("retry: 3000");
    });

    await test.step("one client gets four event streams; nginx refuses the fifth with 429", async () => {
      // A stream just closed (the step before, or the last try) frees its slot once nginx has seen it go.
      await expect
        .poll(async () => {
          const streams: Awaited<ReturnType<typeof openThroughProxy>>[] = [];
          try {
            for (let count = 0; count < 5; count++) streams.push(await openThroughProxy(`${origin}/reservation/live`));
            return streams.map((stream) => `${stream.status}${stream.byApp ? "" : " nginx"}`);
          } finally {
            streams.forEach((stream) => stream.close());
          }
        })
        .toEqual(["200", "200", "200", "200", "429 nginx"]);
    });

    await test.step("a forged X-Forwarded-For is replaced: sign-in attempts count against the real address", async () => {
      const statuses = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        const signIn = await client.post("/api/auth/sign-in/email", {
          data: { email: "nina@example.dk", password: "forkert-kode-123" },
          headers: { "X-Forwarded-For": `203.0.113.${attempt}` },
        });
        statuses.push(signIn.status());
      }
      // Five tries a minute per address (app/features/accounts/auth.server.ts).
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // nginx always says whom it forwards, so the loopback-only /metrics stays closed through it.
      expect((await client.get("/metrics")).status()).toBe(401);
    });
  } catch (error) {
    if (proxy) console.error(`nginx's error log:\n${proxy.errorLog()}`);
    throw error;
  } finally {
    await client.dispose();
    await proxy?.stop();
    await server.stop();
    removeDataDir(server.dataDir);
    rmSync(directory, { recursive: true, force: true });
  }
});

/** A PNG of random pixels: it does not compress, so a small picture is a large upload. */
function noisePhoto() {
  return sharp({
    create: {
      width: 1000,
      height: 1000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 64 },
    },
  })
    .png()
    .toBuffer();
}

function http2Status(url: string) {
  return new Promise<number>((resolve, reject) => {
    const session = connectHttp2(new URL(url).origin, { rejectUnauthorized: false });
    session.once("error", reject);
    const stream = session.request({ ":path": new URL(url).pathname });
    stream.once("response", (headers) => {
      resolve(Number(headers[":status"]));
      session.close();
    });
    stream.once("error", reject);
    stream.end();
  });
}

/** Announces a body of `bytes` without sending it: nginx judges the Content-Length before reading any. */
/** The response of a stream that never ends and its first bytes, which must arrive within 2 s. */
function firstChunkOf(url: string) {
  return new Promise<{ response: IncomingMessage; firstChunk: string }>((resolve, reject) => {
    const request = httpsRequest(url, { rejectUnauthorized: false, timeout: 2_000 });
    request.once("response", (response) => {
      response.once("data", (chunk: Buffer) => {
        resolve({ response, firstChunk: chunk.toString("utf8") });
        request.destroy();
      });
    });
    request.once("timeout", () => reject(new Error(`nothing from ${url} within 2 s`)));
    request.once("error", reject);
    request.end();
  });
}

/** A request of its own (a connection of its own) that stays open until closed; whether the app answered it. */
function openThroughProxy(url: string) {
  return new Promise<{ status: number; byApp: boolean; close(): void }>((resolve, reject) => {
    const request = httpsRequest(url, { rejectUnauthorized: false, agent: false, timeout: 5_000 });
    request.once("response", (response) =>
      resolve({
        status: response.statusCode!,
        byApp: response.headers["x-request-id"] !== undefined,
        close: () => request.destroy(),
      }),
    );
    request.once("timeout", () => reject(new Error(`no answer from ${url} within 5 s`)));
    request.once("error", reject);
    request.end();
  });
}

function answerToDeclaredBody(url: string, bytes: number) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpsRequest(url, {
      method: "POST",
      rejectUnauthorized: false,
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(bytes), Origin: origin },
    });
    request.once("response", (response) => {
      resolve(response);
      request.destroy();
    });
    request.once("error", reject);
    request.flushHeaders();
  });
}
