import type { events } from "~/db/schema";
import type { CalendarEvent } from "~/features/rental/ics";
import { postalAddress } from "~/features/seo/structured-data";
import type { PublicSiteSettings } from "~/features/site/settings";
import type { ConcertPrice } from "~/features/tickets/concert-price";
import type { EventStatus } from "~/db/schema/values/content";
import type { TicketOffer } from "~/features/tickets/sale.server";
import { eventStatusLabels } from "./event-status";
import { formatMonth } from "~/lib/days";
import { copenhagenDateKey, copenhagenDateTime, copenhagenInstant, dayBounds, formatEventTime } from "~/lib/format";

/**
 * The programme's rules (Koncerter): when a concert counts as past, how it is grouped and labelled, and how it is
 * told to search engines and calendars. Pure functions; every page, feed and query asks them.
 */

export type ProgramEvent = typeof events.$inferSelect;

/**
 * A concert as fans are shown it: the price they first see (`concertPrice`, fee included) in place of the admin's
 * text, which a concert with its own sale does not use, and what its sale says (`ticketOffersOf`).
 */
export type ShownEvent = Omit<ProgramEvent, "price"> & { price: ConcertPrice | null; offer: TicketOffer };

/** When the concert takes place: the new time of a moved concert. */
export function effectiveStart(event: Pick<ProgramEvent, "startsAt" | "movedTo">): Date {
  return event.movedTo ?? event.startsAt;
}

/**
 * Concerts starting from this instant on are upcoming: the start of today in Copenhagen. A concert therefore
 * leaves the programme at the end of its day there, whatever the time it started, also on the days the clocks change.
 */
export function programBoundary(now: Date): Date {
  return dayBounds(copenhagenDateKey(now)).start;
}

export function isUpcoming(event: Pick<ProgramEvent, "startsAt" | "movedTo">, now: Date): boolean {
  return effectiveStart(event) >= programBoundary(now);
}

/** Upcoming concerts in the order given, grouped by their Copenhagen month: "december 2026" → [...]. */
export function groupByMonth<T extends Pick<ProgramEvent, "startsAt" | "movedTo">>(list: T[]) {
  const groups: { month: string; label: string; events: T[] }[] = [];
  for (const event of list) {
    const month = copenhagenDateKey(effectiveStart(event)).slice(0, 7);
    let group = groups.at(-1);
    if (group?.month !== month) {
      const label = formatMonth(month);
      group = { month, label: label.charAt(0).toUpperCase() + label.slice(1), events: [] };
      groups.push(group);
    }
    group.events.push(event);
  }
  return groups;
}

/** The status as text (never by colour alone): null for a planned concert. */
export function statusNote(event: Pick<ProgramEvent, "status" | "movedTo" | "startsAt">): string | null {
  if (event.status === "planlagt") return null;
  return event.status === "flyttet"
    ? `Flyttet fra ${formatEventTime(event.startsAt)}`
    : eventStatusLabels[event.status];
}

/** Sold out: marked so by the admin, or its own sale has nothing left. */
export const isSoldOut = ({ status, offer }: Pick<ShownEvent, "status" | "offer">) =>
  status === "udsolgt" || (offer.kind === "own" && offer.state === "sold-out");

/** Doors as an instant: the wall-clock time on the concert's (new) day in Copenhagen. */
export function doorsInstant(event: Pick<ProgramEvent, "startsAt" | "movedTo" | "doorsOpen">): Date | null {
  if (!event.doorsOpen) return null;
  return copenhagenInstant(copenhagenDateTime(effectiveStart(event)).date, event.doorsOpen);
}

/** Whether tickets can be bought: a ticket link, and the concert neither sold out nor cancelled. */
export function sellsTickets(event: Pick<ProgramEvent, "ticketUrl" | "status" | "ticketSale">): boolean {
  return (
    event.ticketSale === "link" && Boolean(event.ticketUrl) && event.status !== "udsolgt" && event.status !== "aflyst"
  );
}

