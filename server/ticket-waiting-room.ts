import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RouterContextProvider } from "react-router";
import { FairQueue, type Turn } from "./fair-queue";
import { laterRequestOf, sendFetchResponse, type RouterResponder } from "./request-handler";

/**
 * The buying form's POST: the concert, and whether React Router's client sent it (`.data`). Matched as React Router
 * matches (any case, a trailing slash, the path decoded), so no spelling of the address skips the line.
 */
const BUYING = /^\/koncerter\/([0-9a-f-]{36})\/billetter(\.data)?\/?$/i;
/** The queue's own requests: its answer once ready (`svar`) and the page's question about it (`status`). */
const QUEUE = /^\/koncerter\/([0-9a-f-]{36})\/billetter\/koe\/(svar|status)$/;
const PLACE_COOKIE = "billetkoe";

export const buyingPage = (concert: string) => `/koncerter/${concert}/billetter`;
export const queuePage = (concert: string) => `${buyingPage(concert)}/koe`;

export interface WaitingRoomOptions {
  respond: RouterResponder;
  contextOf: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** Whether the concert is known to be sold out right now: a turn then answers with the buying page. */
  soldOut: (concert: string) => boolean;
  /** Orders being written for one concert at once; more only queue behind the sale's row lock. */
  concurrency?: number;
  /** How long a buyer waits for the answer itself before being given a place in the queue instead. */
  firstAnswerMs?: number;
  /** How long a waiting page's question is held open when nothing has changed. */
  longPollMs?: number;
  /**
   * Questions are held open only for buyers this near the front; one further back is told when to ask again
   * (`secondsBeforeAskingAgain`), so a long line costs a place each, not a held request each (decision 043).
   */
  heldWithin?: number;
  /** How long an answer is kept for its buyer: as long as the tickets it held. */
  keepAnswerMs?: number;
  /**
   * The share of the last tenth of a second the process may have been busy for a turn to start: the turns (holds,
   * order pages) get what the cheap answers (pages from the cache, places in the queue) leave.
   */
  busiest?: number;
  /**
   * Forms one client address may have in line at once (waiting, or answered but not yet fetched), and places in
   * all. Generous: fans behind one mobile carrier's or one venue's address share it.
   */
  placesPerAddress?: number;
  placesInAll?: number;
  /** A turn that failed after its buyer was given a place: logged and reported as the server's errors are. */
  onError?: (error: unknown) => void;
  now?: () => number;
}

export interface WaitingRoom {
  /** The buying form's POSTs, and the answers fetched from the queue (`…/koe/svar`). */
  handler: RequestHandler;
  /**
   * The waiting page's question about its place (`…/koe/status`): held open for up to `longPollMs` near the front
   * of the line, answered with when to ask again further back (decision 043). The server mounts it before
   * compression, which would wrap each of them in a dozen closures for a few bytes of JSON (decision 042).
   */
  placeStatus: RequestHandler;
}

interface Place {
  concert: string;
  address: string;
  /** The CSP nonce the answer was rendered with, which the response that finally carries it must allow. */
  nonce: string;
  turn: Turn<Response>;
  /** The answer, read whole, once the turn is done. */
  answer?: { status: number; headers: Headers; body: Buffer };
  expiresAt: number;
}

/** The longest a buyer is told to wait before asking again: the line may move faster than it did. */
const MOST_SECONDS_BEFORE_ASKING = 10;

/**
 * Seconds until a buyer `ahead` places back is likely within `heldWithin` of the front, at the line's pace so far
 * (turns finished per second): at least 1, at most 10. Null when the buyer is near enough for the question to be
 * held open instead.
 */
export function secondsBeforeAskingAgain(ahead: number, turnsPerSecond: number, heldWithin: number) {
  if (ahead <= heldWithin) return null;
  if (turnsPerSecond <= 0) return 1;
  return Math.min(MOST_SECONDS_BEFORE_ASKING, Math.max(1, Math.ceil((ahead - heldWithin) / turnsPerSecond)));
}

interface Line {
  queue: FairQueue;
  openedAt: number;
}

const wait = (ms: number) => new Promise<null>((resolve) => setTimeout(resolve, ms, null).unref());

/**
 * Resolves once the event loop has been busy for at most `busiest` of the last 100 ms (checked every 20 ms), or
 * after a second at most, so a turn always starts.
 */
function roomToWork(busiest: number) {
  let mark = performance.eventLoopUtilization();
  let busy = 0;
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    busy = performance.eventLoopUtilization(now, mark).utilization;
    mark = now;
  }, 100).unref();
  return async () => {
    for (let waited = 0; busy > busiest && waited < 1_000; waited += 20) await wait(20);
  };
}

