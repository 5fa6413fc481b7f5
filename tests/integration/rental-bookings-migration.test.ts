import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, migrateUpTo, rowsOf, type TestDatabase } from "../support/test-database";

const rental = "00000000-0000-4000-8000-000000000001";
const moved = "00000000-0000-4000-8000-000000000002";
const tickets = "00000000-0000-4000-8000-000000000003";

/**
 * Migration 0031 (decision 060): what only a rental has moves from `orders` to its `rental_bookings` row, and its days
 * are its day lines alone. The release-884eaa2 fixture (issued-documents-migration.test.ts) holds every kind of hall
 * order; these are the cases it cannot: a day an order names without a line of its own, and a ticket order.
 */
describe.each(databaseKinds)("migration 0031: a rental's own facts on its booking, on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    // Level 29: the database of the release before, through migration 0029.
    await migrateUpTo(database, 29);
    await database.db.execute(sql`insert into events (id, title, starts_at)
      values ('00000000-0000-4000-8000-0000000000e1', 'Koncert', '2027-03-01T19:00:00Z')`);
    await database.db.execute(sql`
      insert into orders (id, status, sale, event_id, access_token, booker_name, booker_email, booker_address,
        customer_type, booker_organisation, booker_cvr, booker_ean, booker_reference, days, total_oere, vat_oere,
        provider, receipt_number, paid_at, guests, purpose, message, answer, answered_at, answer_by)
      values
        (${rental}, 'offered', 'rental', null, null, 'Mette', 'mette@example.dk', 'Havnegade 1', 'offentlig',
          'Aarhus Kommune', '55133018', '5798000416604', 'PO-118', '{2027-03-02,2027-03-01}', 1000000, 200000, 'demo',
          null, null, 80, 'Jubilæum', 'Vi kommer tidligt', 'Med lydtekniker', '2026-11-01T10:00:00Z',
          '2026-11-08T10:00:00Z'),
        (${moved}, 'paid', 'rental', null, null, 'Lise', 'lise@example.dk', 'Kajen 2', 'privat', null, null, null,
          null, '{2026-01-05,2026-01-06}', 500000, 100000, 'demo', 1, '2025-12-01T10:00:00Z', null, null, null, null,
          null, null),
        (${tickets}, 'paid', 'tickets', '00000000-0000-4000-8000-0000000000e1', 'token-of-the-ticket-order',
          'Sofie', 'sofie@example.dk', '', 'privat', null, null, null, null, '{}', 52000, 10400, 'demo', 2,
          '2026-11-01T10:00:00Z', null, null, null, null, null, null)`);
    // The second order's days were moved back by the end-to-end tests' shortcut, which left its lines behind: its
    // line is for a day it no longer names.
    await database.db.execute(sql`
      insert into order_lines (order_id, position, kind, description, day, quantity, unit_price_oere, total_oere,
        vat_category, vat_rate_percent, vat_oere)
      values
        (${rental}, 0, 'day', 'Leje af salen', '2027-03-01', 1, 500000, 500000, 'standard', 25, 100000),
        (${rental}, 1, 'day', 'Leje af salen', '2027-03-02', 1, 500000, 500000, 'standard', 25, 100000),
        (${moved}, 0, 'day', 'Leje af salen', '2026-02-05', 1, 500000, 500000, 'standard', 25, 100000),
        (${tickets}, 0, 'ticket', 'Ordinær', null, 1, 52000, 52000, 'standard', 25, 10400)`);
    await database.migrate();
  });

  afterAll(() => database?.destroy());

  it("moves each hall order's booker details, request words and answer to its booking, and gives a ticket order none", async () => {
    expect(
      rowsOf(
        await database.db.execute(sql`
          select order_id, booker_address, customer_type, booker_organisation, booker_cvr, booker_ean,
            booker_reference, guests, purpose, message, answer, answered_at = '2026-11-01T10:00:00Z' as answered,
            answer_by = '2026-11-08T10:00:00Z' as due
          from rental_bookings order by order_id`),
      ),
    ).toEqual([
      {
        order_id: rental,
        booker_address: "Havnegade 1",
        customer_type: "offentlig",
        booker_organisation: "Aarhus Kommune",
        booker_cvr: "55133018",
        booker_ean: "5798000416604",
        booker_reference: "PO-118",
        guests: 80,
        purpose: "Jubilæum",
        message: "Vi kommer tidligt",
        answer: "Med lydtekniker",
        answered: true,
        due: true,
      },
      expect.objectContaining({ order_id: moved, booker_address: "Kajen 2", customer_type: "privat", guests: null }),
    ]);
  });

  it("keeps every day of an order as its day lines, a day without one as a line of no amount, totals unchanged", async () => {
    const lines = rowsOf(
      await database.db.execute(sql`
        select order_id, position, day::text as day, total_oere, vat_category, vat_rate_percent, vat_oere
        from order_lines where kind = 'day' order by order_id, position`),
    );
    const line = (order: string, position: number, day: string, total: number, vat: number) => ({
      order_id: order,
      position,
      day,
      total_oere: total,
      vat_category: "standard",
      vat_rate_percent: 25,
      vat_oere: vat,
    });
    expect(lines).toEqual([
      line(rental, 0, "2027-03-01", 500000, 100000),
      line(rental, 1, "2027-03-02", 500000, 100000),
      line(moved, 0, "2026-02-05", 500000, 100000),
      line(moved, 1, "2026-01-05", 0, 0),
      line(moved, 2, "2026-01-06", 0, 0),
    ]);
    const columns = rowsOf<{ column_name: string }>(
      await database.db.execute(sql`select column_name from information_schema.columns where table_name = 'orders'`),
    ).map((column) => column.column_name);
    for (const gone of ["days", "booker_address", "customer_type", "booker_ean", "guests", "answer_by"]) {
      expect(columns).not.toContain(gone);
    }
  });
});
