import { pageNameLabels, type PageName } from "../page-names";
import { eventStatusLabels, type EventStatus } from "~/features/program/event-status";
import { copenhagenInstant, formatEventTime } from "~/lib/format";
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
    case "event":
      return eventSubtitle(values);
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

/** "fre. 4. dec. kl. 20.00 · Udsolgt": when and how a concert stands, from its form values. */
function eventSubtitle(values: Record<string, string>) {
  const [date, time] = (values.event_moved_to || values.event_start || "").split("T");
  const when = date && time ? formatEventTime(copenhagenInstant(date, time)) : "";
  const status = eventStatusLabels[values.event_status as EventStatus] ?? "";
  return [when, status].filter(Boolean).join(" · ");
}
