import type { AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { queuePage, secondsBeforeAskingAgain, ticketWaitingRoom } from "./ticket-waiting-room";

const CONCERT = "6f1c2b9e-0000-4000-8000-000000000001";
const buying = `/koncerter/${CONCERT}/billetter`;

let close: (() => void) | undefined;
afterEach(() => close?.());

/**
 * The waiting room in front of a stand-in for React Router, whose answers the test releases one by one (`release`),
 * recording the order the buyers' forms reached it (`reached`, by their `navn`).
 */
async function room(
  options: {
    soldOut?: () => boolean;
    firstAnswerMs?: number;
    placesPerAddress?: number;
    heldWithin?: number;
    longPollMs?: number;
    now?: () => number;
    answer?: (name: string) => Response;
  } = {},
) {
  const reached: string[] = [];
  const waiting: (() => void)[] = [];
  let arrived: () => void = () => {};
  const app = express();
  app.set("trust proxy", "loopback");
  let nonces = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce as string}'`);
    next();
  });
  app.use((req, res, next) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      res.locals.requestBody = Buffer.concat(chunks);
      next();
    });
  });
  const room = ticketWaitingRoom({
    async respond(request) {
      const name = new URLSearchParams(await request.text()).get("navn") ?? "";
      reached.push(name);
      arrived();
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (options.answer) return options.answer(name);
      return new Response(null, { status: 302, headers: { Location: `/billetter/ordre/${name}` } });
    },
    contextOf: () => new RouterContextProvider(),
    soldOut: options.soldOut ?? (() => false),
    concurrency: 1,
    firstAnswerMs: options.firstAnswerMs ?? 50,
    longPollMs: options.longPollMs ?? 50,
    heldWithin: options.heldWithin,
    now: options.now,
    busiest: 1,
    placesPerAddress: options.placesPerAddress ?? 3,
  });
  app.use(room.placeStatus, room.handler);
  app.use((_req, res) => void res.status(404).end());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    reached,
    /** Lets the oldest answer under way go. */
    release: () => waiting.shift()?.(),
    /** Resolves when the next form reaches React Router. */
    nextArrival: () => new Promise<void>((resolve) => (arrived = resolve)),
    buy: (name: string, address = "10.0.0.1", path = buying) =>
      fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
        body: new URLSearchParams({ navn: name }),
      }),
  };
}

const placeCookie = (response: Response) => response.headers.get("set-cookie")!.split(";")[0]!;

describe("when a buyer far back in the line asks again", () => {
  it.each([
    { ahead: 0, pace: 40, heldWithin: 100, seconds: null, why: "at the front: the question is held open" },
    { ahead: 100, pace: 40, heldWithin: 100, seconds: null, why: "just near enough" },
    { ahead: 101, pace: 40, heldWithin: 100, seconds: 1, why: "one place too far: the shortest wait" },
    { ahead: 300, pace: 40, heldWithin: 100, seconds: 5, why: "200 places at 40 a second" },
    { ahead: 2900, pace: 40, heldWithin: 100, seconds: 10, why: "far back: never more than 10 s" },
    { ahead: 500, pace: 0, heldWithin: 100, seconds: 1, why: "no turn finished yet: soon, to learn the pace" },
    { ahead: 130, pace: 7, heldWithin: 100, seconds: 5, why: "rounded up" },
  ])("$why", ({ ahead, pace, heldWithin, seconds }) => {
    expect(secondsBeforeAskingAgain(ahead, pace, heldWithin)).toBe(seconds);
  });
});

