import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterSettings } from "~/db/schema";
import type { NewsletterSettingsValues } from "./admin/forms";

/** The newsletter's settings (the one row, id 1), or the defaults while it is not written yet. */
export async function newsletterSettingsOf(db: Database): Promise<NewsletterSettingsValues> {
  const [row] = await db
    .select({
      messagesPerSecond: newsletterSettings.messagesPerSecond,
      monthlyDigest: newsletterSettings.monthlyDigest,
    })
    .from(newsletterSettings)
    .where(eq(newsletterSettings.id, 1));
  return row ?? { messagesPerSecond: 10, monthlyDigest: false };
}

/**
 * Saves the send rate and the monthly digest. The row is made if it is not there; the send queue's own column
 * (the next second it may send in) is left as it is.
 */
export async function saveNewsletterSettings(db: Database, settings: NewsletterSettingsValues) {
  await db
    .insert(newsletterSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: newsletterSettings.id, set: settings });
}