/** The performers, one per comma (the admin form asks so): a band called "Nat & Dag" stays one. */
export function performerNames(performers: string): string[] {
  return performers
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * An offer's price as schema.org reads it, in kroner with every fee (`concertPrice`): one price, or an aggregate of
 * the ticket types' lowest and highest.
 */
function offerPrice(price: ConcertPrice | null) {
  if (price?.lowestOere == null || price.highestOere === null) return null;
  if (price.lowestOere === price.highestOere) {
    return { "@type": "Offer", price: price.lowestOere / 100, priceCurrency: "DKK" };
  }
  return {
    "@type": "AggregateOffer",
    lowPrice: price.lowestOere / 100,
    highPrice: price.highestOere / 100,
    priceCurrency: "DKK",
  };
}

const eventStatusTypes: Record<EventStatus, string> = {
  planlagt: "https://schema.org/EventScheduled",
  udsolgt: "https://schema.org/EventScheduled",
  aflyst: "https://schema.org/EventCancelled",
  flyttet: "https://schema.org/EventRescheduled",
};

/** schema.org MusicEvent (JSON-LD) of a concert at the venue, as search engines read an event. */
export function musicEventData(
  event: ShownEvent,
  venue: PublicSiteSettings,
  publicUrl: string,
  imageUrl: string | undefined,
) {
  const url = `${publicUrl}/koncerter/${event.id}`;
  const price = offerPrice(event.price);
  const doors = doorsInstant(event);
  const performers = performerNames(event.performers);
  const ticketPage =
    event.ticketSale === "own" ? `${url}/billetter` : event.ticketSale === "link" ? event.ticketUrl : null;
  return {
    "@context": "https://schema.org",
    "@type": "MusicEvent",
    name: event.title,
    url,
    startDate: effectiveStart(event).toISOString(),
    ...(event.endsAt ? { endDate: event.endsAt.toISOString() } : {}),
    ...(doors ? { doorTime: doors.toISOString() } : {}),
    ...(event.status === "flyttet" ? { previousStartDate: event.startsAt.toISOString() } : {}),
    eventStatus: eventStatusTypes[event.status],
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    ...(event.description ? { description: event.description } : {}),
    ...(imageUrl ? { image: [`${publicUrl}${imageUrl}`] } : {}),
    location: {
      "@type": "MusicVenue",
      name: venue.siteName,
      address: postalAddress(venue),
    },
    ...(performers.length ? { performer: performers.map((name) => ({ "@type": "PerformingGroup", name })) } : {}),
    organizer: { "@type": "Organization", name: venue.businessName || venue.siteName, url: publicUrl },
    ...(ticketPage || price !== null
      ? {
          offers: {
            ...(price ?? { "@type": "Offer" }),
            ...(ticketPage ? { url: ticketPage } : {}),
            availability: isSoldOut(event) ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
          },
        }
      : {}),
    ...(event.ageLimit ? { typicalAgeRange: `${event.ageLimit}-` } : {}),
  };
}

/** A concert as an iCalendar event: its (new) time, the venue's address, and "AFLYST" when cancelled. */
export function calendarEventOf(event: ShownEvent, venue: PublicSiteSettings, publicUrl: string): CalendarEvent {
  const host = new URL(publicUrl).hostname;
  const note = statusNote(event);
  return {
    uid: `koncert-${event.id}@${host}`,
    start: effectiveStart(event),
    end: event.endsAt ?? undefined,
    summary: event.status === "aflyst" ? `AFLYST: ${event.title}` : event.title,
    location: `${venue.siteName}, ${venue.streetAddress}, ${venue.postalCode} ${venue.city}`,
    description:
      [note, event.performers, event.price?.text, event.description].filter(Boolean).join("\n\n") || undefined,
    url: `${publicUrl}/koncerter/${event.id}`,
    cancelled: event.status === "aflyst",
  };
}
