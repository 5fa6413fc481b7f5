import { sitemapEntries, sitemapXml } from "~/features/seo/sitemap.server";
import { collaborators } from "~/lib/collaborators.server";

export async function loader() {
  const { db, config } = collaborators();
  const body = sitemapXml(config.PUBLIC_URL, await sitemapEntries(db));
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
