import { formatMonth } from "~/lib/days";

export interface GrowthMonth {
  /** "2026-12" */
  month: string;
  /** "dec." */
  short: string;
  /** "december 2026" */
  long: string;
  joined: number;
}

const shortName = new Intl.DateTimeFormat("da-DK", { month: "short", timeZone: "UTC" });

/** A month key ("2026-12") with its Danish names, the same on the server and in the browser. */
export function namedMonth(entry: { month: string; joined: number }): GrowthMonth {
  const [year, month] = entry.month.split("-").map(Number) as [number, number];
  const middle = new Date(Date.UTC(year, month - 1, 15));
  return { ...entry, short: shortName.format(middle), long: formatMonth(entry.month) };
}

/**
 * The new subscribers of the last 12 months as bars, each with its number written above it. A screen reader reads
 * the list of months and numbers; the bars are only drawn.
 */
export function GrowthChart({ months }: { months: GrowthMonth[] }) {
  const most = Math.max(1, ...months.map((month) => month.joined));
  const total = months.reduce((sum, month) => sum + month.joined, 0);
  return (
    <figure className="rounded-2xl border border-border bg-surface-raised p-4 sm:p-5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold">Nye abonnenter pr. måned</span>
        <span className="text-sm text-muted">{total.toLocaleString("da-DK")} bekræftet de sidste 12 måneder</span>
      </figcaption>
      <ol className="mt-4 grid h-44 grid-cols-12 items-end gap-1 sm:gap-2">
        {months.map((month) => (
          <li key={month.month} className="flex h-full min-w-0 flex-col items-center justify-end gap-1">
            <span className="sr-only">
              {month.long}: {month.joined} {month.joined === 1 ? "ny" : "nye"}
            </span>
            <span aria-hidden="true" className="text-xs font-semibold tabular-nums">
              {month.joined}
            </span>
            <span aria-hidden="true" className="flex w-full flex-1 items-end justify-center">
              <span
                className="block w-full max-w-10 rounded-t-md bg-accent"
                style={{ height: `${(month.joined / most) * 100}%`, minHeight: month.joined > 0 ? "3px" : "1px" }}
              />
            </span>
            <span aria-hidden="true" className="w-full truncate text-center text-[0.65rem] text-muted sm:text-xs">
              {month.short.replace(".", "")}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
