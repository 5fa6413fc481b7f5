import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings } from "~/db/schema";
import { demoSettings } from "~/db/seed/demo-content";
import { addDays, todayInCopenhagen } from "~/lib/days";
import { feedTokenOf } from "~/features/rental/feeds.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { loader as feed } from "~/routes/kalender.feed";
import { testCollaborators } from "../support/collaborators";
import { routeArgs } from "../support/route-args";
import { createBooking, createUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

describe("personal calendar feed", () => {
  let database: TestDatabase;
  let token: string;
  const day = addDays(todayInCopenhagen(), 45);

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    setCollaborators(testCollaborators(database));
    await database.db.insert(siteSettings).values(demoSettings);
    await createUser(database.db, { id: "feeder", name: "Frida Feed", profile: { address: "Feedvej 1" } });
    await createBooking(database.db, "feeder", day);
    token = await feedTokenOf(database.db, "feeder");
  });

  afterAll(async () => {
    setCollaborators(undefined);
    await database?.destroy();
  });

  it("keeps one secret token per user", async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await feedTokenOf(database.db, "feeder")).toBe(token);
  });

  it("answers the user's bookings as an iCalendar file", async () => {
    const response = (await feed(
      routeArgs(`/kalender/${token}.ics`, { params: { feed: `${token}.ics` } }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body).toContain(`DTSTART;VALUE=DATE:${day.replace(/-/g, "")}`);
    expect(body).toContain("LOCATION:Havnegade 12\\, 8000 Aarhus C");
  });

  it("knows no other token", async () => {
    await expect(
      feed(routeArgs("/kalender/x.ics", { params: { feed: `${"a".repeat(32)}.ics` } })),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
