import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { collaborators } from "~/lib/collaborators.server";
import { pageTags, rootMetaData } from "~/features/content/meta";
import { EventCard } from "~/features/program/components/event-list";
import { archivedEvents } from "~/features/program/program.server";
import type { Route } from "./+types/koncerter.arkiv";

/** Past concerts, newest first, 20 a page (`?side=2`). */
export async function loader({ url }: Route.LoaderArgs) {
  const requested = Number.parseInt(url.searchParams.get("side") ?? "1", 10);
  return archivedEvents(collaborators().db, new Date(), Number.isFinite(requested) ? requested : 1);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { siteName } = rootMetaData(matches);
  const page = loaderData?.page ?? 1;
  const title = `Tidligere koncerter${page > 1 ? ` (side ${page})` : ""} · ${siteName}`;
  const description = `Koncerter, der har været på ${siteName}.`;
  const path = page > 1 ? `/koncerter/arkiv?side=${page}` : "/koncerter/arkiv";
  return pageTags(matches, { path, title, description });
}

export default function Archive({ loaderData }: Route.ComponentProps) {
  const { events, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 pt-12 sm:pt-16">
      <Link to="/koncerter" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
        ← Kommende koncerter
      </Link>
      <h1 className="mt-4 font-display text-4xl font-bold tracking-tight sm:text-5xl">Tidligere koncerter</h1>
      {events.length === 0 ? (
        <p className="mt-10 text-muted">Der er ingen tidligere koncerter endnu.</p>
      ) : (
        <ul className="mt-10 grid gap-5">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
