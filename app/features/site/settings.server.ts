import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
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

export async function getSiteSettings(db: Database): Promise<PublicSiteSettings> {
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
