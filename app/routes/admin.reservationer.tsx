import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { CardTable } from "~/components/ui/card-table";
import { ConfirmButton } from "~/components/ui/confirm-step";
import { useToastFrom } from "~/components/ui/toaster";
import { formatDanishPhone } from "~/features/accounts/schemas";
import { requireAdmin } from "~/features/accounts/session.server";
import { listBookings } from "~/features/rental/admin.server";
import { WeekdayHead } from "~/features/rental/components/day-calendar";
import { askedMonth } from "~/features/rental/admin-month";
import { formatMonth, monthGrid, shiftMonth } from "~/lib/days";
import { cancelBookingAndNotify } from "~/features/rental/cancellation.server";
import { cancelSchema } from "~/features/rental/schemas";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission } from "~/lib/form";
import { dayBounds, formatDateLong, formatDateTime, formatMoney } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.reservationer";
import { readFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Reservationer");

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const { month, from, to } = askedMonth(url);
  const all = (await listBookings(db, { from, to })).map((booking) => ({
    ...booking,
    bookerPhone: booking.bookerPhone ? formatDanishPhone(booking.bookerPhone) : "",
    label: formatDateLong(dayBounds(booking.day).start),
    price: formatMoney(booking.priceOere),
    when: booking.cancelledAt ? formatDateTime(booking.cancelledAt) : "",
  }));
  const bookings = all.filter((booking) => !booking.cancelledAt);
  return {
    cancelled: all.filter((booking) => booking.cancelledAt),
    month,
    weeks: monthGrid(month).weeks,
    previousMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
    total: formatMoney(bookings.reduce((sum, booking) => sum + booking.priceOere, 0)),
    bookings,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, logger, mailer } = collaborators();
  await requireAdmin(auth, request, url);
  const submission = parseSubmission(await readFormData(request), cancelSchema);
  if (!submission.ok) {
    return answer({ ...submission.answer, toast: errorToast("Skriv en begrundelse for aflysningen") }, 400);
  }
  const { claimId, reason } = submission.value;
  const result = await cancelBookingAndNotify(db, { mailer, logger }, claimId, reason);
  if (!result.ok) return answer({ toast: errorToast("Reservationen kunne ikke aflyses") }, 409);
  return answer({ toast: successToast("Reservationen er aflyst", "Lejeren har fået besked på e-mail.") });
}

