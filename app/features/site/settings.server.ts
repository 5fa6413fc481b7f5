import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { keptPerDatabase } from "~/lib/kept-per-database.server";
import { siteSettings } from "~/db/schema";
import type { PublicSiteSettings } from "./settings";

const fallbackSettings: PublicSiteSettings = {
  siteName: "Scene",
  tagline: "",
  businessName: "",
  streetAddress: "",
  postalCode: "",
  city: "",
  email: "",
  phone: "",
  cvr: "",
};

/** The site's name, address and contact details: every page shows them, so they are kept in memory. */
const keptSiteSettings = keptPerDatabase(readSiteSettings);
export const getSiteSettings = keptSiteSettings.get;

/** After the settings row was written: the seed, and server/freshness.ts on `changed("settings")`. */
export const forgetSiteSettings = keptSiteSettings.forget;

async function readSiteSettings(db: Database): Promise<PublicSiteSettings> {
  const [row] = await db
    .select({
      siteName: siteSettings.siteName,
      tagline: siteSettings.tagline,
      businessName: siteSettings.businessName,
      streetAddress: siteSettings.streetAddress,
      postalCode: siteSettings.postalCode,
      city: siteSettings.city,
      email: siteSettings.email,
      phone: siteSettings.phone,
      cvr: siteSettings.cvr,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row ?? fallbackSettings;
}
