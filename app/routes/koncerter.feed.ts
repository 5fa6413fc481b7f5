import { getConfig } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { calendarEventOf } from "~/features/program/program";
import { eventsForFeed } from "~/features/program/program.server";
import { icsCalendar } from "~/features/reservation/ics";
import { getSiteSettings } from "~/features/site/settings.server";

/** The whole programme as a calendar to subscribe to (/koncerter.ics). */
export async function loader() {
  const [events, settings] = await Promise.all([eventsForFeed(getDb(), new Date()), getSiteSettings(getDb())]);
  const publicUrl = getConfig().PUBLIC_URL;
  const body = icsCalendar(
    `${settings.siteName}: koncerter`,
    events.map((event) => calendarEventOf(event, settings, publicUrl)),
  );
  return new Response(body, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
