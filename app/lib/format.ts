/** Formatting for the one locale and time zone of the site (spec §1, §9), whatever the machine's own. */
export const LOCALE = "da-DK";
export const TIME_ZONE = "Europe/Copenhagen";

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "2-digit",
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
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

const DAY_MS = 86_400_000;

/** "05.03.26": two-digit day, month and year. */
export function formatDate(instant: Date): string {
  return dateFormat.format(instant);
}

/** "14.30" on a 24-hour clock. */
export function formatTime(instant: Date): string {
  return timeFormat.format(instant);
}

/** "05.03.26 kl. 14.30" */
export function formatDateTime(instant: Date): string {
  return `${formatDate(instant)} kl. ${formatTime(instant)}`;
}

/** The parts of an instant as `format` writes them: { weekday: "torsdag", day: "5", … }. */
function partsOf(format: Intl.DateTimeFormat, instant: Date | number) {
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** "torsdag den 5. marts 2026": the full date, e.g. the accessible name of a calendar day. */
export function formatDateLong(instant: Date): string {
  const { weekday, day, month, year } = partsOf(longDateFormat, instant);
  return `${weekday} den ${day}. ${month} ${year}`;
}

const shortDateParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** "fre. 4. dec. kl. 20.00": a concert's time as a Danish programme prints it. */
export function formatEventTime(instant: Date): string {
  const { weekday, day, month } = partsOf(shortDateParts, instant);
  // The short names carry their own full stop where Danish abbreviates ("dec.", not "maj").
  return `${weekday} ${day}. ${month} kl. ${formatTime(instant)}`;
}

/** Money is kept in øre as integers: 123450 → "1.234,50 kr." */
export function formatMoney(oere: number): string {
  if (!Number.isSafeInteger(oere)) throw new RangeError(`An amount in øre must be a whole number, got ${oere}`);
  // Formatted from a decimal string, not oere / 100: a float loses the øre of very large amounts.
  const digits = String(Math.abs(oere)).padStart(3, "0");
  const kroner = `${oere < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
  return moneyFormat
    .format(kroner)
    .replace(/\s/g, " ")
    .replace(/\u2212/g, "-");
}

/** A price as the programme prints it: whole kroner without øre (20500 → "205 kr."), others as `formatMoney`. */
export function formatPrice(oere: number): string {
  return formatMoney(oere).replace(/,00 kr\.$/, " kr.");
}

/** Kroner as typed: "1250", "1.250" or "1 250" (groups of three), "1250,50" or "1250.50", a "kr." before or after. */
const TYPED_KRONER = /^([-\u2212]?)(\d{1,3}(?:\.\d{3})+|\d{1,3}(?: \d{3})+|\d+)(?:,(\d{1,2})|,-)?$/;
/** A decimal point after plain digits is read as one ("12.5"); after a group of three, a dot groups thousands. */
const POINT_KRONER = /^([-\u2212]?)(\d+)\.(\d{1,2})$/;

/**
 * An amount of kroner as Danes type it ("1.250,50 kr.", "1 250", "1250,-") in whole øre, or null when it is no
 * amount (more than two decimals, "1,250"). Read from its digits, not as a float, so no øre is lost.
 */
export function parseKroner(typed: string): number | null {
  const text = typed
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:kr\.?|dkk) ?/i, "")
    .replace(/ ?(?:kr\.?|dkk)$/i, "");
  const match = TYPED_KRONER.exec(text) ?? POINT_KRONER.exec(text);
  if (!match) return null;
  const [, sign, whole = "", fraction = ""] = match;
  const oere = Number(whole.replace(/\D/g, "")) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(oere)) return null;
  return sign && oere > 0 ? -oere : oere;
}

/** An amount in øre as one types it in a field: 125050 → "1250,50", 125000 → "1250" (read back by parseKroner). */
export function kronerForInput(oere: number): string {
  if (!Number.isSafeInteger(oere)) throw new RangeError(`An amount in øre must be a whole number, got ${oere}`);
  const digits = String(Math.abs(oere)).padStart(3, "0");
  const fraction = digits.slice(-2);
  return `${oere < 0 ? "-" : ""}${digits.slice(0, -2)}${fraction === "00" ? "" : `,${fraction}`}`;
}

/** The Copenhagen wall-clock time of an instant, to the second, read as if it were UTC (asks Intl: slow). */
function readWallClock(instant: number) {
  const { year, month, day, hour, minute, second } = partsOf(wallClockFormat, instant);
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
}

const HOUR_MS = 3_600_000;
const SECOND_MS = 1000;
/** Copenhagen's offset from UTC in each UTC hour that has one offset throughout; calendars and holds ask often. */
const offsetByUtcHour = new Map<number, number>();
const MAX_KEPT_HOURS = 100_000;

function offsetAt(instant: number) {
  return readWallClock(instant) - Math.floor(instant / SECOND_MS) * SECOND_MS;
}

/** The same as `readWallClock`, from the offset of the instant's UTC hour once that is known. */
function wallClock(instant: number) {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    offset = offsetAt(start);
    // An offset that changes within the hour (the end of local mean time in 1893 did) is not kept.
    if (offsetAt(start + HOUR_MS - 1) !== offset) return readWallClock(instant);
    if (offsetByUtcHour.size >= MAX_KEPT_HOURS) offsetByUtcHour.clear();
    offsetByUtcHour.set(hour, offset);
  }
  return Math.floor(instant / SECOND_MS) * SECOND_MS + offset;
}

/** The Copenhagen calendar day of an instant, as "YYYY-MM-DD". */
export function copenhagenDateKey(instant: Date): string {
  return utcDateKey(wallClock(instant.getTime()));
}

/**
 * UTC midnight of a year, month (1–12) and day, in ms; a day or month past its end runs on into the next. Built from
 * numbers, not by parsing a string: the calendar does this for every day it shows.
 */
export function utcMidnightOf(year: number, month: number, day: number): number {
  // setUTCFullYear, unlike Date.UTC, takes the years 0–99 as they are.
  return new Date(0).setUTCFullYear(year, month - 1, day);
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** The "YYYY-MM-DD" key of the UTC date an instant (in ms) falls on; a RangeError for no instant. */
export function utcDateKey(utc: number): string {
  const date = new Date(utc);
  const year = date.getUTCFullYear();
  if (Number.isNaN(year)) throw new RangeError(`Not an instant: ${utc}`);
  return `${String(year).padStart(4, "0")}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
}

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** UTC midnight of a "YYYY-MM-DD" key, in ms; a RangeError for anything that is not a real calendar day. */
function parseDateKey(dateKey: string) {
  const year = Number(dateKey.slice(0, 4));
  const month = Number(dateKey.slice(5, 7));
  const day = Number(dateKey.slice(8, 10));
  const utc = DATE_KEY.test(dateKey) ? utcMidnightOf(year, month, day) : Number.NaN;
  // A day or month past its end has run on into the next: then the date read back differs.
  const date = new Date(utc);
  if (Number.isNaN(utc) || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${JSON.stringify(dateKey)}`);
  }
  return utc;
}

/**
 * The instant of a Copenhagen wall-clock time, from the same time read as UTC. The offset is read again at the
 * first guess so the result stays right across a change of offset; midnight itself is never skipped or repeated
 * in Copenhagen (the changes are at 02:00 and 03:00).
 */
function fromWallClock(utc: number) {
  const guess = utc - (wallClock(utc) - utc);
  return new Date(utc - (wallClock(guess) - guess));
}

/** The Copenhagen wall-clock date and time of an instant: { date: "2026-12-04", time: "20:00" }. */
export function copenhagenDateTime(instant: Date): { date: string; time: string } {
  const iso = new Date(wallClock(instant.getTime())).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The instant of a Copenhagen wall-clock time ("2026-12-04", "20:00"); a RangeError for a day or time that is not
 * one. In the hour skipped in spring, the time is read with winter time's offset.
 */
export function copenhagenInstant(dateKey: string, time: string): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Not a time (HH:MM): ${JSON.stringify(time)}`);
  return fromWallClock(parseDateKey(dateKey) + (Number(match[1]) * 60 + Number(match[2])) * 60_000);
}

/** Where a Copenhagen day starts and the next one starts: 23, 24 or 25 hours apart. */
export function dayBounds(dateKey: string): { start: Date; end: Date } {
  const utc = parseDateKey(dateKey);
  return { start: fromWallClock(utc), end: fromWallClock(utc + DAY_MS) };
}

/** 0 = Monday … 6 = Sunday: the week starts on Monday. */
export function weekdayIndex(dateKey: string): number {
  return (new Date(parseDateKey(dateKey)).getUTCDay() + 6) % 7;
}

const byteUnits = ["B", "kB", "MB", "GB", "TB"] as const;
const byteFormat = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 1 });

/** 1_234_567 → "1,2 MB" (powers of 1000, as disks are sold). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < byteUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${byteFormat.format(value)} ${byteUnits[unit]}`;
}
