import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { addDays, todayInCopenhagen } from "../../app/lib/days";
import { ADMIN } from "../support/content";
import { startS3 } from "../support/s3";
import { removeDataDir, startBuiltServer, type RunningServer } from "../support/server";
import { signUpThroughApi } from "../support/sign-up";
import { uniqueClientAddress } from "../support/test";

const serverUrl = process.env.TEST_DATABASE_URL;
const [portOne, portTwo] = [Number(process.env.E2E_SCALE_PORT ?? 3214), Number(process.env.E2E_SCALE_PORT ?? 3214) + 1];

async function onServer(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function signUp(request: APIRequestContext, base: string, name: string, servers: RunningServer[]) {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.dk`;
  const { id } = await signUpThroughApi(
    request,
    { name, email },
    { base, dataDirs: servers.map((server) => server.dataDir) },
  );
  return id;
}

test.skip(!serverUrl, "needs PostgreSQL through TEST_DATABASE_URL, which .ci/run sets");

test("two instances on one PostgreSQL and one S3 store, without sticky sessions, act as one site", async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const s3 = await startS3();
  const databaseName = `scene_scale_${randomBytes(4).toString("hex")}`;
  await onServer((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const databaseUrl = new URL(serverUrl!);
  databaseUrl.pathname = `/${databaseName}`;
  const shared = {
    DATABASE_URL: databaseUrl.toString(),
    S3_ENDPOINT: s3.settings.endpoint,
    S3_BUCKET: s3.settings.bucket,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    AUTH_SECRET: randomBytes(48).toString("base64url"),
    PUBLIC_URL: `http://127.0.0.1:${portOne}`,
    TRUST_PROXY: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO_CONTENT: "0",
    // Long enough that only the other instance's notice, not the clock, can empty the cache in this test.
    PAGE_CACHE_SECONDS: "600",
  };
  const servers: RunningServer[] = [];
  const contexts: APIRequestContext[] = [];
  const client = async (headers: Record<string, string> = {}) => {
    const context = await playwright.request.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress(), ...headers },
    });
    contexts.push(context);
    return context;
  };
  try {
    servers.push(await startBuiltServer({ port: portOne, env: shared }));
    servers.push(await startBuiltServer({ port: portTwo, env: shared }));
    const [one, two] = servers.map((server) => server.url) as [string, string];

    // A session made on one instance works on the other.
    const anna = await client();
    const annaId = await signUp(anna, one, "Anna Eta", servers);
    expect((await anna.get(`${two}/bruger`, { maxRedirects: 0 })).status()).toBe(200);

    // A day held on one instance is taken on the other.
    const day = addDays(todayInCopenhagen(), 60);
    expect(await (await anna.post(`${one}/reservation`, { form: { day } })).text()).toContain(
      "Dagen er lagt i din kurv",
    );
    const bo = await client();
    await signUp(bo, two, "Bo To", servers);
    const refused = await (await bo.post(`${two}/reservation`, { form: { day } })).text();
    expect(refused).toContain("Dagen er optaget lige nu");
    expect(refused).not.toContain("Dagen er lagt i din kurv");

    // A file uploaded through one instance is served by the other.
    const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#a13a12" } })
      .png()
      .toBuffer();
    const upload = await anna.post(`${one}/bruger/update`, {
      multipart: { intent: "avatar", avatar: { name: "mig.png", mimeType: "image/png", buffer: picture } },
      maxRedirects: 0,
    });
    expect(upload.status()).toBeLessThan(400);
    const profile = (await (await anna.get(`${two}/api/prisma/get-profile/${annaId}`)).json()) as {
      data: { avatar_url: string | null };
    };
    expect(profile.data.avatar_url).toMatch(/^\/storage\/v1\/object\/public\/users\//);
    const avatar = await anna.get(`${two}${profile.data.avatar_url}`);
    expect(avatar.status()).toBe(200);
    expect(avatar.headers()["content-type"]).toBe("image/webp");

    // The sign-in limit counts one address's attempts on both instances together.
    const guesser = await client();
    const wrong = { email: "ingen@example.dk", password: "forkert-kode-123" };
    for (const base of [one, two, one, two, one]) {
      expect((await guesser.post(`${base}/api/auth/sign-in/email`, { data: wrong })).status()).toBe(401);
    }
    expect((await guesser.post(`${two}/api/auth/sign-in/email`, { data: wrong })).status()).toBe(429);

    // What the admin publishes on one instance reaches visitors of the other at once.
    const visitor = await playwright.request.newContext();
    contexts.push(visitor);
    await expect.poll(async () => (await visitor.get(`${two}/videoer`)).headers()["x-page-cache"]).toBe("hit");
    const admin = await client();
    expect((await admin.post(`${one}/api/auth/sign-in/email`, { data: ADMIN })).ok()).toBe(true);
    const title = `Skaleret video ${Date.now()}`;
    const created = await admin.post(`${one}/youtube/create`, {
      multipart: { youtube_title: title, youtube_link: "https://youtu.be/aqz-KE-bpKQ", published: "on" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    await expect
      .poll(async () => (await (await visitor.get(`${two}/videoer`)).text()).includes(title), { timeout: 5_000 })
      .toBe(true);
  } finally {
    await Promise.all(contexts.map((context) => context.dispose()));
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
    await s3.stop();
    await onServer((pgClient) => pgClient.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  }
});