export default function AdminReservations({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { month, weeks, bookings } = loaderData;
  const byDay = new Map(bookings.map((booking) => [booking.day, booking]));
  return (
    <section className="mx-auto max-w-6xl px-4 pt-12 pb-16 sm:pt-16">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-4xl font-bold tracking-tight">Reservationer</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/udlejning" className={buttonStyles.secondary}>
            Udlejning
          </Link>
          <Link to="/blokerede-datoer" className={buttonStyles.secondary}>
            Blokerede datoer
          </Link>
          <Link to="/reservationsindstillinger" className={buttonStyles.secondary}>
            Priser og regler
          </Link>
        </div>
      </div>
      <nav aria-label="Måned" className="mt-6 flex flex-wrap items-center gap-3">
        <Link
          to={`?maaned=${loaderData.previousMonth}`}
          className={buttonStyles.secondary}
          aria-label={`Forrige måned, ${formatMonth(loaderData.previousMonth)}`}
        >
          ‹
        </Link>
        <h2 className="min-w-44 text-center font-display text-2xl font-bold first-letter:uppercase">
          {formatMonth(month)}
        </h2>
        <Link
          to={`?maaned=${loaderData.nextMonth}`}
          className={buttonStyles.secondary}
          aria-label={`Næste måned, ${formatMonth(loaderData.nextMonth)}`}
        >
          ›
        </Link>
        <a href={`/reservationer/eksport?maaned=${month}`} className={`${buttonStyles.secondary} ml-auto`} download>
          Hent som CSV
        </a>
      </nav>
      <p className="mt-3 text-muted">
        {bookings.length === 1 ? "1 reserveret dag" : `${bookings.length} reserverede dage`}, i alt {loaderData.total}
      </p>

      <table
        className="mt-6 hidden w-full table-fixed border-separate border-spacing-1 md:table"
        aria-label={`Måneden ${formatMonth(month)}`}
      >
        <WeekdayHead />
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const booking = byDay.get(day);
                if (!day.startsWith(month)) return <td key={day} aria-hidden="true" />;
                return (
                  <td
                    key={day}
                    className={`h-20 rounded-lg border border-border align-top text-xs ${booking ? "bg-violet-100 text-violet-950 dark:bg-violet-900 dark:text-violet-50" : ""}`}
                  >
                    <span className="block p-1 font-semibold">{Number(day.slice(8))}</span>
                    {booking && (
                      <span className="block truncate px-1">{booking.bookerName || booking.bookerAddress}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      {bookings.length > 0 && (
        <CardTable
          className="mt-8 pb-24"
          tableClassName="md:min-w-[52rem]"
          columns={["Dato", "Lejer", "Adresse og telefon", "Beløb", "Aflys"]}
        >
          {bookings.map((booking) => (
            <tr key={booking.claimId} className="border-b border-border align-top">
              <th
                scope="row"
                className="py-3 pr-4 font-medium first-letter:uppercase max-md:basis-full max-md:text-base max-md:font-semibold"
              >
                {booking.label}
              </th>
              <td className="py-3 pr-4 wrap-anywhere max-md:basis-full">
                {booking.bookerName}
                <span className="block text-muted">{booking.bookerEmail}</span>
              </td>
              <td className="py-3 pr-4 max-md:basis-full">
                {booking.bookerAddress}
                <span className="block text-muted">{booking.bookerPhone}</span>
              </td>
              <td className="py-3 pr-4 tabular-nums max-md:basis-full">
                {booking.price}
                {booking.receiptNumber ? (
                  <span className="block text-muted">Kvittering nr. {booking.receiptNumber}</span>
                ) : null}
              </td>
              <td className="py-3 max-md:basis-full">
                <details>
                  <summary className="cursor-pointer list-none rounded-full max-md:inline-block border border-control-border px-3 py-1 text-center font-medium text-red-700 hover:border-accent dark:text-red-300 [&::-webkit-details-marker]:hidden">
                    Aflys
                  </summary>
                  <Form method="post" className="mt-2 grid w-64 max-w-full gap-2">
                    <input type="hidden" name="claimId" value={booking.claimId} />
                    <label htmlFor={`reason-${booking.claimId}`} className="text-sm font-semibold">
                      Begrundelse (sendes til lejeren)
                    </label>
                    <textarea
                      id={`reason-${booking.claimId}`}
                      name="reason"
                      rows={3}
                      required
                      className="rounded-xl border border-control-border bg-surface-raised px-3 py-2"
                    />
                    <ConfirmButton className="justify-self-start">Aflys reservationen</ConfirmButton>
                  </Form>
                </details>
              </td>
            </tr>
          ))}
        </CardTable>
      )}

      {loaderData.cancelled.length > 0 && (
        <section aria-labelledby="aflyste" className="mt-10">
          <h2 id="aflyste" className="font-display text-2xl font-bold">
            Afbestilte og aflyste dage
          </h2>
          <p className="mt-1 text-sm text-muted">Beløbet for disse dage skal refunderes efter vilkårene.</p>
          <ul className="mt-4 divide-y divide-border rounded-2xl border border-border">
            {loaderData.cancelled.map((booking) => (
              <li
                key={booking.claimId}
                className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm wrap-anywhere"
              >
                <span>
                  <span className="inline-block font-semibold first-letter:uppercase">{booking.label}</span>,{" "}
                  {booking.bookerName} ({booking.bookerEmail})
                  <span className="block text-muted">
                    {booking.when}: {booking.cancelReason}
                  </span>
                </span>
                <span className="tabular-nums">{booking.price}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
