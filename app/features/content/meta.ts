import { socialMeta } from "~/features/seo/structured-data";
import { socialImageKey } from "~/features/media/media";
import { publicFileUrl } from "~/features/storage/storage";
import type { PageView } from "./page-view";

interface RootMetaData {
  settings: { siteName: string; tagline: string };
  publicUrl: string;
}

/** The root loader's data as `meta` functions see it. */
export function rootMetaData(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  return matches.find((match) => match?.id === "root")?.loaderData as RootMetaData | undefined;
}

/**
 * Title "{page} · {site}" (the front page: "{site} · {header}"), a description from the first section, the
 * canonical address and the sharing card with the page's image.
 */
export function pageMeta(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  page: PageView | undefined,
  path: string,
  isFrontPage = false,
) {
  const root = rootMetaData(matches);
  const siteName = root?.settings.siteName ?? "Scene";
  const title =
    !page || page.isEmpty ? siteName : isFrontPage ? `${siteName} · ${page.header}` : `${page.header} · ${siteName}`;
  const description = page?.description || root?.settings.tagline || "";
  const image = page?.image ? publicFileUrl(socialImageKey(page.image)) : undefined;
  return [
    { title },
    { name: "description", content: description },
    ...socialMeta({ publicUrl: root?.publicUrl ?? "", path, title, description, image }),
  ];
}
