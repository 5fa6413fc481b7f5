import { data, Link } from "react-router";
import { AlbumList } from "~/features/content/components/album-list";
import { PreviewNotice } from "~/features/content/components/page-content";
import { pageTags, rootMetaData, socialImageUrl } from "~/features/content/meta";
import { isAdminPreview } from "~/features/content/public-page.server";
import { getAlbumsWithTracks } from "~/features/content/public.server";
import { musicGroupData } from "~/features/seo/structured-data";
import { getSiteSettings } from "~/features/site/settings.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/musik.album";

/** One album on its own address, to share and to be found by. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth, config } = collaborators();
  const preview = await isAdminPreview(auth, request, url);
  const album = (await getAlbumsWithTracks(db, { includeDrafts: preview })).find(
    (candidate) => candidate.id === params.albumId,
  );
  if (!album) throw data(null, { status: 404 });
  const settings = await getSiteSettings(db);
  return {
    album,
    preview,
    structuredData: musicGroupData(config.PUBLIC_URL, settings.siteName, [album]),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { album } = loaderData;
  const title = `${album.title} · ${album.artist} · ${rootMetaData(matches).siteName}`;
  const description = `${album.title} af ${album.artist} (${album.year}), ${album.tracks.length} numre.`;
  return pageTags(matches, {
    path: `/musik/${album.id}`,
    title,
    description,
    image: socialImageUrl(album.image),
    type: "music.album",
    structuredData: loaderData.structuredData,
  });
}

export default function AlbumPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.preview && <PreviewNotice />}
      <article className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
        <Link to="/musik" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          ← Al musik
        </Link>
        <h1 className="sr-only">
          {loaderData.album.title} af {loaderData.album.artist}
        </h1>
        <AlbumList albums={[loaderData.album]} />
      </article>
    </>
  );
}
