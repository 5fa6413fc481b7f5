import { Gallery } from "~/features/content/components/gallery";
import { ArticlePage, PreviewNotice } from "~/features/content/components/page-content";
import { pageMeta } from "~/features/content/meta";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import { getStockImages } from "~/features/content/public.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/billeder";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const preview = await isAdminPreview(auth, request, url);
  const [page, images] = await Promise.all([
    loadPageView(db, "images", preview),
    getStockImages(db, { includeDrafts: preview }),
  ]);
  return { page, images, preview };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.page, "/billeder");
}

export default function Images({ loaderData }: Route.ComponentProps) {
  const { page, images, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      <ArticlePage page={page.isEmpty ? { ...page, header: "Billeder" } : page}>
        <Gallery images={images} leadsThePage={!page.image} />
      </ArticlePage>
    </>
  );
}
