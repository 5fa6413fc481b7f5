import { z } from "zod";

export const REQUIRED = "Feltet skal udfyldes";
export const PASSWORD_MIN_LENGTH = 10;
export const NAME_MAX_LENGTH = 100;

// A few of the most used passwords; a length of 10 already rules out most of the rest.
const commonPasswords = new Set([
  "1234567890",
  "0123456789",
  "qwertyuiop",
  "password12",
  "password123",
  "adgangskode",
  "adgangskode1",
  "kodeord123",
  "sommer2024",
  "sommer2025",
  "sommer2026",
  "vinter2026",
  "aaaaaaaaaa",
]);

/**
 * Why a password is too weak, in Danish; empty when it is strong enough. The forms' schemas and better-auth's
 * hook (auth-rules.server.ts) both ask this, so every way of setting a password holds to the same rule.
 */
export function passwordProblems(password: string, person: { email?: string; name?: string } = {}) {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    problems.push(`Adgangskoden skal have mindst ${PASSWORD_MIN_LENGTH} tegn.`);
  if (password.length > 128) problems.push("Adgangskoden må højst have 128 tegn.");
  if (!/[A-Za-zÆØÅæøå]/.test(password) || !/[^A-Za-zÆØÅæøå]/.test(password)) {
    problems.push("Adgangskoden skal indeholde både bogstaver og tal eller tegn.");
  }
  if (commonPasswords.has(password.toLowerCase()) || /^(.)\1+$/.test(password)) {
    problems.push("Adgangskoden er for almindelig. Vælg en, der er svær at gætte.");
  }
  const localPart = person.email?.split("@")[0]?.toLowerCase();
  if (localPart && localPart.length >= 4 && password.toLowerCase().includes(localPart)) {
    problems.push("Adgangskoden må ikke indeholde din e-mailadresse.");
  }
  return problems;
}

/** Why a name cannot be used, in Danish; empty when it can. The form and better-auth's hook both ask this. */
export function nameProblems(name: string) {
  const trimmedName = name.trim();
  if (!trimmedName) return [REQUIRED];
  if (trimmedName.length > NAME_MAX_LENGTH) return [`Navnet må højst have ${NAME_MAX_LENGTH} tegn`];
  return [];
}

/** A form's check of the password it sets, in `field`, by the rule above (with the form's e-mail, if it has one). */
function strongPassword<Field extends string>(field: Field) {
  return (value: Record<Field, string> & { email?: string }, context: z.RefinementCtx) => {
    for (const message of passwordProblems(value[field], value))
      context.addIssue({ code: "custom", path: [field], message });
  };
}

/** A field that must be filled in, taken as it is typed (a password). */
export const required = () => z.string({ error: REQUIRED }).min(1, REQUIRED);
const trimmed = () => z.string({ error: REQUIRED }).trim().min(1, REQUIRED);
/** An e-mail address as every form takes it: trimmed, lower case, checked. */
export const email = () => trimmed().toLowerCase().pipe(z.email("Skriv en gyldig e-mailadresse"));

export const signInSchema = z.object({
  email: email(),
  password: required(),
  redirectTo: z.string().optional(),
});

export const signUpSchema = z
  .object({
    name: z
      .string({ error: REQUIRED })
      .trim()
      .superRefine((name, context) => {
        for (const message of nameProblems(name)) context.addIssue({ code: "custom", message });
      }),
    email: email(),
    password: required(),
    redirectTo: z.string().optional(),
  })
  .superRefine(strongPassword("password"));

/** Danish numbers: eight digits, optionally with +45 or 0045 before; stored as "+45xxxxxxxx". */
export const danishPhoneSchema = trimmed()
  .transform((value) => value.replace(/[\s-]/g, "").replace(/^(\+45|0045)/, ""))
  .pipe(z.string().regex(/^[2-9]\d{7}$/, "Skriv et dansk telefonnummer med 8 cifre"))
  .transform((digits) => `+45${digits}`);

export const contactDetailsSchema = z.object({
  address: trimmed().max(200, "Adressen må højst have 200 tegn"),
  phone: danishPhoneSchema,
});

/** "+4512345678" → "12 34 56 78", the way Danes write a number. */
export function formatDanishPhone(phone: string) {
  const digits = phone.replace(/^\+45/, "");
  return digits.length === 8 ? digits.replace(/(\d{2})(?=\d)/g, "$1 ") : phone;
}

export const requestPasswordResetSchema = z.object({ email: email() });

export const resetPasswordSchema = z
  .object({ token: z.string().min(1, "Linket er ugyldigt"), password: required() })
  .superRefine(strongPassword("password"));

export const requestSignInCodeSchema = z.object({ email: email(), redirectTo: z.string().optional() });

/** The code of an authenticator app, at sign-in and when the second factor is set up. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Koden er 6 cifre");

export const signInWithCodeSchema = z.object({
  email: email(),
  otp: trimmed().regex(/^\d{6}$/, "Koden er 6 cifre"),
  redirectTo: z.string().optional(),
});

export const changePasswordSchema = z
  .object({ currentPassword: required(), newPassword: required() })
  .superRefine(strongPassword("newPassword"));

export const changeEmailSchema = z.object({ newEmail: email() });

export const deleteAccountSchema = z.object({
  password: required(),
  confirm: z.literal("ja", { error: "Sæt kryds for at bekræfte, at kontoen skal slettes" }),
});
