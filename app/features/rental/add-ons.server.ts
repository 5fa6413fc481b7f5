import { asc, eq } from "drizzle-orm";
import { addOns } from "~/db/schema";
import { keptPerDatabase } from "~/lib/kept-per-database.server";
import type { AddOn } from "./add-ons";

/**
 * The add-ons bookers are offered, the published ones, in the admin's order (the content registry's `addOn`). Kept
 * in memory like the settings, for every basket and price list asks; a content write forgets them
 * (server/freshness.ts).
 */
const keptAddOns = keptPerDatabase((db): Promise<AddOn[]> =>
  db
    .select({
      id: addOns.id,
      name: addOns.name,
      description: addOns.description,
      unit: addOns.unit,
      priceOere: addOns.priceOere,
      vat: addOns.vat,
      requiredFor: addOns.requiredFor,
    })
    .from(addOns)
    .where(eq(addOns.published, true))
    .orderBy(asc(addOns.position), asc(addOns.createdAt)),
);
export const offeredAddOns = keptAddOns.get;
export const forgetOfferedAddOns = keptAddOns.forget;
