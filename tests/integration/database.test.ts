import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { pages, sections, siteSettings } from "~/db/schema";
import { seedDemoContent } from "~/db/seed/seed.server";
import { diskBackend, Storage } from "~/features/storage/storage.server";
import { demoPages } from "~/db/seed/demo-content";
import { createPage, getPagesByName } from "~/features/content/pages.server";
import { demoImageCacheDirectory } from "../support/demo-image-cache";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

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
        cvr: "12345678",
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
  });
});

describe("PGlite on the server's own thread", () => {
  it("lets the event loop have turns while a long queue of queries runs", async () => {
    const database = await openDatabase({ kind: "pglite" });
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
