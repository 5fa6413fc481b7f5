import type { AddressInfo } from "node:net";
import { testFreshness } from "../support/collaborators";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setHoldSeconds } from "~/features/rental/admin.server";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { blockDays } from "~/features/rental/admin.server";
import { holdDay, releaseHold } from "~/features/rental/holds.server";
import { LiveCalendar } from "../../server/live-calendar";
import { createUser } from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

interface Message {
  event: string;
  data: string;
}

/** An open event stream, read as the browser's EventSource would: messages in order, waited for one by one. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const messages: Message[] = [];
  const waiting: (() => void)[] = [];
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trim())
              .join("\n");
          if (field("event")) messages.push({ event: field("event"), data: field("data") });
          waiting.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  return {
    response,
    /** The news of `day` in the next message that has some, within `withinMs`. */
    async newsOf(day: string, withinMs = 2_000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const index = messages.findIndex((message) => message.data.includes(`"${day}"`));
        if (index >= 0) {
          const [message] = messages.splice(index, 1);
          const news = JSON.parse(message!.data) as { day: string; state: string }[];
          return news.filter((entry) => entry.day === day);
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No news of ${day} within ${withinMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
  };
}

describe.each(databaseKinds)("the live calendar on %s", (kind) => {
  let database: TestDatabase;
  let live: LiveCalendar;
  let feed: { stop(): Promise<void> };
  let server: ReturnType<express.Express["listen"]>;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const logger = pino({ level: "silent" });
    live = new LiveCalendar({ db: database.db, logger, batchMs: 20 });
    feed = await testFreshness(database.db).listen({
      database,
      databaseUrl: database.url,
      onDay: (day) => live.dayChanged(day),
    });
    const app = express();
    app.get("/reservation/live", live.handler);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reservation/live`;
  });
  afterAll(async () => {
    live?.close();
    await feed?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await database?.destroy();
  });

  it("tells every open stream of a hold, a release and a blocking within two seconds, without who or where", async () => {
    const [first, second] = [await openStream(url), await openStream(url)];
    try {
      expect(first.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(first.response.headers.get("x-accel-buffering")).toBe("no");
      const booker = await createUser(database.db, { profile: { address: "Hemmelig Vej 7, 8000 Aarhus C" } });
      const day = addDays(todayInCopenhagen(), 10);

      const held = await holdDay(database.db, booker.id, day);
      expect(held.ok).toBe(true);
      for (const stream of [first, second]) {
        const news = await stream.newsOf(day);
        expect(news).toEqual([{ day, state: "held-by-others" }]);
      }

      await releaseHold(database.db, booker.id, held.ok ? held.claimId : "");
      expect(await first.newsOf(day)).toEqual([{ day, state: "free" }]);

      const blocked = addDays(day, 1);
      await blockDays(database.db, { from: blocked, to: blocked }, "Lukket for maling");
      expect(await first.newsOf(blocked)).toEqual([{ day: blocked, state: "blocked" }]);
      expect(live.streamCount).toBe(2);
    } finally {
      first.close();
      second.close();
    }
  });

  it("tells of a hold that runs out, though nothing is written then", async () => {
    const stream = await openStream(url);
    try {
      // Long enough that the news of the hold is told while it still stands, on a slow machine too.
      await setHoldSeconds({ db: database.db, freshness: testFreshness(database.db) }, 3);
      const booker = await createUser(database.db);
      const day = addDays(todayInCopenhagen(), 20);
      expect((await holdDay(database.db, booker.id, day)).ok).toBe(true);
      expect(await stream.newsOf(day)).toEqual([{ day, state: "held-by-others" }]);
      expect(await stream.newsOf(day, 3_000 + 2_000)).toEqual([{ day, state: "free" }]);
    } finally {
      stream.close();
      await setHoldSeconds({ db: database.db, freshness: testFreshness(database.db) }, 15 * 60);
    }
  });

  it("shares the streams fairly: one client address gets four, the fifth is refused, another address still gets one", async () => {
    const fair = new LiveCalendar({ db: database.db, logger: pino({ level: "silent" }) });
    const app = express();
    // As behind the proxy (TRUST_PROXY): the client address is the forwarded one.
    app.set("trust proxy", true);
    app.get("/live", fair.handler);
    const fairServer = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => fairServer.once("listening", resolve));
    const fairUrl = `http://127.0.0.1:${(fairServer.address() as AddressInfo).port}/live`;
    const greedy = { "X-Forwarded-For": "198.51.100.7" };
    const streams = [];
    try {
      for (let count = 0; count < 4; count++) streams.push(await openStream(fairUrl, greedy));
      expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200]);
      const refused = await fetch(fairUrl, { headers: greedy });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("30");
      streams.push(await openStream(fairUrl, { "X-Forwarded-For": "203.0.113.9" }));
      expect(streams.at(-1)!.response.status).toBe(200);
      expect(fair.streamCount).toBe(5);
      // A closed stream gives its address's slot back.
      streams.shift()!.close();
      await expect
        .poll(async () => {
          const again = await openStream(fairUrl, greedy);
          streams.push(again);
          return again.response.status;
        })
        .toBe(200);
    } finally {
      fair.close();
      streams.forEach((stream) => stream.close());
      await new Promise((resolve) => fairServer.close(resolve));
    }
  });

  it("refuses streams beyond its limit and ends the open ones when it closes", async () => {
    const small = new LiveCalendar({ db: database.db, logger: pino({ level: "silent" }), maxStreams: 1 });
    const app = express();
    app.get("/live", small.handler);
    const smallServer = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => smallServer.once("listening", resolve));
    const smallUrl = `http://127.0.0.1:${(smallServer.address() as AddressInfo).port}/live`;
    const open = await openStream(smallUrl);
    try {
      const refused = await fetch(smallUrl);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      small.close();
      expect(small.streamCount).toBe(0);
      expect((await fetch(smallUrl)).status).toBe(503);
    } finally {
      open.close();
      await new Promise((resolve) => smallServer.close(resolve));
    }
  });
});
