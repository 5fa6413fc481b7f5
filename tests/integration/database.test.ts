import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { boolean, date, integer, jsonb, numeric, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { MAX_PREPARED_STATEMENTS } from "~/db/pglite.server";
import { addOns, pages, sections, siteSettings } from "~/db/schema";
import { seedDemoContent } from "~/db/seed/seed.server";
import { diskBackend, Storage } from "~/features/storage/storage.server";
import { demoAddOns, demoPages } from "~/db/seed/demo-content";
import { createPage, getPagesByName } from "~/features/content/pages.server";
import { offeredAddOns } from "~/features/rental/add-ons.server";
import { demoImageCacheDirectory } from "../support/demo-image-cache";
import {
  createTestDatabase,
  databaseKinds,
  emptyPgliteImage,
  rowsOf,
  type TestDatabase,
} from "../support/test-database";

/** The constraint name of a failed statement, whichever driver raised it. */
async function violatedConstraint(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause ?? (error as { constraint?: string });
    return cause.constraint ?? String(error);
  }
  throw new Error("expected the statement to fail");
}

describe.each(databaseKinds)("database on %s", (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  const seedOptions = () => ({
    storage: new Storage(diskBackend(dataDir)),
    imageCacheDirectory: demoImageCacheDirectory,
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-seed-"));
  });

  afterAll(async () => {
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("applies the migrations again without change", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("seeds the demo site once, and a second seed changes nothing", async () => {
    expect(await seedDemoContent(database.db, seedOptions())).toBe("seeded");
    const countPages = async () => (await database.db.select({ n: count() }).from(pages))[0]?.n;
    const countSections = async () => (await database.db.select({ n: count() }).from(sections))[0]?.n;
    const before = { pages: await countPages(), sections: await countSections() };
    expect(before.pages).toBe(demoPages.length);

    expect(await seedDemoContent(database.db, seedOptions())).toBe("already-seeded");
    expect({ pages: await countPages(), sections: await countSections() }).toEqual(before);
  }, 120_000);

  it("stores the demo images as generated files under the storage folder", async () => {
    // The demo pictures are library images (decision 020), in the library's bucket.
    const files = await readdir(path.join(dataDir, "storage", "media"));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => /^\d+-[0-9a-f]{32}(\.w\d+\.(webp|avif)|\.webp|\.og\.jpg)$/.test(file))).toBe(true);
  });

  it("returns a page with its sections in their order", async () => {
    const [frontpage] = await getPagesByName(database.db, "frontpage");
    expect(frontpage?.header).toBe("Livemusik ved havnen");
    expect(frontpage?.sections.map((section) => section.header)).toEqual(
      demoPages.find((page) => page.page === "frontpage")?.sections.map((section) => section.header),
    );
  });

  it("hides unpublished pages from visitors", async () => {
    await createPage(database.db, { page: "images", header: "Kladde", published: false });
    const list = await getPagesByName(database.db, "images");
    expect(list.map((page) => page.header)).not.toContain("Kladde");
  });

  it("seeds the hall's add-ons, offered in their order, Slutrengøring required for private parties and associations", async () => {
    const offered = await offeredAddOns(database.db);
    expect(offered.map(({ name, unit, priceOere, requiredFor }) => ({ name, unit, priceOere, requiredFor }))).toEqual([
      { name: "Lydtekniker", unit: "hour", priceOere: 45_000, requiredFor: [] },
      { name: "Slutrengøring", unit: "booking", priceOere: 150_000, requiredFor: ["privat", "forening"] },
      { name: "Ekstra time efter midnat", unit: "hour", priceOere: 80_000, requiredFor: [] },
      { name: "Opstilling af borde og stole", unit: "booking", priceOere: 60_000, requiredFor: [] },
    ]);
    expect(offered.every((addOn) => addOn.description.length > 0)).toBe(true);
    expect(offered).toHaveLength(demoAddOns.length);
  });

  it("lets the database refuse an add-on without a name, with a price out of bounds or an unknown customer type", async () => {
    const addOn = { name: "Garderobe", unit: "guest" as const, priceOere: 1_500 };
    expect(await violatedConstraint(database.db.insert(addOns).values({ ...addOn, name: " " }))).toBe(
      "add_ons_name_not_blank",
    );
    for (const priceOere of [-1, 100_000_001]) {
      expect(await violatedConstraint(database.db.insert(addOns).values({ ...addOn, priceOere }))).toBe(
        "add_ons_price_range",
      );
    }
    await expect(
      database.db.execute(
        sql`insert into add_ons (name, unit, price_oere, required_for) values ('X', 'guest', 0, '{firma}')`,
      ),
    ).rejects.toThrow();
  });

  it("lets the database refuse a second settings row", async () => {
    const refused = violatedConstraint(
      database.db.insert(siteSettings).values({
        id: 2,
        siteName: "X",
        businessName: "X",
        streetAddress: "X",
        postalCode: "1000",
        city: "X",
        email: "x@example.dk",
        phone: "1",
        cvr: "12345674",
      }),
    );
    expect(await refused).toBe("site_settings_single_row");
  });

  it("lets the database refuse a blank page header", async () => {
    expect(await violatedConstraint(database.db.insert(pages).values({ page: "terms", header: "   " }))).toBe(
      "pages_header_not_blank",
    );
  });

  it("deletes a page's sections with the page", async () => {
    const { id } = await createPage(database.db, {
      page: "terms",
      header: "Midlertidig",
      sections: [{ header: "A", text: "a" }],
    });
    await database.db.delete(pages).where(eq(pages.id, id));
    const [left] = await database.db.select({ n: count() }).from(sections).where(eq(sections.pageId, id));
    expect(left?.n).toBe(0);
  });

  it("generates ids in the database with SQL both engines have", async () => {
    const { id } = await createPage(database.db, { page: "privacy", header: "Id-prøve" });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("a PGlite database in a directory", () => {
  // Two starts of PGlite and all the migrations: seconds alone, and half a minute beside the browser tests on two
  // cores (CI runs them side by side).
  it("is made on the first open, kept on the next, and runs with 16 MB of shared buffers", async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "scene-pglite-"));
    try {
      const first = await openDatabase({ kind: "pglite", directory });
      await first.migrate();
      await first.db.insert(pages).values({ page: "prices", header: "Priser" });
      await first.close();

      const second = await openDatabase({ kind: "pglite", directory });
      const setting = (await second.db.execute(sql`show shared_buffers`)) as unknown as { rows: unknown[] };
      expect(setting.rows).toEqual([{ shared_buffers: "16MB" }]);
      expect(await second.db.select({ header: pages.header }).from(pages)).toEqual([{ header: "Priser" }]);
      await second.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("PGlite on the server's own thread", () => {
  it("lets the event loop have turns while a long queue of queries runs", async () => {
    const database = await createTestDatabase("pglite", { migrated: false });
    try {
      const queries = 100;
      let done = 0;
      // Each takes a few milliseconds, all together far more than one slice.
      const queue = Array.from({ length: queries }, () =>
        database.db.execute(sql`select count(*) from generate_series(1, 30000)`).then(() => done++),
      );
      // What the event loop sees at each of its turns until the queue is done.
      const doneAtEachTurn: number[] = [];
      let finished = false;
      const everyTurn = () => {
        doneAtEachTurn.push(done);
        if (!finished) setImmediate(everyTurn);
      };
      setImmediate(everyTurn);
      await Promise.all(queue);
      finished = true;
      expect(done).toBe(queries);
      // The queue's progress from one turn of the loop to the next, from before the first query to the end.
      const progress = [0, ...doneAtEachTurn, done];
      const mostBetweenTwoTurns = Math.max(...progress.slice(1).map((count, turn) => count - (progress[turn] ?? 0)));
      expect(mostBetweenTwoTurns).toBeLessThan(queries / 2);
    } finally {
      await database.close();
    }
  });
});

describe("PGlite's prepared statements", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase("pglite", { migrated: false });
    await database.db.execute(sql`create table visits (id int primary key)`);
  });
  afterAll(() => database.close());

  /** The statements PostgreSQL holds prepared whose text has the marker. */
  async function preparedWith(marker: string) {
    const result = await database.db.execute(
      sql`select name from pg_prepared_statements where statement like ${`%${marker}%`}`,
    );
    return rowsOf(result).length;
  }

  it("prepares a query text when it comes again, once, and runs it by name with each run's own values", async () => {
    const ask = (value: number) => database.db.execute(sql`select ${value}::int + 1 as asked_three_times`);
    expect(rowsOf(await ask(1))).toEqual([{ asked_three_times: 2 }]);
    expect(await preparedWith("asked_three_times")).toBe(0);
    expect(rowsOf(await ask(2))).toEqual([{ asked_three_times: 3 }]);
    expect(rowsOf(await ask(3))).toEqual([{ asked_three_times: 4 }]);
    expect(await preparedWith("asked_three_times")).toBe(1);
  });

  it("gives back what PGlite's own way gives back, in every type the app uses", async () => {
    const plain = new PGlite({ loadDataDir: await emptyPgliteImage() });
    try {
      const results = [];
      const kind = pgEnum("kind", ["privat", "forening", "erhverv"]);
      const row = {
        id: 1,
        at: new Date("2026-03-29T00:30:00.000Z"),
        day: "2026-10-25",
        doc: { dage: ["2026-03-29"], pris: 1250 },
        tags: ["sommertid", "vintertid"],
        // An array of an enum, as an add-on's customer types.
        kinds: kind.enumValues.slice(0, 2),
        price: "1250.50",
        yes: true,
        note: null,
      };
      const serverClient = (database.db as unknown as { $client: PGlite }).$client;
      for (const [db, client] of [
        [database.db, serverClient],
        [drizzlePglite({ client: plain }) as unknown as Database, plain],
      ] as const) {
        await db.execute(sql`create type kind as enum ('privat', 'forening', 'erhverv')`);
        await db.execute(sql`create table typed (
          id int primary key, at timestamptz, day date, doc jsonb, tags text[], kinds kind[], price numeric,
          yes boolean, note text)`);
        const table = pgTable("typed", {
          id: integer("id").primaryKey(),
          at: timestamp("at", { withTimezone: true }),
          day: date("day"),
          doc: jsonb("doc"),
          tags: text("tags").array(),
          kinds: kind("kinds").array(),
          price: numeric("price"),
          yes: boolean("yes"),
          note: text("note"),
        });
        // On the server's PGlite a text's first run goes PGlite's own way, and the second is prepared.
        for (const id of [1, 2]) await db.insert(table).values({ ...row, id });
        const read = async () => ({
          built: await db.select().from(table).orderBy(table.id),
          raw: rowsOf(
            await db.execute(sql`select *, ${true} as asked, ${7}::int as seven from typed order by ${sql.raw("id")}`),
          ),
          // Not through drizzle, which turns dates and objects into text itself: PGlite's serializers do that here.
          direct: (await client.query("select $1::timestamptz as at, $2::jsonb as doc", [row.at, row.doc])).rows,
        });
        await read();
        results.push(await read());
      }
      expect(results[0]).toEqual(results[1]);
      expect(results[0]?.built).toEqual([row, { ...row, id: 2 }]);
    } finally {
      await plain.close();
    }
  });

  it("reads each run's rows with that run's own parsers, also when the same text ran with others", async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const INT4 = 23;
    const ask = (parse: (value: string) => unknown) =>
      client.query<{ n: unknown }>("select 41 + 1 as n", [], { parsers: { [INT4]: parse } });
    const asText = (value: string) => `text ${value}`;
    const doubled = (value: string) => Number(value) * 2;
    // The second run of a text is the first prepared one; the runs after it are prepared too.
    for (let run = 0; run < 2; run++) {
      expect((await ask(asText)).rows).toEqual([{ n: "text 42" }]);
      expect((await ask(doubled)).rows).toEqual([{ n: 84 }]);
      expect((await client.query<{ n: unknown }>("select 41 + 1 as n")).rows).toEqual([{ n: 42 }]);
    }
  });

  it("keeps the session usable after a statement fails, in and out of a transaction", async () => {
    const insert = (id: number) => database.db.execute(sql`insert into visits (id) values (${id})`);
    await insert(10);
    await expect(insert(10)).rejects.toThrow();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into visits (id) values (${11})`);
        await tx.execute(sql`insert into visits (id) values (${10})`);
      }),
    ).rejects.toThrow();
    await insert(12);
    const ids = await database.db.execute(sql`select id from visits where id >= ${10} order by id`);
    expect(rowsOf(ids)).toEqual([{ id: 10 }, { id: 12 }]);
  });

  it("prepares a statement again when its table's columns change", async () => {
    await database.db.execute(sql`create table altered (a int)`);
    await database.db.execute(sql`insert into altered values (1)`);
    const everything = () => database.db.execute(sql`select * from altered where a = ${1}`);
    expect(rowsOf(await everything())).toEqual([{ a: 1 }]);
    expect(rowsOf(await everything())).toEqual([{ a: 1 }]); // now prepared
    expect(await preparedWith("from altered")).toBe(1);
    await database.db.execute(sql`alter table altered add column b int default 2`);
    expect(rowsOf(await everything())).toEqual([{ a: 1, b: 2 }]);
  });

  it(`keeps at most ${MAX_PREPARED_STATEMENTS} texts prepared, and runs the rest as before`, async () => {
    const own = await createTestDatabase("pglite", { migrated: false });
    onTestFinished(() => own.close());
    const texts = MAX_PREPARED_STATEMENTS + 20;
    for (let index = 0; index < texts; index++) {
      for (const _time of [1, 2]) {
        const result = await own.db.execute(sql.raw(`select ${index} as one_of_many_${index}`));
        expect(rowsOf(result)).toEqual([{ [`one_of_many_${index}`]: index }]);
      }
    }
    const prepared = await own.db.execute(sql`select count(*)::int as count from pg_prepared_statements`);
    expect(rowsOf(prepared)).toEqual([{ count: MAX_PREPARED_STATEMENTS }]);
  });
});
