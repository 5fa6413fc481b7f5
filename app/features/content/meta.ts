import type { PageView } from "./page-view";

interface RootMetaData {
  settings: { siteName: string; tagline: string };
}

/** The root loader's data as `meta` functions see it. */
export function rootMetaData(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  return matches.find((match) => match?.id === "root")?.loaderData as RootMetaData | undefined;
}

/** Title "{page} · {site}" (the front page: "{site} · {header}") and a description from the first section. */
export function pageMeta(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[], page: PageView | undefined, isFrontPage = false) {
  const root = rootMetaData(matches);
  const siteName = root?.settings.siteName ?? "Scene";
  const title = !page || page.isEmpty ? siteName : isFrontPage ? `${siteName} · ${page.header}` : `${page.header} · ${siteName}`;
  const description = page?.sections[0]?.text.split("\n")[0]?.slice(0, 160) ?? root?.settings.tagline ?? "";
  return [{ title }, { name: "description", content: description }];
}
