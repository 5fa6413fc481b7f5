import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { StoredImage } from "~/components/ui/stored-image";
import { collaborators } from "~/lib/collaborators.server";
import { DraftBadge } from "~/features/content/components/album-list";
import { PreviewNotice } from "~/features/content/components/page-content";
import { RichText } from "~/features/content/components/rich-text";
import { richTextBlocks } from "~/features/content/rich-text.server";
import { pageTags, rootMetaData, socialImageUrl } from "~/features/content/meta";
import { isAdminPreview } from "~/features/content/public-page.server";
import { EventTime, StatusBadge } from "~/features/program/components/event-list";
import {
  doorsInstant,
  effectiveStart,
  isSoldOut,
  isUpcoming,
  musicEventData,
  sellsTickets,
} from "~/features/program/program";
import { albumTitleOf, eventById, withPlainDescription } from "~/features/program/program.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { formatDateTime, formatEventTime, formatTime } from "~/lib/format";
import type { Route } from "./+types/koncerter.event";

/** One concert on its own address: what, when, where, the ticket link and "Føj til kalender". */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, auth, config } = collaborators();
  const preview = await isAdminPreview(auth, request, url);
  const stored = await eventById(db, params.eventId, { includeDrafts: preview });
  if (!stored) throw data(null, { status: 404 });
  // The page renders the description's tree; everything else (meta, JSON-LD) reads it as plain text.
  const event = withPlainDescription(stored);
  const [settings, album] = await Promise.all([
    getSiteSettings(db),
    event.albumId ? albumTitleOf(db, event.albumId) : null,
  ]);
  const { offer } = event;
  const imageUrl = socialImageUrl(event.image);
  return {
    event,
    body: richTextBlocks(stored.description),
    preview,
    album,
    upcoming: isUpcoming(event, new Date()),
    ownSale: offer.kind === "own" ? { state: offer.state, opensAt: formatDateTime(offer.opensAt) } : null,
    venue: { name: settings.siteName, address: `${settings.streetAddress}, ${settings.postalCode} ${settings.city}` },
    imageUrl,
    structuredData: musicEventData(event, settings, config.PUBLIC_URL, imageUrl),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { event } = loaderData;
  const title = `${event.title} · ${rootMetaData(matches).siteName}`;
  const when = formatEventTime(effectiveStart(event));
  const description = [
    `${when}${event.room ? `, ${event.room}` : ""}.`,
    event.performers,
    event.description.split("\n")[0],
  ]
    .filter(Boolean)
    .join(" ")
    .slice(0, 200);
  const { imageUrl: image, structuredData } = loaderData;
  return pageTags(matches, { path: `/koncerter/${event.id}`, title, description, image, structuredData });
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, body, album, preview, upcoming, venue, ownSale } = loaderData;
  const doors = doorsInstant(event);
  return (
    <>
      {preview && <PreviewNotice />}
      <article className="mx-auto max-w-4xl px-4 pt-12 sm:pt-16">
        <Link
          to={upcoming ? "/koncerter" : "/koncerter/arkiv"}
          className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          {upcoming ? "← Alle koncerter" : "← Tidligere koncerter"}
        </Link>
        <p className="mt-6 font-semibold text-accent">
          <EventTime event={event} />
        </p>
        <h1
          className={`mt-2 font-display text-4xl font-bold tracking-tight sm:text-5xl ${event.status === "aflyst" ? "line-through decoration-4" : ""}`}
        >
          {event.title}
          {!event.published && <DraftBadge />}
        </h1>
        {event.performers && <p className="mt-3 text-xl text-muted">{event.performers}</p>}
        {album && (
          <p className="mt-2">
            <Link to={`/musik/${album.id}`} className="font-semibold text-accent underline-offset-4 hover:underline">
              Hør albummet {album.title}
            </Link>
          </p>
        )}
        <p className="mt-4">
          <StatusBadge event={event} />
        </p>
        {!upcoming && <p className="mt-4 text-muted">Koncerten har været.</p>}
        <div className="mt-8 grid gap-8 md:grid-cols-[1fr_1.2fr] md:items-start">
          <div className="grid gap-6">
            <dl className="grid gap-5 rounded-2xl border border-border bg-surface-raised p-5">
              <Fact term="Tidspunkt">
                <EventTime event={event} />
                {event.endsAt && <> til {formatTime(event.endsAt)}</>}
              </Fact>
              {doors && <Fact term="Dørene åbner">kl. {formatTime(doors)}</Fact>}
              <Fact term="Sted">
                {event.room ? `${event.room}, ` : ""}
                {venue.name}
                <span className="block font-normal text-muted">{venue.address}</span>
              </Fact>
              {event.price && <Fact term="Pris">{event.price.text}</Fact>}
              {event.ageLimit !== null && <Fact term="Aldersgrænse">{event.ageLimit} år</Fact>}
            </dl>
            {upcoming && (
              <div className="flex flex-wrap items-center gap-3">
                {sellsTickets(event) && (
                  <a
                    href={event.ticketUrl!}
                    target="_blank"
                    rel="external noopener noreferrer"
                    className={buttonStyles.primary}
                  >
                    Køb billet
                    <span className="sr-only"> (åbner billetsælgerens side i en ny fane)</span>
                    <span aria-hidden="true">↗</span>
                  </a>
                )}
                {ownSale?.state === "open" && (
                  <Link to={`/koncerter/${event.id}/billetter`} className={buttonStyles.primary}>
                    Køb billetter
                  </Link>
                )}
                {ownSale?.state === "not-open" && (
                  <p className="font-semibold">Billetsalget åbner {ownSale.opensAt}.</p>
                )}
                {isSoldOut(event) && <p className="font-semibold">Koncerten er udsolgt.</p>}
                {event.status !== "aflyst" && (
                  <a href={`/koncerter/${event.id}/kalender.ics`} download className={buttonStyles.secondary}>
                    Føj til kalender
                  </a>
                )}
              </div>
            )}
          </div>
          {event.image && (
            <StoredImage
              image={event.image}
              sizes="(min-width: 56rem) 30rem, 100vw"
              priority
              className="aspect-[3/2] w-full rounded-2xl object-cover"
            />
          )}
        </div>
        {body.length > 0 && (
          <div className="mt-10 grid max-w-3xl gap-3 leading-relaxed">
            <RichText blocks={body} headingLevel={2} />
          </div>
        )}
      </article>
    </>
  );
}
