import { z } from "zod";

/** The forms of the admin's newsletter pages besides the letter's own fields (letter-form.ts). */

export const RATE_MIN = 1;
export const RATE_MAX = 500;

/** The list's search (`?q=`, bounded) and page (`?side=`). */
export const subscriberSearchSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  side: z.coerce.number().int().min(1).max(10_000).catch(1),
});

const rateMessage = `Skriv et helt tal fra ${RATE_MIN} til ${RATE_MAX}`;

export const newsletterSettingsSchema = z.object({
  intent: z.literal("settings"),
  hastighed: z.coerce
    .number({ error: rateMessage })
    .int(rateMessage)
    .min(RATE_MIN, rateMessage)
    .max(RATE_MAX, rateMessage),
  maanedsbrev: z.literal("ja").optional(),
});

export interface NewsletterSettingsValues {
  messagesPerSecond: number;
  monthlyDigest: boolean;
}

/** The overview's forms: a new letter, a subscriber removed, the settings. */
export const overviewFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("new-letter") }),
  z.object({ intent: z.literal("remove"), id: z.uuid() }),
  newsletterSettingsSchema,
]);

/** The letter page's forms besides its fields: the test mail, sending, taking it back, deleting, trying again. */
export const letterActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("test") }),
  z.object({ intent: z.literal("send-now") }),
  z.object({
    intent: z.literal("schedule"),
    dato: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Vælg en dato"),
    tid: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Vælg et klokkeslæt"),
  }),
  z.object({ intent: z.literal("unschedule") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("retry") }),
]);
