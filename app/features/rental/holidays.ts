import { addDays } from "~/lib/days";

// Danish holidays: the reservation's day prices count them, and its calendar marks them.

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
