import { z } from "zod";
import { REQUIRED } from "./schemas";

/** Spec §7's profile payload. The avatar may only point at our own storage. */
const avatarUrl = z
  .string()
  .regex(/^\/storage\/v1\/object\/public\/users\/[\w.-]+$/, "Skal være et billede fra sidens eget lager")
  .nullable();

export const profilePayloadSchema = z.object({
  userId: z.string({ error: REQUIRED }).min(1, REQUIRED),
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100),
  email: z.string({ error: REQUIRED }).trim().toLowerCase().pipe(z.email("Skriv en gyldig e-mailadresse")),
  last_login_at: z.iso.datetime({ offset: true, error: "Skal være et tidspunkt (ISO 8601)" }),
  updated_at: z.iso.datetime({ offset: true, error: "Skal være et tidspunkt (ISO 8601)" }).optional(),
  avatar_url: avatarUrl.optional(),
});

export const profileUpdateSchema = profilePayloadSchema
  .omit({ updated_at: true })
  .partial()
  .extend({
    userId: z.string({ error: REQUIRED }).min(1, REQUIRED),
  });

export type ProfilePayload = z.infer<typeof profilePayloadSchema>;
