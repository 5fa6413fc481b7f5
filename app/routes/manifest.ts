import { getSiteSettings } from "~/features/site/settings.server";
import { collaborators } from "~/lib/collaborators.server";

/** The web app manifest, so the site can be added to a phone's home screen. */
export async function loader() {
  const { db } = collaborators();
  const settings = await getSiteSettings(db);
  const manifest = {
    name: settings.siteName,
    short_name: settings.siteName.slice(0, 12),
    description: settings.tagline,
    lang: "da-DK",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#faf7f2",
    theme_color: "#a13a12",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
