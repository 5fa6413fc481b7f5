import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openDatabase, pgliteDirectoryIn } from "../../app/db/client.server";
import {
  newsletterDeliveries,
  newsletterLetters,
  newsletterSettings,
  newsletterSubscribers,
} from "../../app/db/schema";
import { migratedDatabaseTemplate, removeDataDir, startBuiltServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

const port = Number(process.env.E2E_NEWSLETTER_PORT ?? 3222);
const SUBSCRIBERS = 300;

/** A data directory with a migrated database, the list and a letter due now, as a running site would have them. */
async function siteWithALetterDue() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "scene-e2e-newsletter-"));
  cpSync(await migratedDatabaseTemplate(), pgliteDirectoryIn(dataDir), { recursive: true });
  const database = await openDatabase({ kind: "pglite", directory: pgliteDirectoryIn(dataDir) });
  try {
    await database.db.insert(newsletterSubscribers).values(
      Array.from({ length: SUBSCRIBERS }, (_, index) => ({
        email: `fan-${index}@example.dk`,
        status: "subscribed" as const,
        source: "page",
        consentWording: "Ja tak",
        unsubscribeToken: randomBytes(16).toString("base64url"),
        confirmedAt: new Date(),
      })),
    );
    // Fifty a second: six seconds in all, so the stop comes in the middle.
    await database.db.insert(newsletterSettings).values({ id: 1, messagesPerSecond: 50 });
    await database.db.insert(newsletterLetters).values({
      subject: "Nyt fra scenen",
      blocks: [{ type: "text", html: "<p>Hej</p>" }, { type: "concerts" }],
      status: "scheduled",
      sendAt: new Date(),
    });
  } finally {
    await database.close();
  }
  return dataDir;
}

test("a server stopped in the middle of a send goes on after its restart, and nobody gets the letter twice", async () => {
  test.setTimeout(180_000);
  const smtp = await startSmtpSink({ keep: true });
  const dataDir = await siteWithALetterDue();
  const env = { SMTP_URL: smtp.url, SEED_DEMO_CONTENT: "0", PUBLIC_URL: `http://127.0.0.1:${port}` };
  try {
    const first = await startBuiltServer({ port, dataDir, env });
    await expect.poll(() => smtp.total(), { timeout: 30_000 }).toBeGreaterThanOrEqual(60);
    await first.stop();
    expect(await first.exited).toBe(0);
    const beforeRestart = smtp.total();
    expect(beforeRestart).toBeLessThan(SUBSCRIBERS);

    const second = await startBuiltServer({ port, dataDir, env });
    try {
      await expect.poll(() => smtp.total(), { timeout: 60_000 }).toBe(SUBSCRIBERS);
    } finally {
      await second.stop();
    }
    // Everyone once; the letter is done, with nothing left in its queue that could still go out.
    expect(smtp.counts.size).toBe(SUBSCRIBERS);
    expect([...smtp.counts.values()].every((count) => count === 1)).toBe(true);
    const database = await openDatabase({ kind: "pglite", directory: pgliteDirectoryIn(dataDir) });
    try {
      const [letter] = await database.db.select().from(newsletterLetters);
      expect(letter!.status).toBe("sent");
      const deliveries = await database.db.select().from(newsletterDeliveries);
      expect(deliveries.filter((delivery) => delivery.status === "sent")).toHaveLength(SUBSCRIBERS);
    } finally {
      await database.close();
    }

    // Each message as the mail server got it: the one-click headers, its own Message-ID, a date, text and HTML.
    const [message] = smtp.messages;
    // Long header lines are folded onto the next (RFC 5322): unfolded, each is one line.
    const headers = message!.raw.slice(0, message!.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/nyhedsbrev\/afmeld\/[\w-]{22}>/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(headers).toMatch(/^Message-ID: <[0-9a-f-]{36}\.[0-9a-f-]{36}@127\.0\.0\.1>/m);
    expect(headers).toMatch(/^Date: /m);
    expect(message!.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(message!.raw).toMatch(/Content-Type: text\/plain/);
    expect(message!.raw).toMatch(/Content-Type: text\/html/);
  } finally {
    await smtp.close();
    removeDataDir(dataDir);
  }
});
