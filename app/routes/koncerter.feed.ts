import { collaborators } from "~/lib/collaborators.server";
import { calendarEventOf } from "~/features/program/program";
import { eventsForFeed, withPlainDescription } from "~/features/program/program.server";
import { icsCalendar } from "~/features/rental/ics";
import { getSiteSettings } from "~/features/site/settings.server";

/** The whole programme as a calendar to subscribe to (/koncerter.ics). */
export async function loader() {
  const { db, config } = collaborators();
  const [events, settings] = await Promise.all([eventsForFeed(db, new Date()), getSiteSettings(db)]);
  const publicUrl = config.PUBLIC_URL;
  const body = icsCalendar(
    `${settings.siteName}: koncerter`,
    events.map((event) => calendarEventOf(withPlainDescription(event), settings, publicUrl)),
  );
  return new Response(body, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
