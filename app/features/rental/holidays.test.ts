import { describe, expect, it } from "vitest";
import { danishHolidays, easterSunday, holidayOf } from "./holidays";

describe("Danish holidays", () => {
  it.each([
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
  ])("Easter Sunday %i is %s", (year, easter) => {
    expect(easterSunday(year)).toBe(easter);
  });

  it("lists the public holidays of 2026 and marks the three other days", () => {
    const holidays = danishHolidays(2026);
    expect(
      holidays.filter((holiday) => holiday.publicHoliday).map((holiday) => `${holiday.date} ${holiday.name}`),
    ).toEqual([
      "2026-01-01 Nytårsdag",
      "2026-04-02 Skærtorsdag",
      "2026-04-03 Langfredag",
      "2026-04-05 Påskedag",
      "2026-04-06 2. påskedag",
      "2026-05-14 Kristi himmelfartsdag",
      "2026-05-24 Pinsedag",
      "2026-05-25 2. pinsedag",
      "2026-12-25 Juledag",
      "2026-12-26 2. juledag",
    ]);
    expect(holidays.filter((holiday) => !holiday.publicHoliday).map((holiday) => holiday.name)).toEqual([
      "Grundlovsdag",
      "Juleaftensdag",
      "Nytårsaftensdag",
    ]);
  });

  it("finds a holiday by its date and nothing on an ordinary day", () => {
    expect(holidayOf("2027-05-06")?.name).toBe("Kristi himmelfartsdag");
    expect(holidayOf("2026-11-24")).toBeUndefined();
  });
});
