import { getConfig } from "~/config/env.server";
import { robotsTxt } from "~/features/seo/sitemap.server";

export function loader() {
  return new Response(robotsTxt(getConfig().PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
