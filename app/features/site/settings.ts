/** What every page may show of the business behind the site (header, footer, receipts). */
export interface PublicSiteSettings {
  siteName: string;
  tagline: string;
  businessName: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  cvr: string;
}
