import { PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

/** How long PGlite's queries may keep the event loop to themselves before they let it have a turn. */
const SLICE_MS = 5;

/** How many query texts stay prepared; a text past them runs unprepared, as PGlite runs every query. */
export const MAX_PREPARED_STATEMENTS = 500;
/** How many texts seen once are remembered; when full, the memory starts over. */
const MAX_SEEN_ONCE = 5_000;

/** A query text parsed and planned once, run by its name. */
interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** The statement's row description (none for a statement without rows), which the result parser reads. */
  described: BackendMessage[];
}

function joined(messages: Uint8Array[]) {
  const whole = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    whole.set(message, offset);
    offset += message.length;
  }
  return whole;
}

/** PostgreSQL refuses to run a prepared statement whose result's columns changed under it (a table altered). */
function isResultTypeChange(error: unknown) {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === "0A000" &&
    error.message.includes("cached plan must not change result type")
  );
}

/**
 * PGlite as the server uses it, on its own thread, with two changes (docs/performance.md, eighth and ninth sessions):
 *
 * - **Turns.** PGlite runs its queries one at a time and hands its queue from one query to the next in
 *   microtasks: fifty queued queries ran as one turn of the event loop, in which no connection was accepted and no
 *   socket read. Under load a new connection waited more than 10 s. Here queries and transactions run one after
 *   another as before, but once they have had the thread for `SLICE_MS`, the next waits for the event loop's next
 *   turn.
 * - **Prepared statements.** PGlite parses and plans every query again, and asks for its parameter types and its
 *   columns on every run: six calls into PostgreSQL, and a hold's facts took 1.0 ms where running them by name
 *   takes 0.2 ms. Here a query text that comes again is prepared once, by name, as node-postgres does with
 *   drizzle's `.prepare(name)` on PostgreSQL, and from then on run with one call (bind, execute, sync).
 */
export class ServerPGlite extends PGlite {
  private lastInLine: Promise<unknown> = Promise.resolve();
  private sliceStartedAt = 0;
  private readonly statements = new Map<string, PreparedStatement>();
  private statementsNamed = 0;
  /** Texts run once so far, not prepared yet. */
  private readonly seenOnce = new Set<string>();
  /** Each set of a query's own parsers over the instance's (`parsersFor`). */
  private readonly parsersOverInstance = new WeakMap<NonNullable<QueryOptions["parsers"]>, PGlite["parsers"]>();

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

  override query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.inTurn(async () => {
      if (!this.mayPrepare(query, options)) return super.query<T>(query, params, options);
      await this._checkReady();
      return this._runExclusiveTransaction(async () => {
        const run = () => this.runPrepared<T>(query, params, options, { inTransaction: false });
        try {
          return await run();
        } catch (error) {
          // A table altered under the statement: it is prepared again for the table as it is now. In a
          // transaction the error ends the transaction, as on PostgreSQL.
          if (!isResultTypeChange(error)) throw error;
          return run();
        }
      });
    });
  }

  override exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.inTurn(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.inTurn(() => super.transaction((tx) => callback(this.preparedIn(tx))));
  }

  /** The transaction's own `query`, running prepared statements while the transaction holds the database. */
  private preparedIn(tx: Transaction): Transaction {
    const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (tx.closed) throw new Error("Transaction is closed");
      if (!this.mayPrepare(text, options)) return tx.query<T>(text, params, options);
      return this.runPrepared<T>(text, params, options, { inTransaction: true });
    };
    return Object.create(tx, { query: { value: query } }) as Transaction;
  }

  /**
   * A text is prepared when it comes a second time: the migrations' statements (130 of them) and other one-off
   * texts run once, through PGlite's own way. Blobs (COPY) and parameter types given by the caller stay with it.
   */
  private mayPrepare(query: string, options?: QueryOptions) {
    if (options?.blob || options?.paramTypes) return false;
    if (this.statements.has(query)) return true;
    if (this.statements.size >= MAX_PREPARED_STATEMENTS) return false;
    if (this.seenOnce.has(query)) return true;
    if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.clear();
    this.seenOnce.add(query);
    return false;
  }

  private async prepare(query: string, options?: QueryOptions): Promise<PreparedStatement> {
    const name = `scene_${++this.statementsNamed}`;
    const messages = await this.execProtocolStream(
      joined([
        protocol.serialize.parse({ name, text: query }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      { ...options, syncToFs: false },
    );
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      described: messages.filter((message) => message.name === "rowDescription"),
    };
    this.statements.set(query, statement);
    this.seenOnce.delete(query);
    return statement;
  }

  private serialize(value: unknown, type: number | undefined, options?: QueryOptions) {
    if (value === null || value === undefined) return null;
    const serializer = (type !== undefined && (options?.serializers?.[type] ?? this.serializers[type])) || undefined;
    return serializer ? serializer(value) : String(value);
  }

  /**
   * The query's own parsers over the instance's. PGlite copies all of them into a new object on every query, a
   * tenth of a hold's time; these inherit the instance's instead, and are made once for each set of a query's own
   * (drizzle gives each of its prepared queries one set, which it passes on every run).
   */
  private parsersFor(options?: QueryOptions): PGlite["parsers"] {
    if (!options?.parsers) return this.parsers;
    let parsers = this.parsersOverInstance.get(options.parsers);
    if (!parsers) {
      parsers = Object.assign(Object.create(this.parsers) as PGlite["parsers"], options.parsers);
      this.parsersOverInstance.set(options.parsers, parsers);
    }
    return parsers;
  }

  private runPrepared<T>(
    query: string,
    params: unknown[],
    options: QueryOptions | undefined,
    { inTransaction }: { inTransaction: boolean },
  ): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      try {
        const statement = this.statements.get(query) ?? (await this.prepare(query, options));
        const values = params.map((value, index) => this.serialize(value, statement.parameterTypes[index], options));
        // The sync goes with the rest: after an error PostgreSQL skips to it, and the session is ready again.
        const messages = await this.execProtocolStream(
          joined([
            protocol.serialize.bind({ statement: statement.name, values }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { ...options, syncToFs: false },
        );
        if (!inTransaction) await this.syncToFs();
        return parse.parseResults([...statement.described, ...messages], this.parsersFor(options), {
          rowMode: options?.rowMode,
        })[0] as Results<T>;
      } catch (error) {
        if (isResultTypeChange(error)) this.statements.delete(query); // prepared again on its next run
        if (error instanceof Error) Object.assign(error, { query, params, queryOptions: options });
        throw error;
      }
    });
  }
}
