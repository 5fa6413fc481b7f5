/** Formatting for the one locale and time zone of the site (spec §1, §9), whatever the machine's own. */
export const LOCALE = "da-DK";
export const TIME_ZONE = "Europe/Copenhagen";

const dateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "2-digit" });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const longDateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const wallClockFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const moneyFormat = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "DKK" });

/** "05.03.26": two-digit day, month and year. */
export function formatDate(instant: Date) {
  return dateFormat.format(instant);
}

/** "14.30" on a 24-hour clock. */
export function formatTime(instant: Date) {
  return timeFormat.format(instant);
}

export function formatDateTime(instant: Date) {
  return `${formatDate(instant)} kl. ${formatTime(instant)}`;
}

/** "torsdag den 5. marts 2026": the full date, e.g. the accessible name of a calendar day. */
export function formatDateLong(instant: Date) {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    longDateFormat.formatToParts(instant).find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("weekday")} den ${part("day")}. ${part("month")} ${part("year")}`;
}

/** Money is kept in øre as integers: 123450 → "1.234,50 kr." */
export function formatMoney(oere: number) {
  if (!Number.isInteger(oere)) throw new RangeError(`An amount in øre must be a whole number, got ${oere}`);
  return moneyFormat
    .format(oere / 100)
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\u2212/g, "-");
}

function wallClock(instant: number) {
  const parts = Object.fromEntries(wallClockFormat.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The Copenhagen calendar day of an instant, as "YYYY-MM-DD". */
export function copenhagenDateKey(instant: Date) {
  return new Date(wallClock(instant.getTime())).toISOString().slice(0, 10);
}

function parseDateKey(dateKey: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateKey);
  const utc = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== dateKey) {
    throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${JSON.stringify(dateKey)}`);
  }
  return utc;
}

/** The instant a Copenhagen day starts. Midnight never falls in a daylight-saving gap there (they are at 02–03). */
function copenhagenMidnight(utcMidnightOfKey: number) {
  let instant = utcMidnightOfKey - (wallClock(utcMidnightOfKey) - utcMidnightOfKey);
  instant = utcMidnightOfKey - (wallClock(instant) - instant);
  return new Date(instant);
}

const DAY_MS = 86_400_000;

/** Where a Copenhagen day starts and the next one starts: 23, 24 or 25 hours apart. */
export function dayBounds(dateKey: string) {
  const utc = parseDateKey(dateKey);
  return { start: copenhagenMidnight(utc), end: copenhagenMidnight(utc + DAY_MS) };
}

/** 0 = Monday … 6 = Sunday: the week starts on Monday. */
export function weekdayIndex(dateKey: string) {
  return (new Date(parseDateKey(dateKey)).getUTCDay() + 6) % 7;
}

/** The Monday of the day's week, as a date key. */
export function startOfWeek(dateKey: string) {
  return new Date(parseDateKey(dateKey) - weekdayIndex(dateKey) * DAY_MS).toISOString().slice(0, 10);
}
