import { getDb } from "~/db/db.server";
import { AlbumList } from "~/features/content/components/album-list";
import { ArticlePage, PreviewNotice } from "~/features/content/components/page-content";
import { pageMeta } from "~/features/content/meta";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import { getAlbumsWithTracks } from "~/features/content/public.server";
import type { Route } from "./+types/musik";

export async function loader({ request, url }: Route.LoaderArgs) {
  const preview = await isAdminPreview(request, url);
  const [page, albums] = await Promise.all([loadPageView("music", preview), getAlbumsWithTracks(getDb(), { includeDrafts: preview })]);
  return { page, albums, preview };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.page);
}

export default function Music({ loaderData }: Route.ComponentProps) {
  const { page, albums, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      <ArticlePage page={page.isEmpty ? { ...page, header: "Musik" } : page}>
        <AlbumList albums={albums} />
      </ArticlePage>
    </>
  );
}
