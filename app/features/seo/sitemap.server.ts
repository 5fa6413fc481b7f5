import { and, eq, max } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { albums, articles, banners, pages, stockImages, videoLinks } from "~/db/schema";
import { pagePaths, type PageName } from "~/features/content/page-names";
import { signedInPathPrefixes } from "~/features/accounts/access";
import { eventPages } from "~/features/program/program.server";

export interface SitemapEntry {
  path: string;
  lastModified: Date | null;
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!,
  );

const latest = (...dates: (Date | null | undefined)[]) =>
  dates
    .filter((date): date is Date => date instanceof Date)
    .reduce<Date | null>((newest, date) => (!newest || date > newest ? date : newest), null);

/**
 * The public addresses worth indexing: the content pages (with their newest change), the programme and each
 * published concert, the calendar and each published album.
 */
export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const pageChanges = await db
    .select({ page: pages.page, changed: max(pages.updatedAt) })
    .from(pages)
    .where(eq(pages.published, true))
    .groupBy(pages.page);
  const changedByPage = new Map(pageChanges.map((row) => [row.page, row.changed]));
  const newest = async (
    table: typeof albums | typeof articles | typeof banners | typeof stockImages | typeof videoLinks,
  ) =>
    (
      await db
        .select({ changed: max(table.updatedAt) })
        .from(table)
        .where(eq(table.published, true))
    )[0]?.changed ?? null;
  const [albumsChanged, articlesChanged, bannersChanged, stockChanged, videosChanged] = await Promise.all([
    newest(albums),
    newest(articles),
    newest(banners),
    newest(stockImages),
    newest(videoLinks),
  ]);
  const extra: Partial<Record<PageName, (Date | null)[]>> = {
    frontpage: [articlesChanged, bannersChanged],
    music: [albumsChanged],
    videos: [videosChanged],
    images: [stockChanged],
  };
  const contentPages = (Object.entries(pagePaths) as [PageName, string][]).map(([name, path]) => ({
    path,
    lastModified: latest(changedByPage.get(name), ...(extra[name] ?? [])),
  }));
  const albumPages = await db
    .select({ id: albums.id, updatedAt: albums.updatedAt })
    .from(albums)
    .where(and(eq(albums.published, true)));
  const concerts = await eventPages(db);
  return [
    ...contentPages,
    { path: "/koncerter", lastModified: latest(...concerts.map((concert) => concert.updatedAt)) },
    { path: "/koncerter/arkiv", lastModified: null },
    ...concerts.map((concert) => ({ path: `/koncerter/${concert.id}`, lastModified: concert.updatedAt })),
    { path: "/reservation", lastModified: null },
    { path: "/parallex", lastModified: bannersChanged },
    ...albumPages.map((album) => ({ path: `/musik/${album.id}`, lastModified: album.updatedAt })),
  ];
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]) {
  const urls = entries.map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>`,
      ...(entry.lastModified ? [`    <lastmod>${entry.lastModified.toISOString()}</lastmod>`] : []),
      "  </url>",
    ].join("\n"),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Crawlers keep out of accounts, the basket, the admin and the machinery; the sitemap says where to go. */
export function robotsTxt(publicUrl: string) {
  const disallowed = [
    ...signedInPathPrefixes().filter((path) => !path.startsWith("/api/")),
    "/login",
    "/glemt-adgangskode",
    "/nulstil-adgangskode",
    "/logout",
    "/api/",
    "/kalender/",
    "/_test/",
  ];
  return [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
