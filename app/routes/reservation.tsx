import { Link, redirect, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import { getSessionUser, loginPath } from "~/features/accounts/session.server";
import { monthSchema } from "~/features/rental/admin-month";
import { DayCalendar } from "~/features/rental/components/day-calendar";
import { formatDay, monthGrid, shiftMonth, todayInCopenhagen } from "~/lib/days";
import { calendarDays } from "~/features/rental/calendar.server";
import { holdDay, type HoldResult } from "~/features/rental/holds.server";
import { getReservationSettings } from "~/features/rental/settings.server";
import { holdMinutes, lastBookableDay } from "~/features/rental/rules";
import { errorToast, infoToast, successToast, type Toast } from "~/features/toast/toast";
import { answer, parseSubmission } from "~/lib/form";
import { basketCustomerType } from "~/features/rental/basket.server";
import { CustomerTypeChooser } from "~/features/rental/components/customer-type-chooser";
import { PriceTable } from "~/features/rental/components/price-list";
import { customerTypeLabels } from "~/features/rental/customer-types";
import { priceListOf } from "~/features/rental/price-list";
import type { loader as rootLoader } from "~/root";
import { rootMetaData } from "~/features/content/meta";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/reservation";
import { readFormData } from "~/lib/request-body.server";

/** A day picked in the calendar; the month shown goes along so that signing in first comes back to it. */
const holdForm = z.object({ day: z.iso.date(), maaned: monthSchema.optional().catch(undefined) });

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const [user, settings] = await Promise.all([getSessionUser(auth, request), getReservationSettings(db)]);
  const customerType = user ? await basketCustomerType(db, user.id) : "privat";
  const today = todayInCopenhagen();
  // The months the calendar may show: from this month to the one holding the last bookable day.
  const bounds = { first: today.slice(0, 7), last: lastBookableDay(today, settings.horizonDays).slice(0, 7) };
  const asked = monthSchema.safeParse(url.searchParams.get("maaned"));
  const month = asked.success && asked.data >= bounds.first && asked.data <= bounds.last ? asked.data : bounds.first;
  const grid = monthGrid(month);
  return {
    month,
    weeks: grid.weeks,
    days: await calendarDays(db, grid, user?.id ?? null),
    previousMonth: month > bounds.first ? shiftMonth(month, -1) : null,
    nextMonth: month < bounds.last ? shiftMonth(month, 1) : null,
    customerType,
    priceList: priceListOf(settings),
    holdMinutes: holdMinutes(settings),
    bufferDays: settings.bufferDays,
  };
}

/** Selecting a day (spec §2, §8): the day goes in the basket, or the hold's refusal says why not. */
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
  const held = await holdDay(db, user.id, day);
  metrics.holds.inc({ result: held.ok ? "held" : held.reason });
  const toast = held.ok ? successToast("Dagen er lagt i din kurv", formatDay(day)) : refusal(held);
  return answer({ toast }, toast.kind === "error" ? 409 : 200);
}

/** What the user is told of a day that did not go into the basket. */
function refusal(held: Extract<HoldResult, { ok: false }>): Toast {
  switch (held.reason) {
    case "in-basket":
      return infoToast("Du har denne reservation i din indkøbskurv");
    case "mine":
      return infoToast("Du har selv reserveret dagen");
    case "requested":
      return infoToast("Du har forespurgt dagen", "Se forespørgslen under Mine reservationer.");
    case "held-by-others":
      return infoToast("Dagen er optaget lige nu", "En anden har dagen i sin kurv. Prøv igen senere.");
    case "others":
      return infoToast("Dagen er allerede reserveret", held.address ? `Af adressen ${held.address}` : undefined);
    case "blocked":
      return infoToast(held.blockedTitle);
    case "past":
      return infoToast("Dagen kan ikke længere reserveres");
    case "beyond-horizon":
      return infoToast("Dagen kan ikke reserveres endnu");
    case "buffer":
      return infoToast("Dagen er ikke ledig", "Den holdes fri til forberedelse omkring en anden booking.");
    case "basket-full":
      return errorToast(
        `Du kan højst reservere ${held.maxDaysPerOrder} ${held.maxDaysPerOrder === 1 ? "dag" : "dage"} ad gangen`,
        "Betal for dagene i kurven først.",
      );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: `Reservation · ${rootMetaData(matches).siteName}` },
    { name: "description", content: "Lej salen for en hel dag. Se ledige dage og priser, og reserver med det samme." },
  ];
}

export default function Reservation({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  useToastFrom(actionData?.toast);
  const { priceList, customerType } = loaderData;
  const myPrices = priceList.rows.find((row) => row.customerType === customerType)!;
  return (
    <section className="mx-auto max-w-4xl px-4 pt-12 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight sm:text-5xl">Reservation</h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">
        Lej salen for en hel dag. Vælg en ledig dag for at lægge den i kurven; den er holdt til dig i{" "}
        {loaderData.holdMinutes} minutter, mens du betaler. Prisen afhænger af, hvem der lejer; alle priser er inklusive
        moms.
      </p>
      <details className="mt-4 rounded-2xl border border-border bg-surface-raised px-4 py-3">
        <summary className="cursor-pointer font-semibold">
          Priser for {customerTypeLabels[customerType].toLowerCase()}: {myPrices.weekday} på hverdage,{" "}
          {myPrices.weekend} fredag og lørdag
        </summary>
        <div className="mt-3 grid gap-4">
          <PriceTable list={priceList} highlight={customerType} />
          {root?.isAuthenticated && <CustomerTypeChooser current={customerType} />}
        </div>
      </details>
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
        <DayCalendar {...loaderData} />
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
