import { data } from "react-router";
import { collaborators } from "~/lib/collaborators.server";
import { calendarEventOf } from "~/features/program/program";
import { eventById, withPlainDescription } from "~/features/program/program.server";
import { icsCalendar } from "~/features/rental/ics";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Route } from "./+types/koncerter.event-kalender";

/** "Føj til kalender": one concert as an .ics file. */
export async function loader({ params }: Route.LoaderArgs) {
  const { db, config } = collaborators();
  const event = await eventById(db, params.eventId);
  if (!event) throw data(null, { status: 404 });
  const settings = await getSiteSettings(db);
  const body = icsCalendar(settings.siteName, [
    calendarEventOf(withPlainDescription(event), settings, config.PUBLIC_URL),
  ]);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="koncert.ics"',
      "Cache-Control": "public, max-age=300",
    },
  });
}
