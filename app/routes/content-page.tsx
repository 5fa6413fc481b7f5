import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { ArticlePage, EmptyPageNotice, FrontPage } from "~/features/content/components/page-content";
import { pageNameByPath, pageViewFrom } from "~/features/content/page-view";
import { getPublishedPagesByName } from "~/features/content/pages.server";
import type { Route } from "./+types/content-page";

/** One module serves every public text page; the path decides which page (routes.ts). */
export async function loader({ url }: Route.LoaderArgs) {
  // `url` is the page's address (`request.url` of a client navigation ends in ".data").
  const name = pageNameByPath[url.pathname.replace(/(.)\/+$/, "$1")];
  if (!name) throw data(null, { status: 404 });
  const page = pageViewFrom(await getPublishedPagesByName(getDb(), name));
  return { name, page };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { settings: { siteName: string; tagline: string } }
    | undefined;
  const siteName = root?.settings.siteName ?? "Scene";
  const page = loaderData?.page;
  const title = !page || page.isEmpty ? siteName : loaderData.name === "frontpage" ? `${siteName} · ${page.header}` : `${page.header} · ${siteName}`;
  const description = page?.sections[0]?.text.split("\n")[0]?.slice(0, 160) ?? root?.settings.tagline ?? "";
  return [{ title }, { name: "description", content: description }];
}

export default function ContentPage({ loaderData, matches }: Route.ComponentProps) {
  const { page, name } = loaderData;
  if (page.isEmpty) return <EmptyPageNotice />;
  if (name === "frontpage") {
    const tagline = (matches[0]?.data as { settings?: { tagline: string } } | undefined)?.settings?.tagline ?? "";
    return <FrontPage page={page} tagline={tagline} />;
  }
  return <ArticlePage page={page} />;
}
