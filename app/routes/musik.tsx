import { AlbumList } from "~/features/content/components/album-list";
import { ArticlePage, PreviewNotice } from "~/features/content/components/page-content";
import { pageMeta } from "~/features/content/meta";
import { musicGroupData } from "~/features/seo/structured-data";
import { getSiteSettings } from "~/features/site/settings.server";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import { getAlbumsWithTracks } from "~/features/content/public.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/musik";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, config } = collaborators();
  const preview = await isAdminPreview(auth, request, url);
  const [page, albums, settings] = await Promise.all([
    loadPageView(db, "music", preview),
    getAlbumsWithTracks(db, { includeDrafts: preview }),
    getSiteSettings(db),
  ]);
  const structuredData = albums.length ? musicGroupData(config.PUBLIC_URL, settings.siteName, albums) : null;
  return { page, albums, preview, structuredData };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.page, "/musik", { structuredData: loaderData?.structuredData });
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
