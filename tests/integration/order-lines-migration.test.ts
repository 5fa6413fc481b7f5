import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/database";
import { createTestDatabase, databaseKinds, migrateUpTo, type TestDatabase } from "../support/test-database";

/** The orders a site has before the order model, each as its days with the prices their claims fixed. */
const ordersBefore = [
  { status: "paid", days: ["2027-03-01", "2027-03-05"], claimed: [450_000, 650_000], total: 1_100_000 },
  // A booking cancelled since: its claim is released but still there.
  { status: "paid", days: ["2027-03-10"], claimed: [450_000], total: 450_000, released: true },
  // Never paid, its holds expired and deleted: no claims, the total shared out, the last day taking the odd øre.
  { status: "failed", days: ["2027-04-01", "2027-04-02", "2027-04-03"], claimed: [], total: 1_000_001 },
  // One claim left of two.
  { status: "cancelled", days: ["2027-05-07", "2027-05-10"], claimed: [650_000], total: 1_100_000 },
] as const;

describe.each(databaseKinds)("migration 0014: today's orders become orders of lines, on %s", (kind) => {
  let database: TestDatabase;
  const orderIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    // Level 13: the database of the release before the order model.
    await migrateUpTo(database, 13);
    const { db } = database;
    await db.execute(sql`insert into users (id, name, email) values ('booker', 'Mette', 'mette@example.dk')`);
    for (const order of ordersBefore) {
      const [{ id }] = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into orders (user_id, status, booker_name, booker_email, booker_address, days, total_oere, vat_oere,
            provider, receipt_number, paid_at)
          values ('booker', ${order.status}, 'Mette', 'mette@example.dk', 'Havnegade 1', ${`{${order.days.join(",")}}`}::date[],
            ${order.total}, ${Math.round(order.total / 5)}, 'demo',
            ${order.status === "paid" ? orderIds.length + 1 : null}, ${order.status === "paid" ? sql`now()` : null})
          returning id`),
      ) as [{ id: string }];
      orderIds.push(id);
      for (const [index, price] of order.claimed.entries()) {
        const day = order.days[index]!;
        await db.execute(sql`
          insert into day_claims (day, kind, user_id, order_id, start_at, end_at, title, price_oere, released_at)
          values (${day}::date, 'booking', 'booker', ${id}, ${day}::timestamptz, ${day}::timestamptz + interval '1 day',
            'Havnegade 1', ${price}, ${"released" in order ? sql`now()` : null})`);
      }
    }
    await database.migrate();
  });

  afterAll(() => database?.destroy());

  const linesOf = async (orderId: string) =>
    rowsOf<{
      position: number;
      kind: string;
      description: string;
      day: string;
      quantity: number;
      total_oere: number;
      vat_oere: number;
    }>(
      await database.db.execute(sql`
        select position, kind, description, day::text, quantity, total_oere, vat_oere
        from order_lines where order_id = ${orderId} order by position`),
    );

  it("gives every order one line per day whose totals add up to the order's", async () => {
    for (const [index, order] of ordersBefore.entries()) {
      const lines = await linesOf(orderIds[index]!);
      expect(lines.map((line) => line.day)).toEqual(order.days);
      expect(lines.reduce((sum, line) => sum + line.total_oere, 0)).toBe(order.total);
      expect(
        lines.every((line) => line.kind === "day" && line.quantity === 1 && line.description === "Leje af salen"),
      ).toBe(true);
    }
  });

  it("prices each day as its claim did, released or not, and shares out the rest", async () => {
    const totals = await Promise.all(orderIds.map(async (id) => (await linesOf(id)).map((line) => line.total_oere)));
    expect(totals).toEqual([[450_000, 650_000], [450_000], [333_333, 333_333, 333_335], [650_000, 450_000]]);
  });

  it("gives each line its own moms, a fifth of it to whole øre", async () => {
    const lines = (await Promise.all(orderIds.map(linesOf))).flat();
    for (const line of lines) expect(line.vat_oere).toBe(Math.round(line.total_oere / 5));
  });
});
