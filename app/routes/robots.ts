import { robotsTxt } from "~/features/seo/sitemap.server";
import { collaborators } from "~/lib/collaborators.server";

export function loader() {
  const { config } = collaborators();
  return new Response(robotsTxt(config.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
