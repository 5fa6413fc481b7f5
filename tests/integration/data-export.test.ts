import { accountParts } from "~/businesses.server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baskets,
  calendarFeeds,
  dayClaims,
  mediaImages,
  newsletterLetters,
  orderLines,
  orders,
  twoFactors,
  userFiles,
  contractAcceptances,
  depositSettlements,
  orderCancellations,
  rentalBookings,
  events,
  ticketWaitlist,
} from "~/db/schema";
import { exportedTables, exportUserData } from "~/features/accounts/data-export.server";
import { dayBounds } from "~/lib/format";
import { signUpUser } from "../support/accounts";
import { testCollaborators } from "../support/collaborators";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

/**
 * Every table whose foreign keys lead to `users`, directly or through another table (day_claims → orders). The
 * content tables point at library images (media_images.created_by → users), but a page or a banner says nothing
 * about who uploaded its picture: the walk does not go on from media_images. Nor from newsletter_letters: a letter's
 * deliveries are its recipients', not its writer's.
 */
async function tablesReferringToUsers(database: TestDatabase) {
  const result = (await database.db.execute(sql`
    select distinct tc.table_name as "from", ccu.table_name as "to"
    from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
  `)) as unknown as { rows: { from: string; to: string }[] };
  const reaching = new Set(["users"]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { from, to } of result.rows) {
      if (reaching.has(to) && to !== "media_images" && to !== "newsletter_letters" && !reaching.has(from)) {
        reaching.add(from);
        grew = true;
      }
    }
  }
  return [...reaching].sort();
}

describe.each(databaseKinds)("the data export on %s", (kind) => {
  let database: TestDatabase;
  let userId = "";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { auth } = testCollaborators(database);
    ({ id: userId } = await signUpUser(auth, {
      name: "Mette",
      email: "mette@example.dk",
      password: "Kajen-2026-sol",
    }));
    const [order] = await database.db
      .insert(orders)
      .values({
        userId,
        status: "paid",
        bookerName: "Mette",
        bookerEmail: "mette@example.dk",
        bookerPhone: "+4520123456",
        totalOere: 450000,
        vatOere: 0,
        provider: "demo",
        receiptNumber: 1,
        paidAt: new Date(),
      })
      .returning({ id: orders.id });
    await database.db.insert(rentalBookings).values({
      orderId: order!.id,
      bookerAddress: "Havnegade 1, 8000 Aarhus C",
      customerType: "forening",
      bookerOrganisation: "Havnens Kor",
      purpose: "Julekoncert",
    });
    const { start, end } = dayBounds("2026-12-24");
    await database.db.insert(dayClaims).values({
      day: "2026-12-24",
      kind: "booking",
      // The claim of a deleted-then-exported order keeps only the order link; it still belongs to the export.
      userId: null,
      orderId: order!.id,
      startAt: start,
      endAt: end,
      title: "Havnegade 1, 8000 Aarhus C",
      priceOere: 450000,
    });
    await database.db.insert(orderLines).values({
      orderId: order!.id,
      position: 0,
      kind: "day",
      description: "Leje af salen",
      day: "2026-12-24",
      quantity: 1,
      unitPriceOere: 450000,
      totalOere: 450000,
      vatCategory: "exempt-letting",
      vatRatePercent: 0,
      vatOere: 0,
    });
    await database.db.insert(contractAcceptances).values({
      orderId: order!.id,
      userId,
      acceptedAt: new Date(),
      text: "LEJEKONTRAKT\n\nUdlejer: Havnescenen ApS",
      sha256: "a".repeat(64),
    });
    await database.db.insert(depositSettlements).values({
      orderId: order!.id,
      keptOere: 50000,
      reason: "Ekstra rengøring",
      refundedOere: 150000,
      settledAt: new Date(),
    });
    await database.db.insert(orderCancellations).values({
      orderId: order!.id,
      cancelledAt: new Date(),
      cancelledBy: userId,
      byAdmin: false,
      reason: "Afbestilt af lejeren",
      daysBefore: 40,
      chargePercent: 0,
      chargeOere: 112500,
      refundOere: 0,
      owedOere: 0,
    });
    await database.db.insert(baskets).values({ userId, version: 1 });
    await database.db.insert(calendarFeeds).values({ userId, token: "feed-token-of-mette-0123456789" });
    const [soldOut] = await database.db
      .insert(events)
      .values({ title: "Udsolgt koncert", startsAt: new Date("2027-01-10T19:00:00Z") })
      .returning({ id: events.id });
    await database.db.insert(ticketWaitlist).values({
      eventId: soldOut!.id,
      name: "Mette",
      email: "mette@example.dk",
      wanted: 2,
      token: "waitlist-token-0123456",
    });
    await database.db.insert(userFiles).values({ userId, key: "users/1795460000000-abc.webp" });
    await database.db.insert(mediaImages).values({ originalName: "IMG_0042.HEIC", createdBy: userId });
    await database.db.insert(newsletterLetters).values({ subject: "Nyt fra havnen", blocks: [], createdBy: userId });
    await database.db
      .insert(twoFactors)
      .values({ id: "tf-1", userId, secret: "TOTP-SECRET-VALUE", backupCodes: "BACKUP-CODES-VALUE" });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("covers every table that refers to a user", async () => {
    expect(await tablesReferringToUsers(database)).toEqual(Object.keys(exportedTables).sort());
  });

  it("holds a row of each of them, and none of the secrets", async () => {
    const exported = await exportUserData(database.db, userId, "https://havnescenen.dk", accountParts);
    for (const key of Object.values(exportedTables)) {
      const value = exported[key];
      expect(Array.isArray(value) ? value.length : value, key).toBeTruthy();
    }
    expect(exported.days).toEqual([
      expect.objectContaining({ day: "2026-12-24", kind: "booking", address: "Havnegade 1, 8000 Aarhus C" }),
    ]);
    expect(exported.orders).toEqual([
      expect.objectContaining({
        bookerName: "Mette",
        bookerPhone: "+4520123456",
        receiptNumber: 1,
        lines: [expect.objectContaining({ description: "Leje af salen", day: "2026-12-24", totalOere: 450000 })],
        depositSettlement: expect.objectContaining({ keptOere: 50000, reason: "Ekstra rengøring" }),
        cancellation: expect.objectContaining({ daysBefore: 40, chargeOere: 112500 }),
      }),
    ]);
    // What only the hall order has, with its days, is the hall's part (decision 060).
    expect(exported.rentalBookings).toEqual([
      expect.objectContaining({
        bookerAddress: "Havnegade 1, 8000 Aarhus C",
        customerType: "forening",
        bookerOrganisation: "Havnens Kor",
        purpose: "Julekoncert",
        days: ["2026-12-24"],
      }),
    ]);
    // What is kept when the account goes, and why.
    expect(exported.ordersNote).toMatch(/fem år .* bogføringsloven/);
    expect(exported.calendarFeed).toEqual({
      url: "https://havnescenen.dk/kalender/feed-token-of-mette-0123456789.ics",
    });
    const text = JSON.stringify(exported);
    expect(text).not.toMatch(/TOTP-SECRET-VALUE|BACKUP-CODES-VALUE/);
    expect(text).not.toMatch(/"password"|"token"/);
  });
});
