/** better-auth's per-address limits and our per-e-mail limits (auth-rules.server.ts) refuse with this. */
export const TOO_MANY_ATTEMPTS = "For mange forsøg. Vent et minut, og prøv igen.";

/**
 * Danish texts for better-auth's error codes. Sign-in failures never say whether the e-mail is registered.
 */
export function authErrorMessage(status: number, code: string | undefined): string {
  if (status === 429) return TOO_MANY_ATTEMPTS;
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_EMAIL":
    case "INVALID_PASSWORD":
    case "USER_NOT_FOUND":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return "Forkert e-mail eller adgangskode.";
    case "BANNED_USER":
      return "Kontoen er spærret. Kontakt os, hvis du mener, det er en fejl.";
    // Only with the right password, so it tells nothing about whether the address has an account.
    case "EMAIL_NOT_VERIFIED":
      return "Bekræft din e-mailadresse først. Vi har sendt dig et nyt link, så du kan logge ind.";
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return "Adgangskoden opfylder ikke kravene.";
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
    case "INVALID_TWO_FACTOR_COOKIE":
      return "Koden er forkert. Prøv igen, eller log ind forfra.";
    case "INVALID_OTP":
    case "OTP_EXPIRED":
    case "TOO_MANY_ATTEMPTS":
      return "Koden er forkert eller udløbet. Bed om en ny kode.";
    default:
      return "Det lykkedes ikke. Prøv igen om lidt.";
  }
}