/**
 * The ticket sale's waiting room (decision 039). Every buying form's POST takes its turn in its concert's
 * `FairQueue`, in order of arrival, and reaches React Router (the route's action: limits, holding the tickets) only
 * then. A buyer whose answer is not ready within `firstAnswerMs` is answered at once with a place in the queue
 * instead: a cookie naming it, and the queue page, which asks `…/koe/status` until the turn is done and then
 * fetches the answer from `…/koe/svar` (a redirect to the order, or the refusal). The turn goes on meanwhile;
 * its answer is kept in memory for its buyer. A turn that comes when the concert is known to be sold out answers
 * with the buying page, which says so, without running the action. The places and these answers cost no
 * rendering; docs/performance.md has what a rush of 3,000 fans costs with them.
 */
export function ticketWaitingRoom({
  respond,
  contextOf,
  soldOut,
  concurrency = 2,
  firstAnswerMs = 800,
  longPollMs = 25_000,
  heldWithin = 300,
  keepAnswerMs = 10 * 60_000,
  busiest = 0.5,
  placesPerAddress = 20,
  placesInAll = 20_000,
  onError = () => {},
  now = Date.now,
}: WaitingRoomOptions): WaitingRoom {
  const lines = new Map<string, Line>();
  const room = roomToWork(busiest);
  const places = new Map<string, Place>();
  const inLine = new Map<string, number>();
  const leaveLine = (address: string) => {
    const left = (inLine.get(address) ?? 1) - 1;
    if (left > 0) inLine.set(address, left);
    else inLine.delete(address);
  };

  // Once: a place is forgotten when its answer is fetched, or when the answer has waited as long as a hold lasts.
  const forget = (id: string, place: Place) => {
    if (places.get(id) !== place) return;
    places.delete(id);
    leaveLine(place.address);
  };
  let sweptAt = 0;
  const sweep = () => {
    if (now() - sweptAt < 1_000) return;
    sweptAt = now();
    for (const [id, place] of places) if (place.answer && place.expiresAt <= sweptAt) forget(id, place);
  };
  // After a rush nobody may ask again for a while: the answers left are dropped all the same.
  setInterval(sweep, 60_000).unref();

  const take = (concert: string, work: () => Promise<Response>) => {
    let line = lines.get(concert);
    if (!line) lines.set(concert, (line = { queue: new FairQueue(concurrency), openedAt: now() }));
    const { queue } = line;
    const turn = queue.enqueue(work);
    void turn.outcome
      .catch(() => {})
      .finally(() => {
        if (queue.idle) lines.delete(concert);
      });
    return turn;
  };

  const placeOf = (req: ExpressRequest, concert: string) => {
    sweep();
    const id = cookieOf(req.get("cookie"));
    const place = id ? places.get(id) : undefined;
    return id && place && place.concert === concert ? { id, place } : null;
  };

  const givePlace = (req: ExpressRequest, res: ExpressResponse, concert: string, turn: Turn<Response>) => {
    const id = randomBytes(16).toString("base64url");
    const place: Place = {
      concert,
      address: req.ip ?? "",
      nonce: res.locals.cspNonce as string,
      turn,
      expiresAt: Infinity,
    };
    places.set(id, place);
    // The answer is kept as long as the tickets it held, from when it is there.
    void turn.outcome
      .then(async (response) => {
        place.answer = {
          status: response.status,
          headers: response.headers,
          body: Buffer.from(await response.arrayBuffer()),
        };
        place.expiresAt = now() + keepAnswerMs;
      })
      .catch((error: unknown) => {
        onError(error);
        place.answer = {
          status: 500,
          headers: new Headers({ "Content-Type": "text/plain; charset=utf-8" }),
          body: Buffer.from("Der opstod en fejl, og dine billetter blev ikke reserveret. Prøv igen."),
        };
        place.expiresAt = now() + keepAnswerMs;
      });
    res.cookie(PLACE_COOKIE, id, {
      path: `${queuePage(concert)}/`,
      httpOnly: true,
      sameSite: "lax",
      secure: req.secure,
      maxAge: keepAnswerMs,
    });
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, queuePage(concert));
  };

  const buy: RequestHandler = async (req, res, next) => {
    const [, spelled, data] = BUYING.exec(decodedPath(req))!;
    const concert = spelled!.toLowerCase();
    sweep();
    const address = req.ip ?? "";
    const full = places.size >= placesInAll;
    if (full || (inLine.get(address) ?? 0) >= placesPerAddress) {
      res.setHeader("Retry-After", "60");
      return void res
        .status(full ? 503 : 429)
        .type("text/plain")
        .send(
          full
            ? "Køen er fuld lige nu. Prøv igen om et minut."
            : "Der er mange i kø fra din forbindelse. Vent et minut, og prøv igen.",
        );
    }
    inLine.set(address, (inLine.get(address) ?? 0) + 1);
    let left = false;
    const leave = () => {
      if (!left) leaveLine(address);
      left = true;
    };
    const request = laterRequestOf(req, res);
    const context = contextOf(req, res);
    const turn = take(concert, async () => {
      await room();
      if (!data && soldOut(concert))
        return new Response(null, { status: 303, headers: { Location: buyingPage(concert) } });
      return respond(request(), context);
    });
    try {
      // React Router's client waits for its own answer; a form's POST is given a place if it would wait long.
      const first = data ? await turn.outcome : await Promise.race([turn.outcome, wait(firstAnswerMs)]);
      if (!first) return givePlace(req, res, concert, turn);
      leave();
      await sendFetchResponse(req, res, first);
    } catch (error) {
      leave();
      next(error);
    }
  };

  const status: RequestHandler = async (req, res) => {
    const [, concert] = QUEUE.exec(req.path)!;
    res.setHeader("Cache-Control", "no-store");
    const found = placeOf(req, concert!);
    if (!found) return void res.json({ klar: true });
    const { place } = found;
    const line = lines.get(concert!);
    const ahead = () => (line ? line.queue.ahead(place.turn) : 0);
    const aheadNow = ahead();
    const pace = line ? line.queue.finished / Math.max(1, (now() - line.openedAt) / 1000) : 0;
    const askAgainIn = place.answer ? null : secondsBeforeAskingAgain(aheadNow, pace, heldWithin);
    if (askAgainIn !== null) return void res.json({ klar: false, foran: aheadNow, igen: askAgainIn });
    if (!place.answer && req.query.vent) await Promise.race([place.turn.outcome.catch(() => {}), wait(longPollMs)]);
    res.json({ klar: Boolean(place.answer), foran: ahead() });
  };

  const answer: RequestHandler = async (req, res, next) => {
    const [, concert] = QUEUE.exec(req.path)!;
    res.setHeader("Cache-Control", "no-store");
    const found = placeOf(req, concert!);
    if (!found) return void res.redirect(303, buyingPage(concert!));
    const { id, place } = found;
    if (!place.answer) return void res.redirect(303, queuePage(concert!));
    forget(id, place);
    res.clearCookie(PLACE_COOKIE, { path: `${queuePage(concert!)}/` });
    // A page rendered for the form's request carries that request's nonce: this response's policy allows it.
    const policy = res.getHeader("Content-Security-Policy");
    if (typeof policy === "string") {
      res.setHeader("Content-Security-Policy", policy.replaceAll(res.locals.cspNonce as string, place.nonce));
    }
    const { status: code, headers, body } = place.answer;
    try {
      await sendFetchResponse(
        req,
        res,
        new Response(new Uint8Array(pageAtItsAddress(body, headers, place.nonce, concert!)), { status: code, headers }),
      );
    } catch (error) {
      next(error);
    }
  };

  const askedFor = (req: ExpressRequest, what: "status" | "svar") =>
    req.method === "GET" && QUEUE.exec(req.path)?.[2] === what;
  return {
    handler(req, res, next) {
      if (req.method === "POST" && BUYING.test(decodedPath(req))) return void buy(req, res, next);
      return askedFor(req, "svar") ? void answer(req, res, next) : next();
    },
    placeStatus: (req, res, next) => (askedFor(req, "status") ? void status(req, res, next) : next()),
  };
}

function decodedPath(req: ExpressRequest) {
  try {
    return decodeURIComponent(req.path);
  } catch {
    return req.path;
  }
}

/**
 * A refusal is the buying page rendered with its error for the form's address; fetched from `…/koe/svar`, its
 * address is set back to the buying page before React Router starts in the browser, which finds its route by it.
 */
function pageAtItsAddress(body: Buffer, headers: Headers, nonce: string, concert: string) {
  if (!headers.get("content-type")?.startsWith("text/html")) return body;
  const setAddress = `<script nonce="${nonce}">history.replaceState(null,"",${JSON.stringify(buyingPage(concert))})</script>`;
  return Buffer.from(body.toString("utf8").replace(/<head[^>]*>/, (head) => head + setAddress));
}

function cookieOf(header: string | undefined) {
  for (const part of (header ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === PLACE_COOKIE && value) return value;
  }
  return null;
}
