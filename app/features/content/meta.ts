import { socialMeta } from "~/features/seo/structured-data";
import { socialImageKey } from "~/features/media/media";
import { publicFileUrl } from "~/features/storage/storage";
import type { PageView } from "./page-view";

interface RootMetaData {
  settings: { siteName: string; tagline: string };
  publicUrl: string;
}

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The root loader's data as `meta` functions see it ("Scene" and no tagline while there is none). */
export function rootMetaData(matches: Matches) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootMetaData | undefined;
  return {
    siteName: root?.settings.siteName ?? "Scene",
    tagline: root?.settings.tagline ?? "",
    publicUrl: root?.publicUrl ?? "",
  };
}

/** A page's title and description, its canonical address and its sharing card. */
export function pageTags(matches: Matches, tags: Omit<Parameters<typeof socialMeta>[0], "publicUrl">) {
  return [
    { title: tags.title },
    { name: "description", content: tags.description },
    ...socialMeta({ publicUrl: rootMetaData(matches).publicUrl, ...tags }),
  ];
}

/**
 * Title "{page} · {site}" (the front page: "{site} · {header}"), a description from the first section, the
 * canonical address and the sharing card with the page's image.
 */
export function pageMeta(matches: Matches, page: PageView | undefined, path: string, isFrontPage = false) {
  const { siteName, tagline } = rootMetaData(matches);
  const title =
    !page || page.isEmpty ? siteName : isFrontPage ? `${siteName} · ${page.header}` : `${page.header} · ${siteName}`;
  const image = page?.image ? publicFileUrl(socialImageKey(page.image)) : undefined;
  return pageTags(matches, { path, title, description: page?.description || tagline, image });
}
