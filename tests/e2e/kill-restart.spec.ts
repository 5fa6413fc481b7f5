import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase, pgliteDirectoryIn, type Database, type DatabaseTarget } from "../../app/db/client.server";
import {
  mediaImages,
  newsletterDeliveries,
  newsletterLetters,
  newsletterSettings,
  newsletterSubscribers,
  queueJobs,
} from "../../app/db/schema";
import { acceptUpload, MEDIA_QUEUE } from "../../app/features/media/library.server";
import { imageFileKeys } from "../../app/features/media/media";
import { diskBackend, Storage } from "../../app/features/storage/storage.server";
import { ADMIN } from "../support/content";
import { withAdminClient } from "../support/postgres-admin";
import { migratedDatabaseTemplate, removeDataDir, startBuiltServer, type RunningServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/*
 * The background work survives a crash (issue 54): the server is killed with SIGKILL, no shutdown at all, in the
 * middle of a newsletter send and of a batch of uploads to encode, on PGlite and on PostgreSQL. The next server goes
 * on where it stopped. On PGlite it frees the dead process's claims at its start; on PostgreSQL, where another
 * instance may be alive, it waits for their leases to run out.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const engines = ["pglite", ...(serverUrl ? ["postgres" as const] : [])] as const;
const basePort = Number(process.env.E2E_KILL_PORT ?? 3222);

/** A data directory and a migrated database of the engine, filled by `prepare` as a running site would have it. */
async function preparedSite(engine: "pglite" | "postgres", prepare: (db: Database, storage: Storage) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "scene-e2e-kill-"));
  let target: DatabaseTarget;
  let databaseName: string | null = null;
  if (engine === "pglite") {
    cpSync(await migratedDatabaseTemplate(), pgliteDirectoryIn(dataDir), { recursive: true });
    target = { kind: "pglite", directory: pgliteDirectoryIn(dataDir) };
  } else {
    databaseName = `scene_kill_${randomBytes(4).toString("hex")}`;
    await withAdminClient(serverUrl!, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    target = { kind: "postgres", url: url.toString() };
  }
  const database = await openDatabase(target);
  try {
    if (engine === "postgres") await database.migrate();
    await prepare(database.db, new Storage(diskBackend(dataDir)));
  } finally {
    await database.close();
  }
  return {
    dataDir,
    env: target.kind === "postgres" ? { DATABASE_URL: target.url } : ({} as Record<string, string>),
    /** Opens the database again, once no server has it. */
    async read<T>(work: (db: Database) => Promise<T>) {
      const reopened = await openDatabase(target);
      try {
        return await work(reopened.db);
      } finally {
        await reopened.close();
      }
    },
    async remove() {
      removeDataDir(dataDir);
      if (databaseName) {
        await withAdminClient(serverUrl!, (client) => client.query(`DROP DATABASE "${databaseName}" WITH (FORCE)`));
      }
    },
  };
}

const SUBSCRIBERS = 300;

/** The bootstrap admin's session cookie on a running server (ADMIN_EMAIL and ADMIN_PASSWORD). */
async function adminCookie(url: string) {
  const answer = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(answer.ok, "the admin signs in").toBe(true);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A message's header, each line unfolded (RFC 5322 folds long ones onto the next). */
const headersOf = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");

/** The servers a test started, killed at its end whatever happened: none outlives its test and holds a port. */
const started: RunningServer[] = [];
const start = async (options: Parameters<typeof startBuiltServer>[0]) => {
  const server = await startBuiltServer(options);
  started.push(server);
  return server;
};
test.afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.kill()));
});

