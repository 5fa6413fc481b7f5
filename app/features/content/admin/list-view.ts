import { pageNameLabels, type PageName } from "../page-names";
import type { ResourceName } from "./resources";

/** The line under a record's title in the admin lists. */
export function recordSubtitle(resource: ResourceName, values: Record<string, string>): string {
  switch (resource) {
    case "album":
      return `${values.album_artist} · ${values.album_year}`;
    case "page":
      return pageNameLabels[values.page_page as PageName] ?? values.page_page ?? "";
    case "youtube":
      return values.youtube_link ?? "";
    case "banner":
      return `${values.banner_text} · fokus ${values.banner_range} %`;
    case "stock":
      return values.stock_text ?? "";
    case "article":
      return (values.article_text ?? "").slice(0, 120);
    default:
      return "";
  }
}

export const sortLabels = {
  manual: "Egen rækkefølge",
  newest: "Nyeste først",
  oldest: "Ældste først",
  title: "Titel (A–Å)",
} as const;
