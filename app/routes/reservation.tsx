import { Link, redirect, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { getSessionUser, loginPath } from "~/features/accounts/session.server";
import { DayCalendar } from "~/features/reservation/components/day-calendar";
import { monthGrid, shiftMonth, todayInCopenhagen } from "~/features/reservation/days";
import { calendarDays, getReservationSettings, holdDay } from "~/features/reservation/reservation.server";
import { holdMinutes, lastBookableDay } from "~/features/reservation/rules";
import { errorToast, type Toast } from "~/features/toast/toast";
import { answer, parseSubmission } from "~/lib/form";
import { dayBounds, formatDateLong, formatMoney } from "~/lib/format";
import type { loader as rootLoader } from "~/root";
import { collaborators, type Collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/reservation";
import { readFormData } from "~/lib/request-body.server";

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
/** A day picked in the calendar; the month shown goes along so that signing in first comes back to it. */
const holdForm = z.object({ day: z.iso.date(), maaned: monthSchema.optional().catch(undefined) });

/** The months the calendar may show: from this month to the one holding the last bookable day. */
function monthBounds(today: string, horizonDays: number) {
  return { first: today.slice(0, 7), last: lastBookableDay(today, horizonDays).slice(0, 7) };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const [user, settings] = await Promise.all([getSessionUser(auth, request), getReservationSettings(db)]);
  const today = todayInCopenhagen();
  const bounds = monthBounds(today, settings.horizonDays);
  const asked = monthSchema.safeParse(url.searchParams.get("maaned"));
  const month = asked.success && asked.data >= bounds.first && asked.data <= bounds.last ? asked.data : bounds.first;
  const grid = monthGrid(month);
  const days = await calendarDays(db, grid, user?.id ?? null);
  return {
    month,
    weeks: grid.weeks,
    // Bookers' addresses stay on the server: the hint for a taken day is given by the action, one day at a time.
    days: days.map(({ address: _address, ...day }) => day),
    previousMonth: month > bounds.first ? shiftMonth(month, -1) : null,
    nextMonth: month < bounds.last ? shiftMonth(month, 1) : null,
    prices: {
      weekday: formatMoney(settings.weekdayPriceOere),
      weekend: formatMoney(settings.weekendPriceOere),
      holidaysAtWeekendPrice: settings.holidaysAtWeekendPrice,
    },
    holdMinutes: holdMinutes(settings),
  };
}

/** Selecting a day (spec §2, §8): a hint for a day that is taken, else the day goes in the basket. */
export async function action({ request }: Route.ActionArgs) {
  const { db, auth, metrics } = collaborators();
  const submission = parseSubmission(await readFormData(request), holdForm);
  const user = await getSessionUser(auth, request);
  if (!user) {
    const month = submission.ok ? submission.value.maaned : undefined;
    throw redirect(loginPath(`/reservation${month ? `?maaned=${month}` : ""}`));
  }
  if (!submission.ok) return answer({ ...submission.answer, toast: errorToast("Vælg en dag i kalenderen") }, 400);
  const { day } = submission.value;
  const [view] = await calendarDays(db, { from: day, to: day }, user.id);
  const toast = await selectDay({ db, metrics }, user.id, day, view!);
  return answer({ toast }, toast.kind === "error" ? 409 : 200);
}

async function selectDay(
  { db, metrics }: Pick<Collaborators, "db" | "metrics">,
  userId: string,
  day: string,
  view: Awaited<ReturnType<typeof calendarDays>>[number],
): Promise<Toast> {
  switch (view.state) {
    case "in-basket":
      return { kind: "info", message: "Du har denne reservation i din indkøbskurv" };
    case "mine":
      return { kind: "info", message: "Du har selv reserveret dagen" };
    case "held-by-others":
      return {
        kind: "info",
        message: "Dagen er optaget lige nu",
        detail: "En anden har dagen i sin kurv. Prøv igen senere.",
      };
    case "others":
      return {
        kind: "info",
        message: "Dagen er allerede reserveret",
        detail: view.address ? `Af adressen ${view.address}` : undefined,
      };
    case "blocked":
      return { kind: "info", message: view.blockedTitle ?? "Dagen er lukket for reservation" };
    case "past":
      return { kind: "info", message: "Dagen kan ikke længere reserveres" };
    case "beyond-horizon":
      return { kind: "info", message: "Dagen kan ikke reserveres endnu" };
    case "free": {
      const held = await holdDay(db, userId, day);
      metrics.holds.inc({ result: held.ok ? "held" : held.reason });
      if (held.ok)
        return { kind: "success", message: "Dagen er lagt i din kurv", detail: formatDateLong(dayBounds(day).start) };
      if (held.reason === "basket-full") {
        const settings = await getReservationSettings(db);
        return {
          kind: "error",
          message: `Du kan højst reservere ${settings.maxDaysPerOrder} dage ad gangen`,
          detail: "Betal for dagene i kurven først.",
        };
      }
      if (held.reason === "blocked") return { kind: "info", message: held.blockedTitle };
      return {
        kind: "info",
        message: "Dagen er optaget lige nu",
        detail: "En anden nåede det lige før dig. Prøv igen senere.",
      };
    }
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const siteName = (matches[0]?.loaderData as { settings?: { siteName: string } } | undefined)?.settings?.siteName;
  return [
    { title: `Reservation · ${siteName ?? "Scene"}` },
    { name: "description", content: "Lej salen for en hel dag. Se ledige dage og priser, og reserver med det samme." },
  ];
}

export default function Reservation({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  useToastFrom(actionData?.toast);
  const { prices } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Reservation</h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">
        Lej salen for en hel dag. Vælg en ledig dag for at lægge den i kurven; den er holdt til dig i{" "}
        {loaderData.holdMinutes} minutter, mens du betaler. Hverdage koster {prices.weekday}, fredage og lørdage{" "}
        {prices.weekend}
        {prices.holidaysAtWeekendPrice ? " (helligdage som fredag og lørdag)" : ""}. Alle priser er inklusive moms.
      </p>
      {!root?.isAuthenticated && (
        <p className="mt-4 rounded-2xl border border-border bg-surface-raised px-4 py-3">
          <Link
            to={`/login?redirectTo=${encodeURIComponent("/reservation")}`}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            Log ind
          </Link>{" "}
          for at reservere. Du kan se de ledige dage uden at logge ind.
        </p>
      )}
      <div className="mt-8">
        <DayCalendar
          month={loaderData.month}
          weeks={loaderData.weeks}
          days={loaderData.days}
          previousMonth={loaderData.previousMonth}
          nextMonth={loaderData.nextMonth}
        />
      </div>
      {root?.isAuthenticated && (
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/kurv" className={buttonStyles.primary}>
            Gå til kurven
          </Link>
          <Link to="/alle-reservationer" className={buttonStyles.secondary}>
            Mine reservationer
          </Link>
        </div>
      )}
    </section>
  );
}