for (const [index, engine] of engines.entries()) {
  test(`a newsletter send killed with SIGKILL goes on after the restart, and each reader gets one message (${engine})`, async () => {
    test.setTimeout(240_000);
    const port = basePort + index * 2;
    const smtp = await startSmtpSink({ keep: true });
    let letterId = "";
    const site = await preparedSite(engine, async (db) => {
      await db.insert(newsletterSubscribers).values(
        Array.from({ length: SUBSCRIBERS }, (_, number) => ({
          email: `fan-${number}@example.dk`,
          status: "subscribed" as const,
          source: "page",
          consentWording: "Ja tak",
          unsubscribeToken: randomBytes(16).toString("base64url"),
          confirmedAt: new Date(),
        })),
      );
      // Fifty a second: six seconds in all, so the kill comes in the middle.
      await db.insert(newsletterSettings).values({ id: 1, messagesPerSecond: 50 });
      const [letter] = await db
        .insert(newsletterLetters)
        .values({
          subject: "Nyt fra scenen",
          blocks: [{ type: "text", html: "<p>Hej</p>" }, { type: "concerts" }],
          status: "scheduled",
          sendAt: new Date(),
        })
        .returning({ id: newsletterLetters.id });
      letterId = letter!.id;
    });
    const env = {
      SMTP_URL: smtp.url,
      SEED_DEMO_CONTENT: "0",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...site.env,
    };
    try {
      const first = await start({ port, dataDir: site.dataDir, env });
      await expect.poll(() => smtp.total(), { timeout: 30_000 }).toBeGreaterThanOrEqual(60);
      await first.kill();
      expect(smtp.total()).toBeLessThan(SUBSCRIBERS);

      const second = await start({ port, dataDir: site.dataDir, env });
      try {
        // Done as the admin's page says it: what the kill cut off goes again once its lease has run out.
        const cookie = await adminCookie(second.url);
        await expect
          .poll(
            async () => {
              const page = await fetch(`${second.url}/admin/nyhedsbrev/breve/${letterId}`, { headers: { cookie } });
              return (await page.text()).includes("Færdig");
            },
            { timeout: 150_000, intervals: [500] },
          )
          .toBe(true);
      } finally {
        await second.stop();
      }
      const [letter, deliveries] = await site.read(async (db) => [
        (await db.select().from(newsletterLetters))[0]!,
        await db.select().from(newsletterDeliveries),
      ]);
      expect(letter.status).toBe("sent");
      expect(deliveries.filter((delivery) => delivery.status === "sent")).toHaveLength(SUBSCRIBERS);

      // SMTP gives no way to make the mail server's "taken" and the database's "sent" one act: a message handed over
      // in the moment of the kill goes again. It goes under its one Message-ID, so the reader's mail shows it once;
      // no reader has two different messages, and no more went twice than the one second the kill cut off.
      const messageIds = new Map<string, Set<string>>();
      for (const message of smtp.messages) {
        const id = headersOf(message.raw).match(/^Message-ID: (<[^>]+>)/im)?.[1] ?? "(none)";
        for (const to of message.to) messageIds.set(to, (messageIds.get(to) ?? new Set()).add(id));
      }
      expect(messageIds.size).toBe(SUBSCRIBERS);
      expect([...messageIds.values()].every((ids) => ids.size === 1)).toBe(true);
      expect(smtp.total() - SUBSCRIBERS).toBeLessThanOrEqual(50);

      // Each message as the mail server got it: the one-click headers, its own Message-ID, a date, text and HTML.
      const [message] = smtp.messages;
      const headers = headersOf(message!.raw);
      expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/nyhedsbrev\/afmeld\/[\w-]{22}>/m);
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(headers).toMatch(/^Message-ID: <[0-9a-f-]{36}\.[0-9a-f-]{36}@127\.0\.0\.1>/m);
      expect(headers).toMatch(/^Date: /m);
      expect(message!.raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(message!.raw).toMatch(/Content-Type: text\/plain/);
      expect(message!.raw).toMatch(/Content-Type: text\/html/);
    } finally {
      await smtp.close();
      await site.remove();
    }
  });

  test(`a batch of uploads killed with SIGKILL while encoding is finished after the restart, each image once (${engine})`, async () => {
    test.setTimeout(240_000);
    const port = basePort + index * 2 + 1;
    const IMAGES = 6;
    const ids: string[] = [];
    const site = await preparedSite(engine, async (db, storage) => {
      for (let number = 0; number < IMAGES; number++) {
        // Noise encodes slowly: a batch takes seconds, so the kill comes in the middle.
        const photo = await sharp({
          create: {
            width: 2400,
            height: 1600,
            channels: 3,
            background: "#808080",
            noise: { type: "gaussian", mean: 128, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer();
        const file = new File([new Uint8Array(photo)], `koncert-${number}.jpg`, { type: "image/jpeg" });
        const accepted = await acceptUpload({ db, storage }, file, { userId: null });
        if (!accepted.ok) throw new Error(accepted.message);
        ids.push(accepted.id);
      }
    });
    const filesIn = (bucket: string) => {
      const folder = path.join(site.dataDir, "storage", bucket);
      return existsSync(folder) ? readdirSync(folder) : [];
    };
    const encodedPictures = () => filesIn("media").filter((name) => /^\d+-[0-9a-f]{32}\.webp$/.test(name)).length;
    const rawUploadsLeft = () => filesIn("incoming").length;
    const env = { SEED_DEMO_CONTENT: "0", PUBLIC_URL: `http://127.0.0.1:${port}`, ...site.env };
    try {
      const first = await start({ port, dataDir: site.dataDir, env });
      await expect.poll(encodedPictures, { timeout: 60_000, intervals: [50] }).toBeGreaterThan(0);
      await first.kill();
      expect(rawUploadsLeft()).toBeGreaterThan(0);

      const second = await start({ port, dataDir: site.dataDir, env });
      try {
        await expect.poll(rawUploadsLeft, { timeout: 150_000 }).toBe(0);
      } finally {
        await second.stop();
      }
      const { rows, jobs } = await site.read(async (db) => ({
        rows: await db.select().from(mediaImages),
        jobs: await db.select().from(queueJobs).where(eq(queueJobs.queue, MEDIA_QUEUE)),
      }));
      expect(rows.map((row) => row.id).toSorted()).toEqual(ids.toSorted());
      expect(rows.every((row) => row.status === "ready" && row.image !== null)).toBe(true);
      const storage = new Storage(diskBackend(site.dataDir));
      for (const row of rows) {
        for (const key of imageFileKeys(row.image!)) expect(await storage.read(key), key).not.toBeNull();
      }
      expect(jobs).toHaveLength(IMAGES);
      expect(jobs.every((job) => job.doneAt !== null)).toBe(true);
      // Each image was encoded into the library once; the kill may have cut off one encoding as it wrote its files.
      expect(encodedPictures() - IMAGES).toBeLessThanOrEqual(1);
    } finally {
      await site.remove();
    }
  });
}
