import { eq } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pages } from "~/db/schema";
import { seedDemoContent } from "~/db/seed/seed.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as pageByNameLoader } from "~/routes/api.get-page-by-name";
import { loader as contentPageLoader } from "~/routes/content-page";
import { loader as rootLoader } from "~/root";
import { testCollaborators, type TestCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";
import { demoImageCacheDirectory } from "../support/demo-image-cache";

async function thrownStatus(work: () => unknown) {
  try {
    await work();
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
  throw new Error("expected the loader to throw");
}

describe.each(databaseKinds)("content routes on %s", (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let collaborators: TestCollaborators;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-routes-"));
    collaborators = testCollaborators(database, { dataDir });
    setCollaborators(collaborators);
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("shows the Danish empty page, not an error, while a page has no content", async () => {
    const result = await contentPageLoader(routeArgs("/priser"));
    expect(result.page).toMatchObject({ header: "Empty page", isEmpty: true });

    const api = await pageByNameLoader(
      routeArgs("/api/prisma/get-page-by-name/prices", { params: { name: "prices" } }),
    );
    expect(await api.json()).toEqual({ data: [] });
  });

  it("serves each public path the page seeded for it", async () => {
    await seedDemoContent(database.db, {
      storage: collaborators.storage,
      imageCacheDirectory: demoImageCacheDirectory,
    });
    const expected: Record<string, string> = {
      "/": "Livemusik ved havnen",
      "/musik": "Musik",
      "/priser": "Priser",
      "/praktisk-info/": "Praktisk info",
      "/vilkaar": "Vilkår",
      "/privatlivspolitik": "Privatlivspolitik",
    };
    for (const [pathname, header] of Object.entries(expected)) {
      const result = await contentPageLoader(routeArgs(pathname));
      expect(result.page.header, pathname).toBe(header);
    }
  }, 120_000);

  it("seeds a privacy policy that says who sees a booker's address", async () => {
    const { page } = await contentPageLoader(routeArgs("/privatlivspolitik"));
    const section = page.sections.find((candidate) => candidate.header === "Hvem kan se din adresse");
    expect(JSON.stringify(section?.body)).toContain("kan andre brugere, der er logget ind, se din adresse");
  });

  it("seeds a privacy policy that says what is kept of ticket buyers and check-ins, how long, and what the order's link does", async () => {
    const { page } = await contentPageLoader(routeArgs("/privatlivspolitik"));
    const section = JSON.stringify(page.sections.find((candidate) => candidate.header === "Billetter")?.body);
    expect(section).toContain("hvornår hver billet blev tjekket ind, og hvem af dørpersonalet der gjorde det");
    expect(section).toContain("En betalt ordre gemmes med dens billetter, kvitteringen og indtjekningen");
    expect(section).toContain("i fem år efter regnskabsårets udløb");
    expect(section).toContain("ordren med dit navn og din e-mailadresse gemmes, indtil du sletter den");
    expect(section).toContain("Fra linket kan du også slette dine oplysninger");
  });

  it("seeds a privacy policy that says what the newsletter keeps, and when it forgets an address", async () => {
    const { page } = await contentPageLoader(routeArgs("/privatlivspolitik"));
    const section = JSON.stringify(page.sections.find((candidate) => candidate.header === "Nyhedsbrev")?.body);
    expect(section).toContain("den tekst, du sagde ja til, ord for ord");
    expect(section).toContain("hvilke breve vi har sendt til dig");
    expect(section).toContain("en adresse, der er afmeldt, slettes efter 30 dage");
    expect(section).toContain("gemmer vi den som afvist, så vi ikke skriver til den igen");
  });

  it("shows the seeded texts as formatted text: the e-mail address and phone number on Praktisk info are links", async () => {
    const { page } = await contentPageLoader(routeArgs("/praktisk-info/"));
    const links = JSON.stringify(page.sections.map((section) => section.body));
    expect(links).toContain(
      '{"type":"a","href":"mailto:booking@havnescenen.dk","children":["booking@havnescenen.dk"]}',
    );
    expect(links).toContain('{"type":"a","href":"tel:+4586123456","children":["86 12 34 56"]}');
    expect(page.description).not.toMatch(/[<>]/);
  });

  it("answers the page API in the spec's shape, with public image addresses", async () => {
    const response = await pageByNameLoader(
      routeArgs("/api/prisma/get-page-by-name/frontpage", { params: { name: "frontpage" } }),
    );
    const [page] = ((await response.json()) as { data: ApiPage[] }).data;
    expect(page).toMatchObject({ page_page: "frontpage", page_header: "Livemusik ved havnen" });
    expect(page?.page_image).toMatch(/^\/storage\/v1\/object\/public\/media\/.+\.webp$/);
    expect(page?.sections.map((section) => section.section_header)).toContain("Lej salen for en hel dag");
    // The section text is the stored formatted text (decision 017): the spec's field, now holding HTML.
    expect(page?.sections[0]?.section_text).toMatch(/^<p>Havnescenen er et lille spillested .*<\/p><p>Vi er drevet af/);
    expect(Object.keys(page ?? {})).not.toContain("published");
  });

  it("refuses a path that is not a content page", async () => {
    expect(await thrownStatus(() => contentPageLoader(routeArgs("/admin")))).toBe(404);
  });

  it("gives the layout the colour mode, the build and the venue's public details only", async () => {
    const result = await rootLoader(routeArgs("/", { headers: { Cookie: "color-mode=dark" } }));
    expect(result).toMatchObject({ colorMode: "dark", buildId: "test-build" });
    expect(result.settings.siteName).toBe("Havnescenen");
    expect(Object.keys(result.settings)).not.toContain("seededAt");
  });

  it("keeps drafts out of the page API", async () => {
    await database.db.update(pages).set({ published: false });
    const response = await pageByNameLoader(
      routeArgs("/api/prisma/get-page-by-name/frontpage", { params: { name: "frontpage" } }),
    );
    expect(await response.json()).toEqual({ data: [] });
  });

  it("answers 304 to a repeated request that names the same ETag, and a new ETag after a change", async () => {
    await database.db.update(pages).set({ published: true });
    const args = () => routeArgs("/api/prisma/get-page-by-name/frontpage", { params: { name: "frontpage" } });
    const first = await pageByNameLoader(args());
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await pageByNameLoader(
      routeArgs("/api/prisma/get-page-by-name/frontpage", {
        params: { name: "frontpage" },
        headers: { "If-None-Match": `W/${etag}` },
      }),
    );
    expect(again.status).toBe(304);
    await database.db.update(pages).set({ header: "Ny overskrift" }).where(eq(pages.page, "frontpage"));
    const changed = await pageByNameLoader(
      routeArgs("/api/prisma/get-page-by-name/frontpage", {
        params: { name: "frontpage" },
        headers: { "If-None-Match": etag },
      }),
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });
});

interface ApiPage {
  page_page: string;
  page_header: string;
  page_image: string | null;
  sections: { section_header: string; section_text: string }[];
}
