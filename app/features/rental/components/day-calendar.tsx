import { useEffect, useState, type KeyboardEvent } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { formatMoney, weekdayIndex } from "~/lib/format";
import { addDays, daysBetween, formatDay, formatMonth } from "~/lib/days";
import { holidayOf } from "../holidays";
import { liveDayState, type CalendarDay, type DayState } from "../rules";

const weekdays = ["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"];

const stateText: Record<DayState, string> = {
  free: "Ledig",
  "in-basket": "I din kurv",
  requested: "Din forespørgsel",
  mine: "Din reservation",
  "held-by-others": "Optaget lige nu",
  others: "Optaget",
  buffer: "Ikke ledig",
  blocked: "Lukket",
  past: "Passeret",
  "beyond-horizon": "Ikke åben endnu",
};

const stateStyle: Record<DayState, string> = {
  free: "border-emerald-700/40 bg-emerald-50 text-emerald-950 hover:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50",
  "in-basket": "border-sky-700 bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50",
  requested: "border-dashed border-sky-700 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50",
  mine: "border-violet-700 bg-violet-100 text-violet-950 dark:bg-violet-900 dark:text-violet-50",
  "held-by-others": "border-dashed border-border bg-surface-sunken text-muted",
  others: "border-border bg-surface-sunken text-muted line-through decoration-1",
  buffer: "border-border bg-surface-sunken text-muted",
  blocked: "border-border bg-surface-sunken text-muted",
  past: "border-transparent bg-transparent text-muted opacity-60",
  "beyond-horizon": "border-transparent bg-transparent text-muted opacity-60",
};

