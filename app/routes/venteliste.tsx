import { data, Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { concertWhen } from "~/features/tickets/complete.server";
import { leaveWaitlist, waitlistPlaceByToken } from "~/features/tickets/waitlist.server";
import { collaborators } from "~/lib/collaborators.server";
import { ConcertPageHeading } from "~/features/tickets/components/concert-page";
import type { Route } from "./+types/venteliste";
import { privatePageMeta, secretLinkHeaders } from "~/lib/private-page";

async function placeOf(token: string) {
  const place = await waitlistPlaceByToken(collaborators().db, token);
  if (!place) throw data(null, { status: 404, headers: secretLinkHeaders });
  return place;
}

/** A fan's place on a waitlist, by the link in their mail: where it stands, and leaving it. */
export async function loader({ params }: Route.LoaderArgs) {
  const place = await placeOf(params.token);
  return data(
    {
      status: place.status,
      wanted: place.wanted,
      concert: { id: place.event.id, title: place.event.title, when: concertWhen(place.event) },
    },
    { headers: secretLinkHeaders },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ params }: Route.ActionArgs) {
  await placeOf(params.token);
  // An offer made meanwhile stands: the page then shows it.
  return data({ left: await leaveWaitlist(collaborators().db, params.token) }, { headers: secretLinkHeaders });
}

export const meta = () => privatePageMeta("Din plads på ventelisten");

export default function WaitlistPlace({ loaderData, actionData }: Route.ComponentProps) {
  const { concert, status, wanted } = loaderData;
  const text =
    actionData?.left || status === "left"
      ? "Du står ikke længere på ventelisten."
      : status === "offered"
        ? "Du har fået tilbudt billetter. Se e-mailen med tilbuddet: billetterne er reserveret til dig i et døgn."
        : `Du står på ventelisten til ${wanted === 1 ? "1 billet" : `${wanted} billetter`}. Vi skriver til dig, hvis der kommer billetter fri.`;
  return (
    <section className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <ConcertPageHeading concert={concert} title="Din plads på ventelisten">
        {concert.title}, {concert.when}
      </ConcertPageHeading>
      <p role="status" className="mt-8 rounded-2xl border border-border bg-surface-raised p-5 text-lg">
        {text}
      </p>
      {status === "waiting" && !actionData?.left && (
        <Form method="post" className="mt-6">
          <button type="submit" className={buttonStyles.secondary}>
            Fjern mig fra ventelisten
          </button>
        </Form>
      )}
    </section>
  );
}
