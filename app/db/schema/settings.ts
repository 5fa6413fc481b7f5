import { sql } from "drizzle-orm";
import { check, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { instant, updatedAt } from "./columns";

/** The business behind the site. One row only (id = 1), enforced by the database. */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: smallint("id").primaryKey().default(1),
    siteName: text("site_name").notNull(),
    tagline: text("tagline").notNull().default(""),
    businessName: text("business_name").notNull(),
    streetAddress: text("street_address").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    cvr: text("cvr").notNull(),
    seededAt: instant("seeded_at"),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("site_settings_single_row", sql`${table.id} = 1`),
    check("site_settings_cvr_format", sql`${table.cvr} ~ '^[0-9]{8}$'`),
    check("site_settings_postal_code_format", sql`${table.postalCode} ~ '^[0-9]{4}$'`),
  ],
);
