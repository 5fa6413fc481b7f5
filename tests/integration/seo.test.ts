import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { albums } from "~/db/schema";
import { seedDemoContent } from "~/db/seed/seed.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as musicLoader } from "~/routes/musik";
import { loader as programmeLoader } from "~/routes/koncerter";
import { loader as robotsLoader } from "~/routes/robots";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { demoImageCacheDirectory } from "../support/demo-image-cache";

describe("search engines and sharing", () => {
  let database: TestDatabase;
  let dataDir: string;
  const sitemap = async () => (await (await sitemapLoader()).text()) as string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-seo-"));
    database = await createTestDatabase("pglite");
    const collaborators = testCollaborators(database, { dataDir });
    setCollaborators(collaborators);
    await seedDemoContent(database.db, {
      storage: collaborators.storage,
      imageCacheDirectory: demoImageCacheDirectory,
    });
  }, 120_000);

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("lists the public pages with their last change, and each published album", async () => {
    const xml = await sitemap();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain("<loc>http://localhost:3000/musik</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/nyhedsbrev</loc>");
    expect(xml).toMatch(/<loc>http:\/\/localhost:3000\/priser<\/loc>\s*<lastmod>\d{4}-\d{2}-\d{2}T/);
    const [album] = await database.db.select().from(albums).limit(1);
    expect(xml).toContain(`/musik/${album!.id}</loc>`);
  });

  it("drops an album when it is hidden and lists a newly published one", async () => {
    const [album] = await database.db.select().from(albums).limit(1);
    await database.db.update(albums).set({ published: false }).where(eq(albums.id, album!.id));
    expect(await sitemap()).not.toContain(album!.id);
    await database.db
      .update(albums)
      .set({ published: true, updatedAt: new Date("2030-01-02T03:04:05Z") })
      .where(eq(albums.id, album!.id));
    expect(await sitemap()).toContain(
      `<loc>http://localhost:3000/musik/${album!.id}</loc>\n    <lastmod>2030-01-02T03:04:05.000Z</lastmod>`,
    );
  });

  it("keeps crawlers out of accounts, the basket and the admin", async () => {
    const robots = await robotsLoader().text();
    for (const path of [
      "/bruger",
      "/kurv",
      "/album",
      "/reservationer",
      "/api/",
      "/admin/nyhedsbrev",
      "/nyhedsbrev/afmeld/",
    ])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  it("describes the artist, albums and tracks of /musik as schema.org data that parses", async () => {
    const { structuredData } = await musicLoader(routeArgs("/musik"));
    const parsed = JSON.parse(JSON.stringify(structuredData)) as {
      "@graph": {
        "@type": string;
        name: string;
        album: { "@type": string; name: string; track: { "@type": string }[] }[];
      }[];
    };
    const group = parsed["@graph"].find((entry) => entry.name === "Kajens Kvartet");
    expect(group?.["@type"]).toBe("MusicGroup");
    expect(group?.album.map((album) => album.name)).toEqual(["Fra kajen", "Natlys"]);
    expect(group?.album[0]?.track.every((track) => track["@type"] === "MusicRecording")).toBe(true);
  });

  it("tells the demo programme's prices with every fee, its own sales' from the sale", async () => {
    const { events, structuredData } = await programmeLoader(routeArgs("/koncerter"));
    const price = (title: string) => events.find((event) => event.title === title)?.price?.text;
    expect(price("Havnens Julekoncert")).toBe("Fra 140 kr. inkl. gebyr");
    expect(price("Singer-songwriter-aften")).toBe("130 kr. inkl. gebyr");
    expect(price("Kajens Kvartet: Natlys")).toBe("210 kr. inkl. gebyr");
    expect(events.map((event) => event.price?.text ?? "").filter((text) => text.includes("+ gebyr"))).toEqual([]);
    const offers = structuredData.find((data) => data.name === "Havnens Julekoncert")?.offers;
    expect(offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: 140, highPrice: 190, priceCurrency: "DKK" });
  });
});
