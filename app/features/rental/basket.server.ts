import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { baskets, dayClaims } from "~/db/schema";
import { getReservationSettings } from "~/features/rental/settings.server";
import type { AddOnSelection, KeptAddOnChoice } from "~/db/schema/values/rental";
import type { CustomerType } from "./customer-types";
import { dayPriceFor } from "./rules";

/** The customer type a user rents as: their basket's, privat until they choose another. */
export async function basketCustomerType(db: Database, userId: string): Promise<CustomerType> {
  const [basket] = await db
    .select({ customerType: baskets.customerType })
    .from(baskets)
    .where(eq(baskets.userId, userId));
  return basket?.customerType ?? "privat";
}

/**
 * Keeps the add-ons sent to checkout on the basket, with the holds in it now, so that the basket ticks them again
 * after a detour (`keptAddOnValues`): to the booker's details first, or back from the provider's page. Ids and
 * counts only; the order prices them from the add-ons offered when it is made. No basket, no holds: nothing to keep.
 */
export async function keepAddOnChoice(db: Database, userId: string, selection: AddOnSelection) {
  const holds = await db
    .select({ id: dayClaims.id })
    .from(dayClaims)
    .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"), isNull(dayClaims.releasedAt)));
  const choice: KeptAddOnChoice = {
    ids: [...selection.ids],
    hours: { ...selection.hours },
    guests: selection.guests,
    claimIds: holds.map((hold) => hold.id),
  };
  await db.update(baskets).set({ addOnChoice: choice }).where(eq(baskets.userId, userId));
}

/** The add-ons last kept on the user's basket (`keepAddOnChoice`), if any. */
export async function keptAddOnChoice(db: Database, userId: string): Promise<KeptAddOnChoice | null> {
  const [basket] = await db
    .select({ addOnChoice: baskets.addOnChoice })
    .from(baskets)
    .where(eq(baskets.userId, userId));
  return basket?.addOnChoice ?? null;
}

/**
 * Rents as another customer type: the basket's days are priced again by that type's terms, in one transaction.
 * The basket's version goes up with it, so a hold judged meanwhile by the old type's prices finds a new version
 * and is judged again (`holdDay`).
 */
export async function chooseCustomerType(db: Database, userId: string, customerType: CustomerType) {
  const settings = await getReservationSettings(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(baskets)
      .values({ userId, version: 1, customerType })
      .onConflictDoUpdate({ target: baskets.userId, set: { customerType, version: sql`${baskets.version} + 1` } });
    const holds = await tx
      .select({ id: dayClaims.id, day: dayClaims.day })
      .from(dayClaims)
      .where(and(eq(dayClaims.userId, userId), eq(dayClaims.kind, "hold"), isNull(dayClaims.releasedAt)));
    if (holds.length === 0) return;
    const price = sql.join(
      holds.map((hold) => sql`when ${hold.id}::uuid then ${dayPriceFor(hold.day, customerType, settings)}::integer`),
      sql` `,
    );
    await tx
      .update(dayClaims)
      .set({ priceOere: sql`case ${dayClaims.id} ${price} end` })
      .where(
        inArray(
          dayClaims.id,
          holds.map((hold) => hold.id),
        ),
      );
  });
}
