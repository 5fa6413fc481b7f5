import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, migrateUpTo, type TestDatabase } from "../support/test-database";

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

const ref = (name: string) => ({ key: `old/${name}.webp`, width: 800, height: 600, widths: [480, 800] });

describe.each(databaseKinds)("migration 0012: every picture becomes a library image, on %s", (kind) => {
  let database: TestDatabase;
  /** Table → the id of its row with a picture, and the picture it had. */
  const withPicture = new Map<string, { id: string; image: ReturnType<typeof ref>; title: string }>();
  let withoutPicture: { sectionId: string; eventId: string };

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    // Level 11: everything up to 0011 (rich text), the database a site had before the library.
    await migrateUpTo(database, 11);
    const { db } = database;
    const one = async <Row>(query: ReturnType<typeof sql>) => rowsOf<Row>(await db.execute(query))[0]!;
    const json = (name: string) => JSON.stringify(ref(name));

    const page = await one<{ id: string }>(
      sql`insert into pages (page, header, image) values ('prices', 'Priser', ${json("page")}::jsonb) returning id`,
    );
    withPicture.set("pages", { id: page.id, image: ref("page"), title: "Priser" });
    const section = await one<{ id: string }>(
      sql`insert into sections (page_id, header, text, image) values (${page.id}, 'Salen', '<p>Tekst</p>', ${json("section")}::jsonb) returning id`,
    );
    withPicture.set("sections", { id: section.id, image: ref("section"), title: "Salen" });
    const bare = await one<{ id: string }>(
      sql`insert into sections (page_id, header, text) values (${page.id}, 'Uden billede', '<p>Tekst</p>') returning id`,
    );
    const album = await one<{ id: string }>(
      sql`insert into albums (artist, year, title, image) values ('Kajens Kvartet', 2024, '  Fra kajen ', ${json("album")}::jsonb) returning id`,
    );
    withPicture.set("albums", { id: album.id, image: ref("album"), title: "Fra kajen" });
    const article = await one<{ id: string }>(
      sql`insert into articles (header, text, image) values ('Nyhed', '<p>Tekst</p>', ${json("article")}::jsonb) returning id`,
    );
    withPicture.set("articles", { id: article.id, image: ref("article"), title: "Nyhed" });
    const banner = await one<{ id: string }>(
      sql`insert into banners (title, text, image) values ('Aftener', 'Tekst', ${json("banner")}::jsonb) returning id`,
    );
    withPicture.set("banners", { id: banner.id, image: ref("banner"), title: "Aftener" });
    const stock = await one<{ id: string }>(
      sql`insert into stock_images (title, text, image) values ('Baren', 'Baren med fadøl', ${json("stock")}::jsonb) returning id`,
    );
    withPicture.set("stock_images", { id: stock.id, image: ref("stock"), title: "Baren" });
    const event = await one<{ id: string }>(
      sql`insert into events (title, starts_at, image) values ('Koncert', now(), ${json("event")}::jsonb) returning id`,
    );
    withPicture.set("events", { id: event.id, image: ref("event"), title: "Koncert" });
    const plainEvent = await one<{ id: string }>(
      sql`insert into events (title, starts_at) values ('Uden billede', now()) returning id`,
    );
    withoutPicture = { sectionId: bare.id, eventId: plainEvent.id };

    await database.migrate();
  });

  afterAll(() => database?.destroy());

  it("keeps every row's picture and gives it a ready library image with the same files", async () => {
    for (const [table, { id, image, title }] of withPicture) {
      const row = rowsOf<{ image: unknown; image_id: string | null }>(
        await database.db.execute(sql`select image, image_id from ${sql.identifier(table)} where id = ${id}`),
      )[0]!;
      expect(row.image, table).toEqual(image);
      expect(row.image_id, table).toMatch(/^[0-9a-f-]{36}$/);
      const library = rowsOf<{ status: string; image: unknown; original_name: string; alt: string }>(
        await database.db.execute(
          sql`select status, image, original_name, alt from media_images where id = ${row.image_id}`,
        ),
      )[0]!;
      expect(library, table).toEqual({
        status: "ready",
        image,
        original_name: title,
        // The gallery's description was read as the alt text before; it becomes the image's alt text.
        alt: table === "stock_images" ? "Baren med fadøl" : "",
      });
    }
    const [library] = rowsOf<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from media_images`),
    );
    expect(library?.count).toBe(withPicture.size);
  });

  it("leaves rows without a picture without a library image", async () => {
    const rows = rowsOf<{ image_id: string | null }>(
      await database.db.execute(
        sql`select image_id from sections where id = ${withoutPicture.sectionId} union all select image_id from events where id = ${withoutPicture.eventId}`,
      ),
    );
    expect(rows).toEqual([{ image_id: null }, { image_id: null }]);
  });

  it("holds the new rules: an image in use cannot be deleted, and a picture needs its library id", async () => {
    const banner = withPicture.get("banners")!;
    const [row] = rowsOf<{ image_id: string }>(
      await database.db.execute(sql`select image_id from banners where id = ${banner.id}`),
    );
    await expect(database.db.execute(sql`delete from media_images where id = ${row!.image_id}`)).rejects.toThrow();
    await expect(
      database.db.execute(sql`update events set image_id = null where id = ${withPicture.get("events")!.id}`),
    ).rejects.toThrow();
  });
});
