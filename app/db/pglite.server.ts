import { PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/** How long PGlite's queries may keep the event loop to themselves before they let it have a turn. */
const SLICE_MS = 5;

/**
 * PGlite as the server uses it, on its own thread, taking turns with the event loop (decision 024). PGlite runs
 * its queries one at a time and hands its queue from one query to the next in microtasks: fifty queued queries
 * ran as one turn of the event loop, in which no connection was accepted and no socket read. Under load a new
 * connection waited more than 10 s. Here queries and transactions run one after another as before, but once they
 * have had the thread for `SLICE_MS`, the next waits for the event loop's next turn.
 */
export class ServerPGlite extends PGlite {
  private lastInLine: Promise<unknown> = Promise.resolve();
  private sliceStartedAt = 0;

  private async waitForTurn() {
    if (performance.now() - this.sliceStartedAt < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStartedAt = performance.now();
  }

  private inTurn<T>(run: () => Promise<T>): Promise<T> {
    const result = this.lastInLine.then(() => this.waitForTurn()).then(run);
    this.lastInLine = result.catch(() => undefined);
    return result;
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.inTurn(() => super.query<T>(query, params, options));
  }

  override exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.inTurn(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.inTurn(() => super.transaction(callback));
  }
}
