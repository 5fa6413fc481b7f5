import { data, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { concertWhen, ticketUrl } from "~/features/tickets/complete.server";
import { QrCode } from "~/features/tickets/components/qr-code";
import { groupedDoorCode } from "~/features/tickets/door-code";
import { concertOf, ticketByToken } from "~/features/tickets/orders.server";
import { qrPath } from "~/features/tickets/qr.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { collaborators } from "~/lib/collaborators.server";
import { formatTime } from "~/lib/format";
import type { Route } from "./+types/billet";
import { privatePageMeta, secretLinkHeaders } from "~/lib/private-page";

/** A ticket's own page, the QR code's address: what it is for, the code to show at the door, and the calendar. */
export async function loader({ params }: Route.LoaderArgs) {
  const { db, config } = collaborators();
  const ticket = await ticketByToken(db, params.token);
  if (!ticket) throw data(null, { status: 404, headers: secretLinkHeaders });
  const [concert, settings] = await Promise.all([concertOf(db, ticket.eventId), getSiteSettings(db)]);
  return data(
    {
      concert: {
        id: concert!.id,
        title: concert!.title,
        when: concertWhen(concert!),
        doors: concert!.doorsOpen,
        room: concert!.room,
        cancelled: concert!.status === "aflyst",
      },
      venue: `${settings.siteName}, ${settings.streetAddress}, ${settings.postalCode} ${settings.city}`,
      holder: ticket.holderName,
      type: ticket.typeName ?? "Gæsteliste",
      code: groupedDoorCode(ticket.doorCode),
      status: ticket.status,
      checkedIn: ticket.checkedInAt && formatTime(ticket.checkedInAt),
      orderToken: ticket.orderToken,
      qr: qrPath(ticketUrl(config.PUBLIC_URL, ticket.token)),
    },
    { headers: secretLinkHeaders },
  );
}

// The page is the token's holder's alone, and changes (paid, checked in): never kept by the page cache.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  privatePageMeta(loaderData ? `Billet: ${loaderData.concert.title}` : "Billet");

export default function TicketPage({ loaderData }: Route.ComponentProps) {
  const { concert, status, qr } = loaderData;
  const valid = status === "sold" && !concert.cancelled;
  return (
    <section className="mx-auto max-w-md px-4 pt-10 pb-16">
      <article className="overflow-hidden rounded-3xl border border-border bg-surface-raised">
        <div className="p-6">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Billet · {loaderData.type}</p>
          <h1 className="mt-1 font-display text-3xl font-bold tracking-tight">{concert.title}</h1>
          <p className="mt-2">{concert.when}</p>
          {concert.doors && <p className="text-muted">Dørene åbner kl. {concert.doors.replace(":", ".")}</p>}
          <p className="mt-2 text-muted">
            {concert.room ? `${concert.room}, ` : ""}
            {loaderData.venue}
          </p>
          <p className="mt-4 font-semibold">{loaderData.holder}</p>
        </div>
        <div className="grid justify-items-center gap-3 border-t border-dashed border-border p-6">
          {valid ? (
            <>
              <QrCode path={qr.path} size={qr.size} label="Billettens QR-kode" className="w-64 max-w-full rounded-xl" />
              <p className="font-mono text-2xl font-bold tracking-widest">{loaderData.code}</p>
              <p role="status" className="text-center text-muted">
                {loaderData.checkedIn
                  ? `Tjekket ind kl. ${loaderData.checkedIn}.`
                  : "Vis QR-koden ved indgangen. Billetten kan bruges én gang."}
              </p>
            </>
          ) : (
            <p role="alert" className="text-center text-lg font-semibold text-red-700 dark:text-red-300">
              {concert.cancelled
                ? "Koncerten er aflyst. Billetten er ikke gyldig."
                : status === "refunded"
                  ? "Billetten er refunderet og ikke længere gyldig."
                  : "Billetten er ikke betalt."}
            </p>
          )}
        </div>
      </article>
      <div className="mt-6 flex flex-wrap gap-3">
        {valid && (
          <a href={`/koncerter/${concert.id}/kalender.ics`} download className={buttonStyles.secondary}>
            Føj til kalender
          </a>
        )}
        {loaderData.orderToken && (
          <Link to={`/billetter/ordre/${loaderData.orderToken}`} className={buttonStyles.secondary}>
            Hele ordren
          </Link>
        )}
      </div>
    </section>
  );
}
