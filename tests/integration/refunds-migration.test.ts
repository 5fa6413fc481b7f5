import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, migrateUpTo, rowsOf, type TestDatabase } from "../support/test-database";

/**
 * Migration 0029 (decision 056): a cancellation's refund, once one string of the provider's ids on the cancellation,
 * becomes a row per payment it paid back, the latest first as it was paid out, with its share of the moms.
 */
describe.each(databaseKinds)("migration 0029: every refund a record of its own, on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    await migrateUpTo(database, 28);
    await database.db.execute(sql`
      insert into orders (id, status, booker_name, booker_email, booker_address, days, total_oere, vat_oere, provider,
        receipt_number, paid_at)
      values ('00000000-0000-4000-8000-000000000001', 'cancelled', 'Mette', 'mette@example.dk', 'Havnegade 1',
        '{2027-03-01}', 1050000, 170000, 'stripe', 7, '2026-10-01T10:00:00Z')`);
    await database.db.execute(sql`
      insert into order_lines (order_id, position, kind, description, day, quantity, unit_price_oere, total_oere,
        vat_category, vat_rate_percent, vat_oere)
      values
        ('00000000-0000-4000-8000-000000000001', 0, 'day', 'Leje af salen', '2027-03-01', 1, 850000, 850000,
          'standard', 25, 170000),
        ('00000000-0000-4000-8000-000000000001', 1, 'security-deposit', 'Sikkerhedsdepositum', null, 1, 200000,
          200000, 'outside-scope', 0, 0)`);
    await database.db.execute(sql`
      insert into order_payments (id, order_id, kind, amount_oere, due_day, paid_at, receipt_number, provider_reference)
      values
        ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'depositum', 212500,
          '2026-10-01', '2026-10-01T10:00:00Z', 7, 'cs_depositum'),
        ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'balance', 837500,
          '2027-01-30', '2027-01-20T10:00:00Z', 8, 'cs_balance')`);
    // Cancelled early enough that everything goes back: the balance first, then the depositum.
    await database.db.execute(sql`
      insert into order_cancellations (order_id, cancelled_at, by_admin, reason, days_before, charge_percent,
        charge_oere, refund_oere, security_deposit_oere, owed_oere, refund_reference)
      values ('00000000-0000-4000-8000-000000000001', '2027-02-10T09:00:00Z', false, 'Afbestilt af lejeren', 35, 0,
        0, 1050000, 200000, 0, 're_balance re_depositum')`);
    await database.migrate();
  });

  afterAll(() => database?.destroy());

  it("pays the balance back first, then the depositum, each with the provider's id it was given", async () => {
    const refunds = rowsOf(
      await database.db.execute(sql`
        select p.kind as payment, r.kind, r.amount_oere, r.vat_oere, r.reason, r.provider_reference,
          r.refunded_at = '2027-02-10T09:00:00Z'::timestamptz as at_cancellation
        from order_refunds r join order_payments p on p.id = r.payment_id order by r.amount_oere desc`),
    );
    // The refund's moms as the accountant's CSV had it, the rent's 170,000 øre, shared by the amounts paid back.
    const row = (payment: string, amount: number, vat: number, reference: string) => ({
      payment,
      kind: "cancellation",
      amount_oere: amount,
      vat_oere: vat,
      reason: "Afbestilt af lejeren",
      provider_reference: reference,
      at_cancellation: true,
    });
    expect(refunds).toEqual([
      row("balance", 837_500, Math.round((837_500 * 170_000) / 1_050_000), "re_balance"),
      row("depositum", 212_500, 170_000 - Math.round((837_500 * 170_000) / 1_050_000), "re_depositum"),
    ]);
  });
});
