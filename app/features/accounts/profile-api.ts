import { z } from "zod";
import { contactDetailsSchema, REQUIRED, required } from "./schemas";

/**
 * What a user may change through spec §7's profile calls: the name, the address and the phone number. An absent
 * field is left as it is, and so is a null address or phone (the client echoes the record it was given, where
 * a detail never filled in is null). Every other field of the record is the server's: see `serverOwnedFields`.
 */
export const profileChangesSchema = z.object({
  userId: required(),
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, "Navnet må højst have 100 tegn").optional(),
  address: contactDetailsSchema.shape.address.nullable().optional(),
  phone: contactDetailsSchema.shape.phone.nullable().optional(),
});

export type ProfileChanges = z.infer<typeof profileChangesSchema>;

/**
 * The record's fields that only the server writes, and why a client cannot change them. The spec's client sends
 * them back as it got them; the same value is accepted and ignored, another one is refused.
 */
export const serverOwnedFields = {
  email:
    "E-mailen kan ikke ændres her. Skift den under Mine oplysninger: den nye adresse gælder, når du har åbnet det link, vi sender til den.",
  role: "Rollen kan ikke ændres her.",
  last_login_at: "Tidspunktet for seneste login sætter serveren selv.",
  updated_at: "Tidspunktet for seneste ændring sætter serveren selv.",
  avatar_url: "Profilbilledet skifter du ved at uploade et nyt billede under Ret mine oplysninger.",
} as const;

export type ServerOwnedField = keyof typeof serverOwnedFields;

/** "Feltet email kan …" or "Felterne email og role kan …", naming what the client tried to change. */
export function serverOwnedMessage(fields: ServerOwnedField[]) {
  const names = new Intl.ListFormat("da", { type: "conjunction" }).format(fields);
  return `${fields.length === 1 ? "Feltet" : "Felterne"} ${names} styres af serveren og kan ikke ændres her.`;
}
