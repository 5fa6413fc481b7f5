import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/database";
import { createTestDatabase, databaseKinds, loadDump, type TestDatabase } from "../support/test-database";

/**
 * Issue 35: existing orders, receipts and bookings migrate into the new order model without loss. The fixture is
 * the demo database of the release before it (d71e9ed), with orders that release's own code made: two paid by
 * the demo (one of them with a day the admin cancelled since), one paid through Stripe, one left at checkout,
 * and one that failed on a day closed meanwhile.
 */
const fixture = path.resolve("tests/fixtures/release-d71e9ed-demo.sql");

interface OrderFacts {
  id: string;
  status: string;
  total_oere: number;
  vat_oere: number;
  receipt_number: number | null;
  paid_at: string | null;
  booker_name: string;
  booker_address: string;
  days: string;
}

/** The orders' facts: the address and days on the order before migration 0031, on its booking and lines after. */
const orderFacts = (database: TestDatabase, migrated = true) =>
  database.db
    .execute(
      sql`select id, status, total_oere, vat_oere, receipt_number, paid_at::text as paid_at, booker_name, ${
        migrated
          ? sql`b.booker_address, (select array_agg(l.day order by l.day)::text from order_lines l
              where l.order_id = o.id and l.kind = 'day') as days
            from orders o join rental_bookings b on b.order_id = o.id`
          : sql`booker_address, days::text as days from orders`
      } order by created_at, id`,
    )
    .then((result) => rowsOf<OrderFacts>(result));

describe.each(databaseKinds)(
  "the release's demo database migrates into the order model without loss, on %s",
  (kind) => {
    let database: TestDatabase;
    let before: OrderFacts[];
    let claimsBefore: unknown[];
    let releasePrices: { weekday_price_oere: number; weekend_price_oere: number };
    let stripeReference: { id: string; provider_reference: string };
    let pagesBefore: number;

    beforeAll(async () => {
      database = await createTestDatabase(kind, { migrated: false });
      await loadDump(database, fixture);
      before = await orderFacts(database, false);
      claimsBefore = rowsOf(
        await database.db.execute(
          sql`select id, day::text as day, kind, order_id, price_oere, released_at is not null as released from day_claims order by day`,
        ),
      );
      [releasePrices] = rowsOf(
        await database.db.execute(sql`select weekday_price_oere, weekend_price_oere from reservation_settings`),
      ) as [typeof releasePrices];
      [stripeReference] = rowsOf(
        await database.db.execute(sql`select id, provider_reference from orders where provider_reference is not null`),
      ) as [typeof stripeReference];
      [{ count: pagesBefore }] = rowsOf(await database.db.execute(sql`select count(*)::int as count from pages`)) as [
        { count: number },
      ];
      await database.migrate();
    });

    afterAll(() => database?.destroy());

    it("held the release's five orders, the same after migrating: status, totals, moms, receipt, booker and days", async () => {
      expect(before.map((order) => order.status)).toEqual(["paid", "paid", "pending", "failed", "paid"]);
      expect(before.reduce((sum, order) => sum + order.total_oere, 0)).toBe(4_450_000);
      expect(await orderFacts(database)).toEqual(before);
    });

    it("keeps every order's lines adding up to its total and moms", async () => {
      const sums = rowsOf<{ id: string; total: number; vat: number }>(
        await database.db.execute(
          sql`select o.id, sum(l.total_oere)::int as total, sum(l.vat_oere)::int as vat
          from orders o join order_lines l on l.order_id = o.id group by o.id`,
        ),
      );
      for (const order of before) {
        expect(
          sums.find((sum) => sum.id === order.id),
          order.id,
        ).toEqual({
          id: order.id,
          total: order.total_oere,
          vat: order.vat_oere,
        });
      }
    });

    it("makes each order one payment of everything: the paid ones paid, with their receipts and Stripe reference", async () => {
      const payments = rowsOf<{
        order_id: string;
        kind: string;
        amount_oere: number;
        paid_at: string | null;
        receipt_number: number | null;
        provider_reference: string | null;
      }>(
        await database.db.execute(
          sql`select order_id, kind, amount_oere, paid_at::text as paid_at, receipt_number, provider_reference
          from order_payments`,
        ),
      );
      expect(payments).toHaveLength(before.length);
      for (const order of before) {
        expect(payments.find((payment) => payment.order_id === order.id)).toEqual({
          order_id: order.id,
          kind: "everything",
          amount_oere: order.total_oere,
          paid_at: order.paid_at,
          receipt_number: order.receipt_number,
          provider_reference: order.id === stripeReference.id ? stripeReference.provider_reference : null,
        });
      }
    });

    it("keeps the bookings and holds, the cancelled day too, and every order as a privat booking", async () => {
      expect(
        rowsOf(
          await database.db.execute(
            sql`select id, day::text as day, kind, order_id, price_oere, released_at is not null as released from day_claims order by day`,
          ),
        ),
      ).toEqual(claimsBefore);
      expect(rowsOf(await database.db.execute(sql`select distinct customer_type from rental_bookings`))).toEqual([
        { customer_type: "privat" },
      ]);
    });

    it("gives every customer type the release's day prices, and keeps the demo content", async () => {
      const terms = rowsOf(
        await database.db.execute(sql`select weekday_price_oere, weekend_price_oere from customer_type_terms`),
      );
      expect(terms).toEqual(Array(4).fill(releasePrices));
      expect(rowsOf(await database.db.execute(sql`select count(*)::int as count from pages`))).toEqual([
        { count: pagesBefore },
      ]);
      // The receipt series goes on after the release's last receipt.
      expect(rowsOf(await database.db.execute(sql`select last_receipt_number from reservation_settings`))).toEqual([
        { last_receipt_number: Math.max(...before.map((order) => order.receipt_number ?? 0)) },
      ]);
    });
  },
);