describe("the ticket sale's waiting room", () => {
  it("passes a form straight through when its answer comes in time", async () => {
    const { buy, release, nextArrival } = await room({ firstAnswerMs: 5_000 });
    const arrival = nextArrival();
    const answer = buy("fan-1");
    await arrival;
    release();
    const response = await answer;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/billetter/ordre/fan-1");
  });

  it("gives a place in the queue at once to a buyer whose turn has not come, and serves the turns in order of arrival", async () => {
    const { base, buy, release, reached, nextArrival } = await room();
    const firstArrival = nextArrival();
    const places = [await buy("fan-1")];
    await firstArrival;
    for (const name of ["fan-2", "fan-3", "fan-4"]) places.push(await buy(name, `10.0.0.${name.at(-1)}`));
    for (const place of places) {
      expect(place.status).toBe(303);
      expect(place.headers.get("location")).toBe(queuePage(CONCERT));
      expect(place.headers.get("set-cookie")).toMatch(
        /billetkoe=[\w-]{22}; Max-Age=\d+; Path=\/koncerter\/[\w-]+\/billetter\/koe\/;.*HttpOnly/,
      );
    }
    const status = (place: Response) =>
      fetch(`${base}${queuePage(CONCERT)}/status`, { headers: { cookie: placeCookie(place) } }).then(
        (response) => response.json() as Promise<{ klar: boolean; foran: number }>,
      );
    expect(await status(places[3]!)).toEqual({ klar: false, foran: 2 });
    for (let turn = 0; turn < 4; turn++) {
      const next = turn < 3 ? nextArrival() : Promise.resolve();
      release();
      await next;
    }
    expect(reached).toEqual(["fan-1", "fan-2", "fan-3", "fan-4"]);
    expect(await status(places[3]!)).toMatchObject({ klar: true });
    const answer = await fetch(`${base}${queuePage(CONCERT)}/svar`, {
      redirect: "manual",
      headers: { cookie: placeCookie(places[3]!) },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/billetter/ordre/fan-4");
    // What was rendered for fan 4's form (the fourth request) runs under the answer's policy.
    expect(answer.headers.get("content-security-policy")).toBe("script-src 'nonce-nonce4'");
    // The answer is given once; the place is forgotten.
    const again = await fetch(`${base}${queuePage(CONCERT)}/svar`, {
      redirect: "manual",
      headers: { cookie: placeCookie(places[3]!) },
    });
    expect(again.headers.get("location")).toBe(buying);
  });

  it("sends a turn back to the buying page without running it when the concert is sold out", async () => {
    const { buy, reached } = await room({ soldOut: () => true, firstAnswerMs: 5_000 });
    const response = await buy("fan-1");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(buying);
    expect(reached).toEqual([]);
  });

  it("refuses, in Danish, more places at once from one address", async () => {
    const { buy, nextArrival } = await room({ placesPerAddress: 2 });
    const arrival = nextArrival();
    expect((await buy("fan-1")).status).toBe(303);
    await arrival;
    expect((await buy("fan-2")).status).toBe(303);
    const refused = await buy("fan-3");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe("Der er mange i kø fra din forbindelse. Vent et minut, og prøv igen.");
  });

  it("holds a question open near the front of the line, and tells a buyer further back when to ask again", async () => {
    let clock = 0;
    const { base, buy, release, nextArrival } = await room({ heldWithin: 0, longPollMs: 10_000, now: () => clock });
    const arrival = nextArrival();
    const places = [await buy("fan-1")];
    await arrival;
    for (const name of ["fan-2", "fan-3", "fan-4"]) places.push(await buy(name, `10.0.3.${name.at(-1)}`));
    const ask = (place: Response) =>
      fetch(`${base}${queuePage(CONCERT)}/status?vent=1`, { headers: { cookie: placeCookie(place) } }).then(
        (response) => response.json() as Promise<{ klar: boolean; foran: number; igen?: number }>,
      );
    // No turn has finished yet: the pace is unknown, so the far one asks again in a second.
    expect(await ask(places[3]!)).toEqual({ klar: false, foran: 2, igen: 1 });
    // fan-2, next in line, is near enough: its question is held open until its own turn is done.
    const held = ask(places[1]!);
    const secondNext = nextArrival();
    clock = 1_000;
    release();
    await secondNext;
    // One turn done in a second: fan-4, one place from the front, is told to wait one place's time.
    expect(await ask(places[3]!)).toEqual({ klar: false, foran: 1, igen: 1 });
    const thirdNext = nextArrival();
    release();
    await thirdNext;
    const answered = await held;
    expect(answered).toMatchObject({ foran: 0 });
    expect(answered.igen).toBeUndefined();
    const fourthNext = nextArrival();
    release();
    await fourthNext;
    release();
  });

  it("answers a status or answer request without a place of its own by sending it to the buying page", async () => {
    const { base } = await room();
    const status = await fetch(`${base}${queuePage(CONCERT)}/status`, { headers: { cookie: "billetkoe=gaet" } });
    expect(await status.json()).toEqual({ klar: true });
    const answer = await fetch(`${base}${queuePage(CONCERT)}/svar`, { redirect: "manual" });
    expect(answer.headers.get("location")).toBe(buying);
  });

  it("lets no spelling of the form's address skip the line", async () => {
    const { buy, reached, release, nextArrival } = await room();
    const arrival = nextArrival();
    expect((await buy("fan-1")).status).toBe(303);
    await arrival;
    for (const [index, path] of [`${buying.toUpperCase()}/`, buying.replace("billetter", "%62illetter")].entries()) {
      const place = await buy(`fan-${index + 2}`, `10.0.1.${index}`, path);
      expect(place.status).toBe(303);
      expect(place.headers.get("location")).toBe(queuePage(CONCERT));
    }
    expect(reached).toEqual(["fan-1"]);
    release();
  });

  it("serves a refusal at the buying page's address, and a failed turn as a Danish error", async () => {
    const refusal = '<!doctype html><html lang="da"><head><meta charset="utf-8"></head><body>Udsolgt</body></html>';
    const { base, buy, release, nextArrival } = await room({
      answer: (name) => {
        if (name === "fan-2") throw new Error("the database went away");
        return new Response(refusal, { status: 409, headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    });
    const arrivals = nextArrival();
    const places = [await buy("fan-1", "10.0.2.1")];
    await arrivals;
    places.push(await buy("fan-2", "10.0.2.2"));
    const second = nextArrival();
    release();
    await second;
    release();
    const answerOf = async (place: Response) => {
      const headers = { cookie: placeCookie(place) };
      while (
        !((await (await fetch(`${base}${queuePage(CONCERT)}/status?vent=1`, { headers })).json()) as { klar: boolean })
          .klar
      );
      return fetch(`${base}${queuePage(CONCERT)}/svar`, { redirect: "manual", headers });
    };
    const refused = await answerOf(places[0]!);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe(
      refusal.replace(
        "<head>",
        `<head><script nonce="nonce1">history.replaceState(null,"",${JSON.stringify(buying)})</script>`,
      ),
    );
    const failed = await answerOf(places[1]!);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("Der opstod en fejl, og dine billetter blev ikke reserveret. Prøv igen.");
  });
});
