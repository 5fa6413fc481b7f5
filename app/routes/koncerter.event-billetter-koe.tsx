import { useEffect, useState } from "react";
import { data } from "react-router";
import { collaborators } from "~/lib/collaborators.server";
import { concertWhen } from "~/features/tickets/complete.server";
import { ticketShop } from "~/features/tickets/sale.server";
import { ConcertPageHeading } from "~/features/tickets/components/concert-page";
import type { Route } from "./+types/koncerter.event-billetter-koe";
import { privatePageMeta } from "~/lib/private-page";

/**
 * The sale's waiting page (decision 039). The server's waiting room sends a buyer here with a place in the queue
 * (a cookie); the page is the same for everyone, so the page cache keeps it, and it asks the waiting room how
 * many are ahead until the turn is done (waiting as long as told between questions far back in the line, decision
 * 043), then fetches the answer: the order to pay, or why there were none.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = collaborators();
  const shop = await ticketShop(db, params.eventId);
  if (!shop) throw data(null, { status: 404 });
  return { concert: { id: shop.concert.id, title: shop.concert.title, when: concertWhen(shop.concert) } };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  privatePageMeta(loaderData ? `Kø til billetter: ${loaderData.concert.title}` : "Kø til billetter");

/** How many are ahead, as the waiting room last said; null before its first answer. */
function useQueueAhead(base: string) {
  const [ahead, setAhead] = useState<number | null>(null);
  useEffect(() => {
    let stopped = false;
    void (async () => {
      let first = true;
      while (!stopped) {
        try {
          const response = await fetch(`${base}/status${first ? "" : "?vent=1"}`, { cache: "no-store" });
          // `igen`: far back in the line, the seconds until asking again is worth it.
          const answer = (await response.json()) as { klar: boolean; foran?: number; igen?: number };
          if (answer.klar) return window.location.replace(`${base}/svar`);
          if (!stopped) setAhead(answer.foran ?? 0);
          first = false;
          const { igen } = answer;
          if (igen) await new Promise((resolve) => setTimeout(resolve, igen * 1000));
        } catch {
          // Without a network the question is asked again in a moment; the place in the queue is kept.
          await new Promise((resolve) => setTimeout(resolve, 3000));
        }
      }
    })();
    return () => {
      stopped = true;
    };
  }, [base]);
  return ahead;
}

export default function TicketQueue({ loaderData }: Route.ComponentProps) {
  const { concert } = loaderData;
  const base = `/koncerter/${concert.id}/billetter/koe`;
  const ahead = useQueueAhead(base);
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <noscript>
        <meta httpEquiv="refresh" content={`5;url=${base}/svar`} />
      </noscript>
      <ConcertPageHeading concert={concert} title="Du er i køen">
        {concert.title}, {concert.when}
      </ConcertPageHeading>
      <div
        role="status"
        aria-live="polite"
        className="mt-8 grid gap-3 rounded-2xl border border-border bg-surface-raised p-6 text-lg"
      >
        <p className="font-semibold">
          {ahead === null
            ? "Din bestilling venter på sin tur."
            : ahead === 0
              ? "Det er din tur nu. Vi reserverer dine billetter …"
              : `Der er ${ahead.toLocaleString("da-DK")} foran dig i køen.`}
        </p>
        <p className="text-muted">
          Mange køber billetter lige nu, så bestillingerne behandles én ad gangen, i den rækkefølge de kom. Bliv på
          siden: du kommer videre til betalingen af dig selv, eller får besked, hvis billetterne er udsolgt.
        </p>
      </div>
    </section>
  );
}
