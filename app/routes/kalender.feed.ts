import { data } from "react-router";
import { feedCalendar } from "~/features/rental/feeds.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/kalender.feed";

/** A user's personal iCal feed at /kalender/{secret}.ics, for calendar apps to subscribe to. */
export async function loader({ params }: Route.LoaderArgs) {
  const { db, config } = collaborators();
  const token = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(params.feed)?.[1];
  const body = token ? await feedCalendar(db, config.PUBLIC_URL, token) : null;
  if (body === null) throw data(null, { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
