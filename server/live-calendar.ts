import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { dayNews } from "~/features/rental/calendar.server";

export interface LiveCalendarOptions {
  db: Database;
  logger: Logger;
  /** Days that change within this time go out as one message. */
  batchMs?: number;
  /** A comment line this often keeps proxies and browsers from closing a quiet stream. */
  heartbeatMs?: number;
  /** Streams beyond this are refused with 503; the browser then keeps revalidating on focus. */
  maxStreams?: number;
  /**
   * Streams from one client address (as Express reads it: the forwarded one behind a trusted proxy) beyond this
   * are refused with 429, so no one client takes every slot; deploy/scene-proxy.conf's limit_conn matches it.
   */
  maxStreamsPerAddress?: number;
  now?: () => Date;
}

/**
 * The live calendar (decision 016): one server-sent-events stream per open /reservation. When days change in the
 * database (told through `dayChanged`, fed by the database's notices through server/freshness.ts), their states for a visitor go to every
 * stream in one message: the day and its state, never who has it. A hold that runs out changes nothing in the
 * database until the cleanup job, so the calendar tells those days again when the first of their holds ends.
 */
export class LiveCalendar {
  readonly #options: Required<Omit<LiveCalendarOptions, "db" | "logger">> & Pick<LiveCalendarOptions, "db" | "logger">;
  readonly #streams = new Set<Response>();
  readonly #streamsPerAddress = new Map<string, number>();
  #pending = new Set<string>();
  #batch: NodeJS.Timeout | undefined;
  #expiry: { at: number; days: Set<string>; timer: NodeJS.Timeout } | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: LiveCalendarOptions) {
    this.#options = {
      batchMs: 200,
      heartbeatMs: 25_000,
      maxStreams: 2_000,
      maxStreamsPerAddress: 4,
      now: () => new Date(),
      ...options,
    };
  }

  get streamCount() {
    return this.#streams.size;
  }

  /** A day's claims or blocking changed (a database notice); several close together become one message. */
  dayChanged(day: string) {
    if (this.#closed || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    this.#pending.add(day);
    this.#batch ??= setTimeout(() => void this.#flush(), this.#options.batchMs);
  }

  async #flush() {
    this.#batch = undefined;
    const days = [...this.#pending];
    this.#pending = new Set();
    if (days.length === 0 || this.#streams.size === 0) return;
    try {
      const { news, nextChangeAt } = await dayNews(this.#options.db, days, this.#options.now());
      const message = `event: days\ndata: ${JSON.stringify(news)}\n\n`;
      if (news.length > 0) for (const stream of this.#streams) stream.write(message);
      if (nextChangeAt)
        this.#tellAgainAt(
          nextChangeAt,
          news.map((entry) => entry.day),
        );
    } catch (error) {
      this.#options.logger.warn({ err: error }, "live calendar: the changed days could not be read");
    }
  }

  /**
   * Holds run out without a write: the days are told again just after the first of them ends. One timer, for the
   * earliest end, tells every day waiting.
   */
  #tellAgainAt(at: Date, days: string[]) {
    const time = Math.min(at.getTime() + 100, this.#expiry?.at ?? Infinity);
    const due = new Set([...(this.#expiry?.days ?? []), ...days]);
    clearTimeout(this.#expiry?.timer);
    const wait = Math.max(0, time - this.#options.now().getTime());
    const timer = setTimeout(() => {
      this.#expiry = undefined;
      for (const day of due) this.dayChanged(day);
    }, wait).unref();
    this.#expiry = { at: time, days: due, timer };
  }

  /** GET /reservation/live: the stream itself. */
  readonly handler: RequestHandler = (req: Request, res: Response) => {
    const address = req.ip ?? "";
    const fromAddress = this.#streamsPerAddress.get(address) ?? 0;
    const full = this.#closed || this.#streams.size >= this.#options.maxStreams;
    if (full || fromAddress >= this.#options.maxStreamsPerAddress) {
      res.setHeader("Retry-After", "30");
      res.status(full ? 503 : 429).end();
      return;
    }
    this.#streamsPerAddress.set(address, fromAddress + 1);
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // nginx passes the stream on as it comes (deploy/nginx.conf turns buffering off here too).
      "X-Accel-Buffering": "no",
    });
    // After a drop, the browser's EventSource comes back by itself after this long.
    res.write("retry: 3000\n\n");
    this.#streams.add(res);
    this.#heartbeat ??= setInterval(() => {
      for (const stream of this.#streams) stream.write(": ping\n\n");
    }, this.#options.heartbeatMs).unref();
    req.on("close", () => {
      this.#streams.delete(res);
      const left = (this.#streamsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#streamsPerAddress.set(address, left);
      else this.#streamsPerAddress.delete(address);
      if (this.#streams.size === 0 && this.#heartbeat) {
        clearInterval(this.#heartbeat);
        this.#heartbeat = undefined;
      }
    });
  };

  /** Ends every stream (a stopping server: the browsers reconnect elsewhere) and takes no more. */
  close() {
    this.#closed = true;
    clearTimeout(this.#batch);
    if (this.#expiry) clearTimeout(this.#expiry.timer);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
  }
}
