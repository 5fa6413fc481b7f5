import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { profiles, siteSettings, users } from "~/db/schema";
import { demoSettings } from "~/db/seed/demo-content";
import { addDays, todayInCopenhagen } from "~/features/reservation/days";
import { demoProvider } from "~/features/payment/provider.server";
import { confirmOrder, createOrder, feedTokenOf, holdDay } from "~/features/reservation/reservation.server";
import { loader as feed } from "~/routes/kalender.feed";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

describe("personal calendar feed", () => {
  let database: TestDatabase;
  let token: string;
  const day = addDays(todayInCopenhagen(), 45);

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    setDatabase(database);
    await database.db.insert(siteSettings).values(demoSettings);
    await database.db
      .insert(users)
      .values({ id: "feeder", name: "Frida Feed", email: "frida@example.dk", emailVerified: true });
    await database.db.insert(profiles).values({
      userId: "feeder",
      name: "Frida Feed",
      email: "frida@example.dk",
      address: "Feedvej 1",
      lastLoginAt: new Date(),
    });
    await holdDay(database.db, "feeder", day);
    const order = await createOrder(database.db, "feeder", demoProvider);
    await confirmOrder(database.db, order.ok ? order.orderId : "");
    token = await feedTokenOf(database.db, "feeder");
  });

  afterAll(async () => {
    setDatabase(undefined);
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
