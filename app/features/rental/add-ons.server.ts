import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addOns } from "~/db/schema";
import type { AddOn } from "./add-ons";

/** The add-ons bookers are offered, the published ones, in the admin's order (the content registry's `addOn`). */
export function offeredAddOns(db: Database): Promise<AddOn[]> {
  return db
    .select({
      id: addOns.id,
      name: addOns.name,
      description: addOns.description,
      unit: addOns.unit,
      priceOere: addOns.priceOere,
      requiredFor: addOns.requiredFor,
    })
    .from(addOns)
    .where(eq(addOns.published, true))
    .orderBy(asc(addOns.position), asc(addOns.createdAt));
}
