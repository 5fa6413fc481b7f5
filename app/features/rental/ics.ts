import { addDays } from "~/lib/days";

/** An all-day event (a booked day), or one with a time (a concert). */
export type CalendarEvent = {
  uid: string;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  cancelled?: boolean;
} & (
  | {
      /** The Copenhagen day, "YYYY-MM-DD". */
      day: string;
    }
  | { start: Date; end?: Date }
);

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
function escapeText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
function fold(line: string) {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    if (encoder.encode(current + char).length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const stamp = (instant: Date) => instant.toISOString().replace(/[-:]|\.\d{3}/g, "");
const dateValue = (day: string) => day.replace(/-/g, "");

function eventTime(event: CalendarEvent) {
  if ("day" in event)
    return [`DTSTART;VALUE=DATE:${dateValue(event.day)}`, `DTEND;VALUE=DATE:${dateValue(addDays(event.day, 1))}`];
  return [`DTSTART:${stamp(event.start)}`, ...(event.end ? [`DTEND:${stamp(event.end)}`] : [])];
}

/** An iCalendar file (RFC 5545): booked days for e-mail and the personal feed, concerts for the programme's feed. */
export function icsCalendar(name: string, events: CalendarEvent[], now = new Date()) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Scene//Scene//DA",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    "X-WR-TIMEZONE:Europe/Copenhagen",
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${stamp(now)}`,
      ...eventTime(event),
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      ...(event.cancelled ? ["STATUS:CANCELLED"] : []),
      "TRANSP:OPAQUE",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
