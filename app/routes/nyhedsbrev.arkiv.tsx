import { Link } from "react-router";
import { pageTags, rootMetaData } from "~/features/content/meta";
import { formatSentOn } from "~/features/newsletter/archive";
import { archivedLetters } from "~/features/newsletter/letters.server";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/nyhedsbrev.arkiv";

/** The letters that went out, newest first: subject and day, nothing about who got them. */
export async function loader() {
  const letters = await archivedLetters(collaborators().db);
  return {
    letters: letters.map((letter) => ({
      id: letter.id,
      subject: letter.subject,
      sentOn: letter.startedAt ? formatSentOn(letter.startedAt) : null,
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { siteName } = rootMetaData(matches);
  return pageTags(matches, {
    path: "/nyhedsbrev/arkiv",
    title: `Tidligere nyhedsbreve · ${siteName}`,
    description: `De nyhedsbreve, ${siteName} har sendt.`,
  });
}

export default function LetterArchive({ loaderData }: Route.ComponentProps) {
  const { letters } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:pt-16">
      <Link to="/nyhedsbrev" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
        ← Nyhedsbrev
      </Link>
      <h1 className="mt-4 font-display text-4xl font-bold tracking-tight sm:text-5xl">Tidligere nyhedsbreve</h1>
      {letters.length === 0 ? (
        <p className="mt-10 text-lg text-muted">Vi har ikke sendt nogen nyhedsbreve endnu.</p>
      ) : (
        <ul className="mt-10 grid gap-3">
          {letters.map((letter) => (
            <li key={letter.id}>
              <Link
                to={`/nyhedsbrev/arkiv/${letter.id}`}
                className="grid gap-1 rounded-2xl border border-border bg-surface-raised p-5 transition-colors hover:border-accent"
              >
                <span className="font-display text-xl font-bold text-ink">{letter.subject}</span>
                {letter.sentOn && <span className="text-sm text-muted">Sendt {letter.sentOn}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-10 text-muted">
        Vil du have de næste i din indbakke?{" "}
        <Link to="/nyhedsbrev" className="font-semibold text-accent underline underline-offset-4">
          Tilmeld dig nyhedsbrevet
        </Link>
      </p>
    </section>
  );
}
