import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAlbums, demoArticles, demoEvents, demoPages } from "~/db/seed/demo-content";
import { richTextPlain } from "~/features/content/rich-text.server";
import { createTestDatabase, databaseKinds, migrateUpTo, rowsOf, type TestDatabase } from "../support/test-database";

/** Texts of before decision 017 that the conversion must carry over with nothing lost. */
const awkward = {
  blankLines: "Første afsnit\nmed to linjer\n\n\n\nAndet afsnit\n \t\nTredje",
  markup: "2 < 3 && 5 > 4, og <b>dette</b> er ikke fed: <script>alert(1)</script>",
  entities: "&amp; står der, og &lt;p&gt; også",
  addresses:
    "Læs https://aarhus.dk/kultur?a=1&b=2. Skriv til booking@havnescenen.dk\neller ring +45 86 12 34 56 (CVR 12345678).",
  windows: "Linje et\r\nLinje to\r\n\r\nNyt afsnit",
  empty: "",
};

const expectedHtml: Record<keyof typeof awkward, string> = {
  blankLines: "<p>Første afsnit<br>med to linjer</p><p>Andet afsnit</p><p>Tredje</p>",
  markup:
    "<p>2 &lt; 3 &amp;&amp; 5 &gt; 4, og &lt;b&gt;dette&lt;/b&gt; er ikke fed: &lt;script&gt;alert(1)&lt;/script&gt;</p>",
  entities: "<p>&amp;amp; står der, og &amp;lt;p&amp;gt; også</p>",
  addresses:
    '<p>Læs <a href="https://aarhus.dk/kultur?a=1&amp;b=2">https://aarhus.dk/kultur?a=1&amp;b=2</a>. Skriv til ' +
    '<a href="mailto:booking@havnescenen.dk">booking@havnescenen.dk</a><br>eller ring ' +
    '<a href="tel:+4586123456">+45 86 12 34 56</a> (CVR 12345678).</p>',
  windows: "<p>Linje et<br>Linje to</p><p>Nyt afsnit</p>",
  empty: "",
};

/** The demo content's texts as a database of before migration 0011 held them: table, column and text. */
function demoTexts() {
  return [
    ...demoPages.flatMap((page) => page.sections.map((section) => ["sections", "text", section.text] as const)),
    ...demoAlbums.flatMap((album) => album.tracks.map((track) => ["tracks", "text", track.text ?? ""] as const)),
    ...demoArticles.map((article) => ["articles", "text", article.text] as const),
    ...demoEvents.map((event) => ["events", "description", event.description] as const),
  ];
}

describe.each(databaseKinds)("migration 0011: plain texts become formatted text, on %s", (kind) => {
  let database: TestDatabase;
  /** Row id → the text it held before. */
  const before = new Map<string, { table: string; column: string; text: string }>();
  const awkwardIds = new Map<keyof typeof awkward, string>();
  const updatedAt = "2026-01-02T03:04:05.000Z";

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    await migrateUpTo(database, 10);
    const { db } = database;
    const image = JSON.stringify({ key: "x/1.webp", width: 1, height: 1, widths: [1] });
    const [page] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into pages (page, header) values ('practical', 'Praktisk info') returning id`),
    );
    const [album] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into albums (artist, year, title, image) values ('Kajens Kvartet', 2024, 'Fra kajen', ${image}::jsonb) returning id`,
      ),
    );
    const insert = async (table: string, column: string, text: string) => {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(
          table === "sections"
            ? sql`insert into sections (page_id, header, text, updated_at) values (${page!.id}, 'Afsnit', ${text}, ${updatedAt}) returning id`
            : table === "tracks"
              ? sql`insert into tracks (album_id, title, text, audio, content_type, updated_at) values (${album!.id}, 'Nummer', ${text}, 'audio/1.mp3', 'audio/mpeg', ${updatedAt}) returning id`
              : table === "articles"
                ? sql`insert into articles (header, text, image, updated_at) values ('Nyhed', ${text}, ${image}::jsonb, ${updatedAt}) returning id`
                : sql`insert into events (title, starts_at, description, updated_at) values ('Koncert', now(), ${text}, ${updatedAt}) returning id`,
        ),
      );
      before.set(row!.id, { table, column, text });
      return row!.id;
    };
    for (const [table, column, text] of demoTexts()) await insert(table, column, text);
    for (const [name, text] of Object.entries(awkward) as [keyof typeof awkward, string][]) {
      // The required texts (sections, articles) were never empty; an optional one could be.
      awkwardIds.set(name, await insert(text === "" ? "tracks" : "sections", "text", text));
      await insert("events", "description", text);
    }

    await database.migrate();
  });

  afterAll(() => database?.destroy());

  async function textOf(table: string, column: string, id: string) {
    const [row] = rowsOf<{ text: string; updated_at: string | Date }>(
      await database.db.execute(
        sql`select ${sql.identifier(column)} as text, updated_at from ${sql.identifier(table)} where id = ${id}`,
      ),
    );
    return row!;
  }

  // The migration carries a frozen copy of the conversion (app/db/data-migrations/), so these expectations are
  // fixed texts and readings, never today's plainTextToRichText: a later change to the feature must not move them.
  it("stores each demo text as paragraphs whose text reads as before", async () => {
    expect(before.size).toBeGreaterThan(40);
    for (const [id, { table, column, text }] of before) {
      const { text: html } = await textOf(table, column, id);
      if (text.trim() === "") expect(html).toBe("");
      else expect(html).toMatch(/^<p>/);
      // Nothing lost: the paragraphs, lines and words come back (line ends of Windows as \n).
      expect(richTextPlain(html), text).toBe(
        text
          .replace(/\r\n/g, "\n")
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean)
          .map((paragraph) =>
            paragraph
              .split("\n")
              .map((line) => line.trim())
              .join("\n"),
          )
          .join("\n\n"),
      );
    }
  });

  it("escapes <, > and &, splits at blank lines and makes addresses links", async () => {
    for (const [name, id] of awkwardIds) {
      const table = awkward[name] === "" ? "tracks" : "sections";
      expect((await textOf(table, "text", id)).text, name).toBe(expectedHtml[name]);
    }
  });

  it("makes the e-mail address and phone number on the demo's Praktisk info links", async () => {
    const [id] = [...before].find(([, { text }]) => text.includes("booking@havnescenen.dk"))!;
    const { text: html } = await textOf("sections", "text", id);
    expect(html).toContain('<a href="mailto:booking@havnescenen.dk">booking@havnescenen.dk</a>');
    expect(html).toContain('<a href="tel:+4586123456">86 12 34 56</a>');
  });

  it("leaves the rows' last change as it was and runs once", async () => {
    const [id] = awkwardIds.values();
    expect(new Date((await textOf("sections", "text", id!)).updated_at).toISOString()).toBe(updatedAt);
    expect(
      rowsOf<{ count: number }>(
        await database.db.execute(sql`select count(*)::int as count from pending_data_migrations`),
      ),
    ).toEqual([{ count: 0 }]);
    const snapshot = await textOf("sections", "text", id!);
    await database.migrate();
    expect(await textOf("sections", "text", id!)).toEqual(snapshot);
  });
});
