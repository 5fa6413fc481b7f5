/** A place in a `FairQueue`: its arrival number, and its work's outcome once its turn has come and gone. */
export interface Turn<T> {
  readonly arrival: number;
  readonly outcome: Promise<T>;
  /** Whether the work has finished (its outcome settled). */
  readonly done: boolean;
}

interface Waiting {
  arrival: number;
  start: () => void;
}

/**
 * First come, first served, with at most `concurrency` pieces of work under way: work that arrives while all are
 * busy waits, and the earliest arrival starts first when one finishes. A turn never leaves the line early, so the
 * number ahead of it is its arrival number less the first waiting one's.
 */
export class FairQueue {
  #running = 0;
  #arrivals = 0;
  #finished = 0;
  readonly #waiting: Waiting[] = [];

  constructor(readonly concurrency: number) {}

  get running() {
    return this.#running;
  }

  get waiting() {
    return this.#waiting.length;
  }

  /** Turns whose work has finished, since the queue was made. */
  get finished() {
    return this.#finished;
  }

  /** Whether nothing waits and nothing is under way: the queue can be forgotten. */
  get idle() {
    return this.#running === 0 && this.#waiting.length === 0;
  }

  /** How many turns start before this one (0 once it has started). */
  ahead(turn: Turn<unknown>) {
    const first = this.#waiting[0];
    return first && turn.arrival >= first.arrival ? turn.arrival - first.arrival : 0;
  }

  enqueue<T>(work: () => Promise<T>): Turn<T> {
    const arrival = this.#arrivals++;
    let done = false;
    const outcome = new Promise<T>((resolve, reject) => {
      const start = () => {
        this.#running++;
        const settle =
          <V>(settled: (value: V) => void) =>
          (value: V) => {
            done = true;
            settled(value);
          };
        void Promise.resolve()
          .then(work)
          .then(settle(resolve), settle(reject))
          .finally(() => {
            this.#running--;
            this.#finished++;
            this.#waiting.shift()?.start();
          });
      };
      if (this.#running < this.concurrency && this.#waiting.length === 0) start();
      else this.#waiting.push({ arrival, start });
    });
    return {
      arrival,
      outcome,
      get done() {
        return done;
      },
    };
  }
}
