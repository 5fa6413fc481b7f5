import { DraftBadge } from "~/features/content/components/album-list";
import { ArticlePage, PreviewNotice } from "~/features/content/components/page-content";
import { VideoEmbed } from "~/features/content/components/video-embed";
import { pageMeta } from "~/features/content/meta";
import { videoData } from "~/features/seo/structured-data";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import { getVideoLinks } from "~/features/content/public.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/videoer";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const preview = await isAdminPreview(auth, request, url);
  const [page, videos] = await Promise.all([
    loadPageView(db, "videos", preview),
    getVideoLinks(db, { includeDrafts: preview }),
  ]);
  return { page, videos, preview };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const videos = loaderData?.videos.map(({ title, videoId, createdAt }) => ({ title, videoId, uploadDate: createdAt }));
  return pageMeta(matches, loaderData?.page, "/videoer", { structuredData: videos?.length ? videoData(videos) : null });
}

export default function Videos({ loaderData }: Route.ComponentProps) {
  const { page, videos, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      <ArticlePage page={page.isEmpty ? { ...page, header: "Videoer" } : page}>
        {videos.length === 0 ? (
          <p className="mt-10 text-muted">Der er ikke lagt videoer op endnu.</p>
        ) : (
          <ul className="mt-12 grid gap-10 md:grid-cols-2">
            {videos.map((video) => (
              <li key={video.id}>
                <h2 className="mb-3 font-display text-xl font-bold">
                  {video.title}
                  {!video.published && <DraftBadge />}
                </h2>
                <VideoEmbed videoId={video.videoId} title={video.title} />
              </li>
            ))}
          </ul>
        )}
      </ArticlePage>
    </>
  );
}
