import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue";

/** Work that finishes when the test says so, recording when it started. */
function controlled(started: number[], id: number) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => (started.push(id), finished.then(() => id)), finish: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("FairQueue", () => {
  it.each([
    { concurrency: 1, arrivals: 6 },
    { concurrency: 2, arrivals: 7 },
    { concurrency: 3, arrivals: 10 },
  ])("starts work in the order it arrived, at most $concurrency at a time", async ({ concurrency, arrivals }) => {
    const queue = new FairQueue(concurrency);
    const started: number[] = [];
    const pieces = Array.from({ length: arrivals }, (_, id) => controlled(started, id));
    const turns = pieces.map(({ work }) => queue.enqueue(work));
    await settle();
    expect(started).toEqual(Array.from({ length: concurrency }, (_, id) => id));
    expect(turns.map((turn) => queue.ahead(turn))).toEqual(turns.map((_, id) => Math.max(0, id - concurrency)));
    // Finishing the later of the running pieces first still starts the earliest waiting one.
    for (let id = concurrency - 1; id >= 0; id--) {
      pieces[id]!.finish();
      await settle();
    }
    expect(started).toEqual(Array.from({ length: Math.min(arrivals, 2 * concurrency) }, (_, id) => id));
    for (const piece of pieces) piece.finish();
    expect(await Promise.all(turns.map((turn) => turn.outcome))).toEqual(pieces.map((_, id) => id));
    expect(started).toEqual(pieces.map((_, id) => id));
    expect(turns.every((turn) => turn.done)).toBe(true);
    expect(queue.finished).toBe(arrivals);
    expect(queue.idle).toBe(true);
  });

  it("goes on after a piece of work fails, and hands that turn its error", async () => {
    const queue = new FairQueue(1);
    const failing = queue.enqueue(() => Promise.reject(new Error("nej")));
    const next = queue.enqueue(() => Promise.resolve("ja"));
    await expect(failing.outcome).rejects.toThrow("nej");
    expect(await next.outcome).toBe("ja");
    expect(queue.finished).toBe(2);
    expect(queue.idle).toBe(true);
  });

  it("counts a late arrival behind everyone already waiting", async () => {
    const queue = new FairQueue(1);
    const started: number[] = [];
    const first = controlled(started, 0);
    queue.enqueue(first.work);
    const waiting = [1, 2, 3].map((id) => queue.enqueue(controlled(started, id).work));
    await settle();
    const late = queue.enqueue(controlled(started, 4).work);
    expect(queue.ahead(late)).toBe(3);
    expect(queue.ahead(waiting[0]!)).toBe(0);
    first.finish();
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.ahead(late)).toBe(2);
  });
});
