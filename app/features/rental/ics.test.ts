import { describe, expect, it } from "vitest";
import { icsCalendar } from "./ics";

describe("iCalendar", () => {
  const ics = icsCalendar(
    "Havnescenen",
    [
      {
        uid: "a@scene",
        day: "2026-12-31",
        summary: "Leje af salen, Havnescenen",
        location: "Havnegade 12; 8000 Aarhus C",
        description: "Kvittering nr. 7\nTak",
      },
      { uid: "b@scene", day: "2027-01-01", summary: "Leje af salen" },
    ],
    new Date("2026-11-23T10:00:00Z"),
  );

  it("makes one all-day event per day, ending the next day, across a new year", () => {
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain("DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270101\r\nDTEND;VALUE=DATE:20270102");
    expect(ics).toContain("DTSTAMP:20261123T100000Z");
  });

  it("escapes text and uses CRLF line ends", () => {
    expect(ics).toContain("SUMMARY:Leje af salen\\, Havnescenen");
    expect(ics).toContain("LOCATION:Havnegade 12\\; 8000 Aarhus C");
    expect(ics).toContain("DESCRIPTION:Kvittering nr. 7\\nTak");
    expect(ics.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("folds long lines at 75 octets without splitting a letter", () => {
    const long = icsCalendar("x", [{ uid: "c", day: "2026-12-01", summary: "æ".repeat(80) }]);
    const lines = long.split("\r\n");
    expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const summary = lines
      .slice(lines.findIndex((line) => line.startsWith("SUMMARY:")))
      .filter((line, index) => index === 0 || line.startsWith(" "));
    expect(summary.map((line, index) => (index === 0 ? line : line.slice(1))).join("")).toBe(
      `SUMMARY:${"æ".repeat(80)}`,
    );
  });
});
