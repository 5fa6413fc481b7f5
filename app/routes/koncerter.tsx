import { Link } from "react-router";
import { collaborators } from "~/lib/collaborators.server";
import { PreviewNotice } from "~/features/content/components/page-content";
import { pageTags, rootMetaData, socialImageUrl } from "~/features/content/meta";
import { isAdminPreview } from "~/features/content/public-page.server";
import { EventsByMonth } from "~/features/program/components/event-list";
import { musicEventData } from "~/features/program/program";
import { upcomingEvents, withPlainDescription } from "~/features/program/program.server";
import { getSiteSettings } from "~/features/site/settings.server";
import type { Route } from "./+types/koncerter";

/** The programme: every concert from today on, by month. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth, config } = collaborators();
  const preview = await isAdminPreview(auth, request, url);
  const [events, settings] = await Promise.all([
    upcomingEvents(db, new Date(), { includeDrafts: preview }),
    getSiteSettings(db),
  ]);
  const publicUrl = config.PUBLIC_URL;
  const structuredData = events
    .filter((event) => event.published)
    .map((event) => musicEventData(withPlainDescription(event), settings, publicUrl, socialImageUrl(event.image)));
  return { events, preview, structuredData };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { siteName } = rootMetaData(matches);
  const title = `Koncerter · ${siteName}`;
  const description = `Kommende koncerter på ${siteName}: datoer, priser og billetter.`;
  return [
    ...pageTags(matches, {
      path: "/koncerter",
      title,
      description,
      structuredData: loaderData?.structuredData.length ? loaderData.structuredData : null,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "text/calendar",
      title: "Programmet som kalender",
      href: "/koncerter.ics",
    },
  ];
}

export default function Program({ loaderData }: Route.ComponentProps) {
  const { events, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      <div className="mx-auto max-w-4xl px-4 pt-12 sm:pt-16">
        <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Koncerter</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">
          Det kommende program. Vælg en koncert for at læse mere og købe billet.
        </p>
        <div className="mt-10">
          {events.length === 0 ? (
            <p className="text-muted">Der er ingen kommende koncerter lige nu. Kig forbi igen snart.</p>
          ) : (
            <EventsByMonth events={events} />
          )}
        </div>
        <nav
          aria-label="Mere om programmet"
          className="mt-12 flex flex-wrap gap-x-8 gap-y-3 border-t border-border pt-6"
        >
          <Link to="/koncerter/arkiv" className="font-semibold text-accent underline-offset-4 hover:underline">
            Tidligere koncerter
          </Link>
          <a href="/koncerter.ics" className="font-semibold text-accent underline-offset-4 hover:underline">
            Abonnér på programmet i din kalender
          </a>
        </nav>
      </div>
    </>
  );
}
