import { data, Link } from "react-router";
import { pageTags, rootMetaData } from "~/features/content/meta";
import { formatSentOn, letterOnSite } from "~/features/newsletter/archive";
import { LetterView } from "~/features/newsletter/components/letter-view";
import { archivedLetter } from "~/features/newsletter/letters.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/nyhedsbrev.arkiv.brev";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One letter of the archive, as it went out, without the recipient's parts (the unsubscribe link). */
export async function loader({ params }: Route.LoaderArgs) {
  const letter = UUID.test(params.letterId) ? await archivedLetter(collaborators().db, params.letterId) : null;
  if (!letter) throw data(null, { status: 404 });
  return { ...letterOnSite(letter.sent), sentOn: formatSentOn(letter.startedAt) };
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const { siteName } = rootMetaData(matches);
  if (!loaderData) return [{ title: `Siden blev ikke fundet · ${siteName}` }];
  return pageTags(matches, {
    path: `/nyhedsbrev/arkiv/${params.letterId}`,
    title: `${loaderData.subject} · Nyhedsbrev fra ${siteName}`,
    description: `Nyhedsbrevet fra ${siteName}, sendt ${loaderData.sentOn}.`,
  });
}

export default function ArchivedLetter({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <Link to="/nyhedsbrev/arkiv" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
        ← Tidligere nyhedsbreve
      </Link>
      <div className="mt-6">
        <LetterView {...loaderData} />
      </div>
      <p className="mt-10 text-muted">
        Vil du have de næste i din indbakke?{" "}
        <Link to="/nyhedsbrev" className="font-semibold text-accent underline underline-offset-4">
          Tilmeld dig nyhedsbrevet
        </Link>
      </p>
    </div>
  );
}
