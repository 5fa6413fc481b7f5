import { Link } from "react-router";
import { StoredImage } from "~/components/ui/stored-image";
import { DraftBadge } from "~/features/content/components/album-list";
import { formatEventTime } from "~/lib/format";
import { effectiveStart, groupByMonth, statusNote, type ProgramEvent, type ShownEvent } from "../program";
import { Section } from "~/components/ui/section";

/** The status as a word in a badge; the colour only repeats what the text says. */
export function StatusBadge({ event }: { event: Pick<ProgramEvent, "status" | "movedTo" | "startsAt"> }) {
  const note = statusNote(event);
  if (!note) return null;
  const tone =
    event.status === "aflyst"
      ? "bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-50"
      : "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50";
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{note}</span>;
}

export function EventTime({ event }: { event: Pick<ProgramEvent, "startsAt" | "movedTo"> }) {
  const start = effectiveStart(event);
  return <time dateTime={start.toISOString()}>{formatEventTime(start)}</time>;
}

const tileDay = new Intl.DateTimeFormat("da-DK", { timeZone: "Europe/Copenhagen", day: "numeric" });
const tileMonth = new Intl.DateTimeFormat("da-DK", { timeZone: "Europe/Copenhagen", month: "short" });

/** In place of a picture: the day and month, large. The time beside it says the same to a screen reader. */
function DateTile({ event }: { event: Pick<ProgramEvent, "startsAt" | "movedTo"> }) {
  const start = effectiveStart(event);
  return (
    <div
      aria-hidden="true"
      className="grid aspect-square w-full content-center justify-items-center rounded-xl bg-surface text-accent sm:aspect-[3/2]"
    >
      <span className="font-display text-3xl font-bold leading-none sm:text-4xl">{tileDay.format(start)}</span>
      <span className="mt-1 text-sm font-semibold uppercase">{tileMonth.format(start).replace(".", "")}</span>
    </div>
  );
}

/** One concert in a list: time, title, performers, status and where to read more. */
export function EventCard({ event, headingLevel = 3 }: { event: ShownEvent; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const cancelled = event.status === "aflyst";
  return (
    <article
      aria-labelledby={`koncert-${event.id}`}
      className="grid grid-cols-[5.5rem_1fr] gap-4 rounded-2xl border border-border bg-surface-raised p-4 sm:grid-cols-[10rem_1fr] sm:p-5"
    >
      {event.image ? (
        <StoredImage
          image={event.image}
          sizes="(min-width: 640px) 10rem, 5.5rem"
          className="aspect-square w-full rounded-xl object-cover sm:aspect-[3/2]"
        />
      ) : (
        <DateTile event={event} />
      )}
      <div className="grid content-start gap-1.5">
        <p className="text-sm font-semibold text-accent">
          <EventTime event={event} />
          {event.room && <span className="font-normal text-muted"> · {event.room}</span>}
        </p>
        <Heading id={`koncert-${event.id}`} className="font-display text-xl font-bold">
          <Link
            to={`/koncerter/${event.id}`}
            className={`underline-offset-4 hover:underline ${cancelled ? "line-through decoration-2" : ""}`}
          >
            {event.title}
          </Link>
          {!event.published && <DraftBadge />}
        </Heading>
        {event.performers && <p className="text-muted">{event.performers}</p>}
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge event={event} />
          {event.price && !cancelled && <span className="text-muted">{event.price.text}</span>}
        </p>
      </div>
    </article>
  );
}

/** The upcoming programme, a heading per month. */
export function EventsByMonth({ events }: { events: ShownEvent[] }) {
  return (
    <div className="grid gap-12">
      {groupByMonth(events).map((group) => (
        <Section key={group.month} title={group.label}>
          <EventCards events={group.events} className="mt-5" />
        </Section>
      ))}
    </div>
  );
}

/** The front page's "Næste koncerter": nothing when there are none. */
export function NextEvents({ events }: { events: ShownEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="naeste-koncerter" className="mx-auto max-w-6xl px-4 pt-20">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h2 id="naeste-koncerter" className="font-display text-3xl font-bold">
          Næste koncerter
        </h2>
        <Link to="/koncerter" className="font-semibold text-accent underline-offset-4 hover:underline">
          Hele programmet
        </Link>
      </div>
      <EventCards events={events} className="mt-6" />
    </section>
  );
}

function EventCards({ events, className }: { events: ShownEvent[]; className: string }) {
  return (
    <ul className={`grid gap-5 ${className}`}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
