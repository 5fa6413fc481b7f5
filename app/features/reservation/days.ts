import { copenhagenDateKey, dayBounds, formatDateLong, utcDateKey, utcMidnightOf, weekdayIndex } from "~/lib/format";

/**
 * The calendar the reservation counts in: date keys ("YYYY-MM-DD" in Europe/Copenhagen), today, Danish holidays
 * and the month grid. The booking rules built on them are in rules.ts.
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

/** Easter Sunday of a year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export interface Holiday {
  date: string;
  name: string;
  /** A public holiday (helligdag); the others (grundlovsdag, juleaftensdag, nytårsaftensdag) are only marked. */
  publicHoliday: boolean;
}

/** Danish holidays of a year: the public ones (Easter-based and fixed) and the marked days. */
export function danishHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const fixed = (monthDay: string) => `${year}-${monthDay}`;
  const list: Holiday[] = [
    { date: fixed("01-01"), name: "Nytårsdag", publicHoliday: true },
    { date: addDays(easter, -3), name: "Skærtorsdag", publicHoliday: true },
    { date: addDays(easter, -2), name: "Langfredag", publicHoliday: true },
    { date: easter, name: "Påskedag", publicHoliday: true },
    { date: addDays(easter, 1), name: "2. påskedag", publicHoliday: true },
    { date: addDays(easter, 39), name: "Kristi himmelfartsdag", publicHoliday: true },
    { date: addDays(easter, 49), name: "Pinsedag", publicHoliday: true },
    { date: addDays(easter, 50), name: "2. pinsedag", publicHoliday: true },
    { date: fixed("06-05"), name: "Grundlovsdag", publicHoliday: false },
    { date: fixed("12-24"), name: "Juleaftensdag", publicHoliday: false },
    { date: fixed("12-25"), name: "Juledag", publicHoliday: true },
    { date: fixed("12-26"), name: "2. juledag", publicHoliday: true },
    { date: fixed("12-31"), name: "Nytårsaftensdag", publicHoliday: false },
  ];
  return list.sort((first, second) => first.date.localeCompare(second.date));
}

const holidayCache = new Map<number, Map<string, Holiday>>();

export function holidayOf(dateKey: string): Holiday | undefined {
  const year = Number(dateKey.slice(0, 4));
  let byDate = holidayCache.get(year);
  if (!byDate) {
    byDate = new Map(danishHolidays(year).map((holiday) => [holiday.date, holiday]));
    holidayCache.set(year, byDate);
  }
  return byDate.get(dateKey);
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
