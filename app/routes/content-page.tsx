import { data } from "react-router";
import { ArticlePage, EmptyPageNotice, PreviewNotice } from "~/features/content/components/page-content";
import { pageMeta } from "~/features/content/meta";
import { pageNameByPath } from "~/features/content/page-view";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import type { Route } from "./+types/content-page";

/** One module serves the plain text pages (Priser, Praktisk info, Vilkår, Privatlivspolitik); the path decides which. */
export async function loader({ request, url }: Route.LoaderArgs) {
  // `url` is the page's address (`request.url` of a client navigation ends in ".data").
  const name = pageNameByPath[url.pathname.replace(/(.)\/+$/, "$1")];
  if (!name) throw data(null, { status: 404 });
  const preview = await isAdminPreview(request, url);
  return { name, page: await loadPageView(name, preview), preview };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.page);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      {page.isEmpty ? <EmptyPageNotice /> : <ArticlePage page={page} />}
    </>
  );
}
