import { data, Form } from "react-router";
import { requireDoorStaff } from "~/features/accounts/session.server";
import { CheckInButton, DoorCheck } from "~/features/tickets/components/door-check";
import { concertWhen } from "~/features/tickets/complete.server";
import { checkIn, doorConcerts, doorCount, searchDoor } from "~/features/tickets/door.server";
import { checkInAnswer } from "~/features/tickets/rules";
import { checkInSchema } from "~/features/tickets/schemas";
import { parseSubmission } from "~/lib/form";
import { collaborators } from "~/lib/collaborators.server";
import { formatTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/private-page";
import { readFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/indgang";

export const meta = () => privatePageMeta("Indgang");

const noStore = { "Cache-Control": "private, no-store" };

/** The door on a phone (issue 36): today's concert (or the one chosen), its live count, and a search by name. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireDoorStaff(auth, request, url);
  const concerts = await doorConcerts(db);
  const chosen = concerts.find((concert) => concert.id === url.searchParams.get("koncert")) ?? concerts[0] ?? null;
  const query = (url.searchParams.get("soeg") ?? "").trim().slice(0, 100);
  const [count, found] = chosen
    ? await Promise.all([doorCount(db, chosen.id), query.length >= 2 ? searchDoor(db, chosen.id, query) : null])
    : [null, null];
  return data(
    {
      concerts: concerts.map((concert) => ({ id: concert.id, label: `${concert.title}, ${concertWhen(concert)}` })),
      chosen: chosen && { id: chosen.id, title: chosen.title, when: concertWhen(chosen) },
      count,
      query,
      found:
        found?.map((ticket) => ({
          token: ticket.token,
          name: ticket.holderName,
          buyer: ticket.bookerName !== ticket.holderName ? ticket.bookerName : null,
          order: ticket.receiptNumber,
          type: ticket.typeName ?? "Gæsteliste",
          checkedIn: ticket.checkedInAt && formatTime(ticket.checkedInAt),
        })) ?? null,
    },
    { headers: noStore },
  );
}

/** The code form without JavaScript: the same check-in as `/indgang/tjek`. */
export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth } = collaborators();
  const staff = await requireDoorStaff(auth, request, url);
  const submission = parseSubmission(await readFormData(request), checkInSchema);
  if (!submission.ok) return data({ colour: "red" as const, text: "Skriv billettens kode." }, { status: 400 });
  const outcome = await checkIn(db, {
    eventId: submission.value.koncert,
    scanned: submission.value.kode,
    staffId: staff.id,
  });
  return checkInAnswer(outcome, formatTime);
}

export default function DoorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { chosen, concerts, count, found } = loaderData;
  return (
    <section className="mx-auto max-w-lg px-4 pt-6 pb-16">
      <h1 className="font-display text-3xl font-bold tracking-tight">Indgang</h1>
      {!chosen ? (
        <p className="mt-6 text-lg">Der er ingen koncerter med billetter i dag eller senere.</p>
      ) : (
        <>
          {concerts.length > 1 && (
            <Form method="get" className="mt-4 flex gap-2">
              <label htmlFor="door-concert" className="sr-only">
                Koncert
              </label>
              <select
                id="door-concert"
                name="koncert"
                defaultValue={chosen.id}
                className="min-w-0 flex-1 rounded-xl border border-control-border bg-surface-raised px-3 py-2"
              >
                {concerts.map((concert) => (
                  <option key={concert.id} value={concert.id}>
                    {concert.label}
                  </option>
                ))}
              </select>
              <button type="submit" className="rounded-xl border border-control-border px-4 py-2 font-semibold">
                Skift
              </button>
            </Form>
          )}
          <p className="mt-3 text-lg font-semibold">{chosen.title}</p>
          <p className="text-muted">{chosen.when}</p>
          <p className="mt-3 text-2xl font-bold tabular-nums" aria-live="polite">
            <span data-testid="door-count">
              {count!.checkedIn} af {count!.sold}
            </span>{" "}
            <span className="text-base font-normal text-muted">tjekket ind</span>
          </p>
          <div className="mt-5">
            <DoorCheck key={chosen.id} concertId={chosen.id} answer={actionData ?? null} />
          </div>
          <Form method="get" role="search" className="mt-8 flex gap-2">
            <input type="hidden" name="koncert" value={chosen.id} />
            <label htmlFor="door-search" className="sr-only">
              Søg på navn eller ordrenummer
            </label>
            <input
              id="door-search"
              name="soeg"
              type="search"
              defaultValue={loaderData.query}
              placeholder="Navn eller ordrenummer"
              className="min-w-0 flex-1 rounded-xl border border-control-border bg-surface-raised px-4 py-2.5"
            />
            <button type="submit" className="rounded-xl border border-control-border px-4 py-2 font-semibold">
              Søg
            </button>
          </Form>
          {found && (
            <ul className="mt-4 grid gap-2">
              {found.length === 0 && <li className="text-muted">Ingen billetter på det navn eller nummer.</li>}
              {found.map((ticket) => (
                <li
                  key={ticket.token}
                  className="flex items-center justify-between gap-3 rounded-2xl border border-border bg-surface-raised px-4 py-3"
                >
                  <span>
                    <span className="block font-semibold">{ticket.name}</span>
                    <span className="text-sm text-muted">
                      {ticket.type}
                      {ticket.order ? ` · ordre ${ticket.order}` : ""}
                      {ticket.buyer ? ` · købt af ${ticket.buyer}` : ""}
                    </span>
                  </span>
                  {ticket.checkedIn ? (
                    <span className="text-sm font-semibold">Tjekket ind {ticket.checkedIn}</span>
                  ) : (
                    <CheckInButton concertId={chosen.id} token={ticket.token} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
