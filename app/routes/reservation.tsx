import { ButtonLink } from "~/components/ui/button-link";
import type { Route } from "./+types/reservation";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = (matches[0]?.loaderData as { settings?: { siteName: string } } | undefined)?.settings?.siteName;
  return [
    { title: `Reservation · ${siteName ?? "Scene"}` },
    { name: "description", content: "Lej salen for en hel dag. Se ledige dage og priser." },
  ];
}

// The day calendar with basket and payment replaces this page in the reservation work.
export default function Reservation() {
  return (
    <section className="mx-auto max-w-3xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Reservation</h1>
      <p className="mt-6 text-lg leading-relaxed text-muted">
        Salen lejes ud for en hel dag ad gangen. Onlinekalenderen med ledige dage åbner snart; indtil da kan du se
        priserne og skrive til os for at reservere.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/priser">Se priser</ButtonLink>
        <ButtonLink to="/praktisk-info" variant="secondary">
          Praktisk info
        </ButtonLink>
      </div>
    </section>
  );
}
