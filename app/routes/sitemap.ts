import { getConfig } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { sitemapEntries, sitemapXml } from "~/features/seo/sitemap.server";

export async function loader() {
  const body = sitemapXml(getConfig().PUBLIC_URL, await sitemapEntries(getDb()));
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
