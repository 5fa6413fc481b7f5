import { data } from "react-router";
import { bookingEvents } from "~/features/reservation/checkout.server";
import { icsCalendar } from "~/features/reservation/ics";
import { feedBookings } from "~/features/reservation/feeds.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/kalender.feed";

/** A user's personal iCal feed at /kalender/{secret}.ics, for calendar apps to subscribe to. */
export async function loader({ params }: Route.LoaderArgs) {
  const { db, config } = collaborators();
  const token = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(params.feed)?.[1];
  const bookings = token ? await feedBookings(db, token) : null;
  if (!bookings) throw data(null, { status: 404 });
  const settings = await getSiteSettings(db);
  const location = `${settings.streetAddress}, ${settings.postalCode} ${settings.city}`;
  const body = icsCalendar(
    `${settings.siteName}: mine reservationer`,
    bookingEvents(config.PUBLIC_URL, settings.siteName, location, bookings),
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
