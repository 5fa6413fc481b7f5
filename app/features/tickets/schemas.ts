import { z } from "zod";
import { email, NAME_MAX_LENGTH } from "~/features/accounts/schemas";
import { numberRule } from "~/features/content/schemas";
import { newsletterTick } from "~/features/newsletter/schemas";

/** The form's field for how many of a ticket type: `antal-{type id}`. */
export const quantityField = (typeId: string) => `antal-${typeId}`;

const QUANTITY_FIELD = /^antal-([0-9a-f-]{36})$/;
const MOST_TYPES = 20;

const buyerName = z
  .string({ error: "Skriv dit navn" })
  .trim()
  .min(1, "Skriv dit navn")
  .max(NAME_MAX_LENGTH, `Navnet må højst have ${NAME_MAX_LENGTH} tegn`);

/**
 * The buying form: how many of each type (whole numbers from 0 to 50; the sale's own limit is the rules'), the
 * buyer's name and e-mail, the terms accepted, and the newsletter if ticked. Any other field is ignored.
 */
export const ticketPurchaseSchema = z
  .looseObject({
    navn: buyerName,
    email: email().pipe(z.string().max(254, "E-mailadressen er for lang")),
    vilkaar: z.literal("ja", { error: "Du skal acceptere betingelserne for at købe billetter" }),
    nyhedsbrev: newsletterTick(),
  })
  .transform((value, context) => {
    const quantities: Record<string, number> = {};
    for (const [name, raw] of Object.entries(value)) {
      const match = QUANTITY_FIELD.exec(name);
      if (!match) continue;
      const text = typeof raw === "string" ? raw.trim() : "";
      const count = text === "" ? 0 : Number(text);
      if (!Number.isInteger(count) || count < 0 || count > 50) {
        context.addIssue({ code: "custom", path: [name], message: "Skriv et helt antal fra 0 og op" });
        return z.NEVER;
      }
      quantities[match[1]!] = count;
    }
    if (Object.keys(quantities).length > MOST_TYPES) {
      context.addIssue({ code: "custom", path: [], message: "For mange billettyper i formularen." });
      return z.NEVER;
    }
    return { name: value.navn, email: value.email, quantities, newsletter: value.nyhedsbrev === "ja" };
  });

/** "Skriv mig op" on a sold-out concert: name, e-mail and how many tickets (the sale's own limit is the rules'). */
export const waitlistSchema = z.object({
  navn: buyerName,
  email: email().pipe(z.string().max(254, "E-mailadressen er for lang")),
  antal: numberRule({ min: 1, max: 50, whole: true, message: "Skriv et helt antal fra 1 og op" }),
});

/** A door code or a ticket's address as staff type or scan it: the token in an address, else the code. */
export const checkInSchema = z.object({
  intent: z.literal("tjek-ind"),
  koncert: z.uuid("Vælg en koncert"),
  kode: z.string().trim().min(4, "Skriv billettens kode").max(300, "Koden er for lang"),
});

/** The sales page's smaller forms: a guest on the guest list, and an action on one buyer's order. */
export const guestSchema = z.object({
  intent: z.literal("gaest"),
  navn: z
    .string({ error: "Skriv gæstens navn" })
    .trim()
    .min(1, "Skriv gæstens navn")
    .max(NAME_MAX_LENGTH, "Navnet er for langt"),
  antal: numberRule({ min: 1, max: 20, whole: true, message: "Angiv et antal mellem 1 og 20" }),
});

export const buyerActionSchema = z.object({
  intent: z.enum(["refunder", "send-igen"]),
  ordre: z.uuid("Ukendt ordre"),
});
