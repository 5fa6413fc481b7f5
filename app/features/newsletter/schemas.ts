import { z } from "zod";
import { email, NAME_MAX_LENGTH } from "~/features/accounts/schemas";

/** The box `nyhedsbrev` beside a ticket purchase and an account's sign-up: unticked sends nothing, ticked "ja". */
export const newsletterTick = () => z.literal("ja").optional();

/**
 * The newsletter's form, in the footer and on /nyhedsbrev: the address, a name if the fan gives one, and which
 * of the two places it was sent from (each shows its own consent wording, which is what is kept).
 */
export const newsletterSignUpSchema = z.object({
  email: email().pipe(z.string().max(254, "E-mailadressen er for lang")),
  name: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, `Navnet må højst have ${NAME_MAX_LENGTH} tegn`)
    .optional()
    .transform((name) => name || undefined),
  kilde: z.enum(["footer", "page"], { error: "Ukendt tilmeldingssted" }).default("page"),
});