function StateIcon({ state }: { state: DayState }) {
  const path: Partial<Record<DayState, string>> = {
    "in-basket": "M3 4h2l2 11h11l2-8H7 M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z M18 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z",
    requested: "M4 6h16v12H4z M4 7l8 6 8-6",
    mine: "M5 12l4 4 10-10",
    "held-by-others": "M12 7v5l3 2 M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
    others: "M6 6l12 12M18 6L6 18",
    blocked: "M7 11V8a5 5 0 0 1 10 0v3 M5 11h14v9H5z",
  };
  const d = path[state];
  if (!d) return null;
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

/** Monday to Sunday over a month grid, short with the full name for screen readers. */
export function WeekdayHead() {
  return (
    <thead>
      <tr>
        {weekdays.map((name) => (
          <th key={name} scope="col" className="pb-1 text-xs font-semibold text-muted sm:text-sm">
            <abbr title={name} className="no-underline">
              {name.charAt(0).toUpperCase() + name.slice(1, 3)}
            </abbr>
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The accessible name of a day button: its full Danish date, its state and, when free, its price. */
export function dayLabel(view: CalendarDay) {
  const parts = [formatDay(view.day), holidayOf(view.day)?.name, stateText[view.state].toLowerCase()];
  if (view.state === "free") parts.push(formatMoney(view.priceOere));
  if (view.state === "blocked" && view.blockedTitle) parts.push(view.blockedTitle);
  return parts.filter(Boolean).join(", ");
}

/**
 * Keeps the calendar current while it is open. Where the browser has server-sent events, other people's holds,
 * releases, bookings and blockings arrive as news of the days that changed (their states for a visitor), laid
 * over the loaded days until the next load. Without a stream (an old browser, or the server refused one), the
 * calendar loads again on returning to the tab and every 30 seconds while visible.
 */
function useLiveDays(days: CalendarDay[], bufferDays: number) {
  const { revalidate, state } = useRevalidator();
  const [news, setNews] = useState<{ for: CalendarDay[]; states: Map<string, DayState> }>({
    for: days,
    states: new Map(),
  });
  const [streaming, setStreaming] = useState(false);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/reservation/live"); // the live calendar's stream (server/live-calendar.ts)
    source.addEventListener("open", () => setStreaming(true));
    source.addEventListener("error", () => {
      // EventSource reconnects by itself; a stream closed for good (CLOSED) falls back to revalidating.
      if (source.readyState === EventSource.CLOSED) setStreaming(false);
    });
    source.addEventListener("days", (event) => {
      const changed = JSON.parse((event as MessageEvent<string>).data) as { day: string; state: DayState }[];
      setNews((current) => {
        const states = new Map(current.states);
        for (const { day, state } of changed) states.set(day, state);
        return { ...current, states };
      });
    });
    return () => source.close();
  }, []);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    };
    const timer = streaming ? undefined : window.setInterval(refresh, 30_000);
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [revalidate, state, streaming]);

  // News older than the loaded days is already in them.
  const states = news.for === days ? news.states : null;
  if (news.for !== days) setNews({ for: days, states: new Map() });
  // The viewer's own days, as loaded: a day kept free beside one of them may be kept free for the viewer alone.
  const own = days
    .filter((view) => view.state === "in-basket" || view.state === "requested" || view.state === "mine")
    .map((view) => view.day);
  const ownNearby = (day: string) => own.some((mine) => Math.abs(daysBetween(mine, day)) <= bufferDays);
  const shown =
    states && states.size > 0
      ? days.map((view) => {
          const told = states.get(view.day);
          return told ? { ...view, state: liveDayState(view.state, told, ownNearby(view.day)) } : view;
        })
      : days;
  return { days: shown, streaming };
}

/** Arrow keys move between days (a week up or down), Home/End to the week's ends, like a date grid should. */
function moveFocus(event: KeyboardEvent<HTMLTableElement>) {
  const current = (event.target as HTMLElement).closest<HTMLElement>("[data-day]")?.dataset.day;
  if (!current) return;
  const weekday = weekdayIndex(current);
  const step: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -weekday,
    End: 6 - weekday,
  };
  const by = step[event.key];
  if (by === undefined) return;
  const target = event.currentTarget.querySelector<HTMLElement>(`[data-day="${addDays(current, by)}"]`);
  if (target) {
    event.preventDefault();
    target.focus();
  }
}

/** The way to the month before or after, or a space where the calendar may not go. */
function MonthLink({ month, label, arrow }: { month: string | null; label: string; arrow: string }) {
  if (!month) return <span className="size-11" />;
  return (
    <Link
      to={`?maaned=${month}`}
      preventScrollReset
      className="grid size-11 place-items-center rounded-full border border-border bg-surface-raised hover:border-accent"
      aria-label={`${label}, ${formatMonth(month)}`}
    >
      <span aria-hidden="true">{arrow}</span>
    </Link>
  );
}

export function DayCalendar({
  month,
  weeks,
  days: loadedDays,
  previousMonth,
  nextMonth,
  bufferDays,
}: {
  month: string;
  weeks: string[][];
  days: CalendarDay[];
  previousMonth: string | null;
  nextMonth: string | null;
  /** The days kept free around bookings (decision 037), for the live calendar's news. */
  bufferDays: number;
}) {
  const { days, streaming } = useLiveDays(loadedDays, bufferDays);
  const navigation = useNavigation();
  // Another month is on its way: the days shown are the old month's, so a click on one would land on the wrong day.
  const leavingMonth =
    navigation.state === "loading" &&
    navigation.location.pathname === "/reservation" &&
    new URLSearchParams(navigation.location.search).get("maaned") !== month;
  const byDay = new Map(days.map((view) => [view.day, view]));
  const headingId = `maaned-${month}`;
  const firstSelectable =
    days.find((view) => view.day.startsWith(month) && view.state !== "past")?.day ?? `${month}-01`;

  return (
    <div className="rounded-3xl border border-border bg-surface-raised p-3 sm:p-6" data-live={streaming || undefined}>
      <div className="flex items-center justify-between gap-3">
        <MonthLink month={previousMonth} label="Forrige måned" arrow="‹" />
        <div className="grid justify-items-center">
          <h2 id={headingId} className="font-display text-2xl font-bold first-letter:uppercase" aria-live="polite">
            {formatMonth(month)}
          </h2>
          <p role="status" className="min-h-5 text-sm text-muted">
            {leavingMonth ? "Henter måneden …" : ""}
          </p>
        </div>
        <MonthLink month={nextMonth} label="Næste måned" arrow="›" />
      </div>
      <Form method="post" preventScrollReset className="mt-4">
        <input type="hidden" name="maaned" value={month} />
        <table
          role="grid"
          aria-labelledby={headingId}
          aria-busy={navigation.state !== "idle"}
          className={`w-full table-fixed border-separate border-spacing-1 transition-opacity ${leavingMonth ? "opacity-50" : ""}`}
          onKeyDown={moveFocus}
        >
          <WeekdayHead />
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const view = byDay.get(day);
                  if (!view || !day.startsWith(month)) return <td key={day} aria-hidden="true" />;
                  const unavailable = view.state === "past" || view.state === "beyond-horizon";
                  const holiday = holidayOf(day);
                  return (
                    <td key={day} className="p-0">
                      <button
                        type="submit"
                        name="day"
                        value={day}
                        data-day={day}
                        tabIndex={day === firstSelectable ? 0 : -1}
                        aria-label={dayLabel(view)}
                        aria-disabled={unavailable || undefined}
                        disabled={leavingMonth}
                        title={view.state === "blocked" ? view.blockedTitle : holiday?.name}
                        className={`flex h-16 w-full flex-col items-start justify-between rounded-xl border p-1.5 text-left transition-colors sm:h-24 sm:p-2 ${stateStyle[view.state]} ${unavailable ? "cursor-default" : ""}`}
                      >
                        <span className="flex w-full items-center justify-between gap-1">
                          <span className="text-sm font-bold tabular-nums sm:text-base">{Number(day.slice(8))}</span>
                          <StateIcon state={view.state} />
                        </span>
                        <span className="hidden text-xs leading-tight sm:block">
                          {view.state === "free"
                            ? formatMoney(view.priceOere).replace(",00", "")
                            : unavailable
                              ? null
                              : stateText[view.state]}
                          {holiday && view.state === "free" ? (
                            <span className="block text-[0.7rem] opacity-80">{holiday.name}</span>
                          ) : null}
                        </span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Form>
      <ul className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label="Forklaring">
        {(["free", "in-basket", "mine", "held-by-others", "others", "blocked"] as const).map((state) => (
          <li key={state} className="flex items-center gap-2">
            <span
              className={`grid size-6 place-items-center rounded-md border ${stateStyle[state]}`}
              aria-hidden="true"
            >
              <StateIcon state={state} />
            </span>
            {stateText[state]}
          </li>
        ))}
      </ul>
    </div>
  );
}
