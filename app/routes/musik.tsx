import { getDb } from "~/db/db.server";
import { AlbumList } from "~/features/content/components/album-list";
import { ArticlePage, PreviewNotice } from "~/features/content/components/page-content";
import { getConfig } from "~/config/env.server";
import { pageMeta } from "~/features/content/meta";
import { albumFacts } from "~/features/seo/album-facts";
import { musicGroupData } from "~/features/seo/structured-data";
import { getSiteSettings } from "~/features/site/settings.server";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import { getAlbumsWithTracks } from "~/features/content/public.server";
import type { Route } from "./+types/musik";

export async function loader({ request, url }: Route.LoaderArgs) {
  const preview = await isAdminPreview(request, url);
  const [page, albums, settings] = await Promise.all([
    loadPageView("music", preview),
    getAlbumsWithTracks(getDb(), { includeDrafts: preview }),
    getSiteSettings(getDb()),
  ]);
  const structuredData = albums.length
    ? musicGroupData(getConfig().PUBLIC_URL, settings.siteName, albums.map(albumFacts))
    : null;
  return { page, albums, preview, structuredData };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const tags = pageMeta(matches, loaderData?.page, "/musik");
  return loaderData?.structuredData ? [...tags, { "script:ld+json": loaderData.structuredData }] : tags;
}

export default function Music({ loaderData }: Route.ComponentProps) {
  const { page, albums, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      <ArticlePage page={page.isEmpty ? { ...page, header: "Musik" } : page}>
        <AlbumList albums={albums} linkTitles />
      </ArticlePage>
    </>
  );
}
