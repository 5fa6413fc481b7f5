import { eq, max } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { archivedLetters } from "~/features/newsletter/letters.server";
import { signedInPathPrefixes } from "~/features/accounts/access";
import { adminContentTypes } from "~/features/content/content-types";
import { pagePaths } from "~/features/content/page-names";
import { withChildren } from "~/features/content/registry";
import { tableOf } from "~/features/content/tables.server";

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
 * The public addresses worth indexing: the content pages, the programme's archive and the calendar, the
 * newsletter's page and each letter of its archive, and what
 * each content type's registry entry names (decision 025): the pages that show it, with the time of its newest
 * published row, and a page of each published row (an album's, a concert's).
 */
export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const changed = new Map<string, Date | null>(
    [...Object.values(pagePaths), "/koncerter/arkiv", "/reservation", "/nyhedsbrev"].map((path) => [path, null]),
  );
  const note = (path: string, date: Date | null) => changed.set(path, latest(changed.get(path), date));
  for (const type of withChildren(adminContentTypes)) {
    if (!type.sitemap) continue;
    const { pages = [], row: pageOf } = type.sitemap;
    const table = tableOf(type);
    const published = eq(table.published, true);
    const [newest] = await db
      .select({ at: max(table.updatedAt) })
      .from(table)
      .where(published);
    for (const path of pages) note(path, newest?.at as Date | null);
    if (!pageOf) continue;
    const rows = (await db.select().from(table).where(published)) as Record<string, unknown>[];
    for (const row of rows) note(pageOf(row), row.updatedAt as Date);
  }
  for (const letter of await archivedLetters(db)) {
    note("/nyhedsbrev/arkiv", letter.startedAt);
    note(`/nyhedsbrev/arkiv/${letter.id}`, letter.startedAt);
  }
  return [...changed].map(([path, lastModified]) => ({ path, lastModified }));
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
    // The newsletter's links: their secret is their access (noindex too).
    "/nyhedsbrev/bekraeft/",
    "/nyhedsbrev/afmeld/",
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
