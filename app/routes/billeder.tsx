import { getDb } from "~/db/db.server";
import { Gallery } from "~/features/content/components/gallery";
import { ArticlePage, PreviewNotice } from "~/features/content/components/page-content";
import { pageMeta } from "~/features/content/meta";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import { getStockImages } from "~/features/content/public.server";
import type { Route } from "./+types/billeder";

export async function loader({ request, url }: Route.LoaderArgs) {
  const preview = await isAdminPreview(request, url);
  const [page, images] = await Promise.all([
    loadPageView("images", preview),
    getStockImages(getDb(), { includeDrafts: preview }),
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
        <Gallery images={images} />
      </ArticlePage>
    </>
  );
}
