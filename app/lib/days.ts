import { copenhagenDateKey, dayBounds, formatDateLong, utcDateKey, utcMidnightOf, weekdayIndex } from "./format";

/**
 * The calendar's day arithmetic: date keys ("YYYY-MM-DD" in Europe/Copenhagen), today, the month grid and the days'
 * Danish names. The Copenhagen clock under them is in format.ts; Danish holidays are the reservation's.
 */

const DAY_MS = 86_400_000;

/** The day `days` after a date key (before it, when negative). */
export function addDays(dateKey: string, days: number): string {
  const [year, month, day] = dateKey.split("-").map(Number) as [number, number, number];
  return utcDateKey(utcMidnightOf(year, month, day + days));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function todayInCopenhagen(now: Date = new Date()) {
  return copenhagenDateKey(now);
}

/** "2026-12" → the days the month's calendar shows: whole weeks, Monday to Sunday, around the month. */
export function monthGrid(month: string): { weeks: string[][]; from: string; to: string } {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const from = addDays(first, -weekdayIndex(first));
  const to = addDays(last, 6 - weekdayIndex(last));
  const weeks: string[][] = [];
  for (let day = from; day <= to; day = addDays(day, 7))
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(day, index)));
  return { weeks, from, to };
}

export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

const monthName = new Intl.DateTimeFormat("da-DK", { month: "long", year: "numeric", timeZone: "UTC" });

/** "december 2026" */
export function formatMonth(month: string) {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/** A date key as its long Danish name: "fredag den 4. december 2026". */
export function formatDay(day: string) {
  return formatDateLong(dayBounds(day).start);
}

/** Some days in a few words: "onsdag den 10. marts 2027", or "2 dage fra onsdag den 10. marts 2027". */
export function daysSummary(days: readonly string[]) {
  const first = [...days].sort()[0];
  if (!first) return "";
  return days.length === 1 ? formatDay(first) : `${days.length} dage fra ${formatDay(first)}`;
}
