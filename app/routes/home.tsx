import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { BannerRow, LatestArticles } from "~/features/content/components/banners";
import { EmptyPageNotice, FrontPage, PreviewNotice } from "~/features/content/components/page-content";
import { pageMeta } from "~/features/content/meta";
import { isAdminPreview, loadPageView } from "~/features/content/public-page.server";
import { getBanners, getLatestArticles } from "~/features/content/public.server";
import { NextEvents } from "~/features/program/components/event-list";
import { upcomingEvents } from "~/features/program/program.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/home";

const LATEST_ARTICLES = 3;
const NEXT_EVENTS = 3;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const preview = await isAdminPreview(auth, request, url);
  const [page, banners, articles, events] = await Promise.all([
    loadPageView(db, "frontpage", preview),
    getBanners(db, { includeDrafts: preview }),
    getLatestArticles(db, LATEST_ARTICLES, { includeDrafts: preview }),
    upcomingEvents(db, new Date(), { includeDrafts: preview, limit: NEXT_EVENTS }),
  ]);
  return { page, banners, articles, events, preview };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.page, "/", { isFrontPage: true });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, banners, articles, events, preview } = loaderData;
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  return (
    <>
      {preview && <PreviewNotice />}
      {page.isEmpty ? <EmptyPageNotice /> : <FrontPage page={page} tagline={settings?.tagline ?? ""} />}
      <NextEvents events={events} />
      <BannerRow banners={banners} siteName={settings?.siteName ?? ""} />
      <LatestArticles articles={articles} />
    </>
  );
}
