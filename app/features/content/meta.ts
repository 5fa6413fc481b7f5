import { socialMeta } from "~/features/seo/structured-data";
import { socialImageKey, type StoredImageRef } from "~/features/media/media";
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

/** The address of an image's sharing card, for the meta tags and JSON-LD. */
export function socialImageUrl(image: StoredImageRef | null | undefined) {
  return image ? publicFileUrl(socialImageKey(image)) : undefined;
}

/** A page's title and description, its canonical address, its sharing card and its JSON-LD, if any. */
export function pageTags(
  matches: Matches,
  { structuredData, ...tags }: Omit<Parameters<typeof socialMeta>[0], "publicUrl"> & { structuredData?: object | null },
) {
  return [
    { title: tags.title },
    { name: "description", content: tags.description },
    ...socialMeta({ publicUrl: rootMetaData(matches).publicUrl, ...tags }),
    ...(structuredData ? [{ "script:ld+json": structuredData }] : []),
  ];
}

/**
 * Title "{page} · {site}" (the front page: "{site} · {header}"), a description from the first section, the
 * canonical address and the sharing card with the page's image.
 */
export function pageMeta(
  matches: Matches,
  page: PageView | undefined,
  path: string,
  { isFrontPage = false, structuredData }: { isFrontPage?: boolean; structuredData?: object | null } = {},
) {
  const { siteName, tagline } = rootMetaData(matches);
  const title =
    !page || page.isEmpty ? siteName : isFrontPage ? `${siteName} · ${page.header}` : `${page.header} · ${siteName}`;
  const image = socialImageUrl(page?.image);
  return pageTags(matches, { path, title, description: page?.description || tagline, image, structuredData });
}
