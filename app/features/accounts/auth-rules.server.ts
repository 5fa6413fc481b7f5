import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Database } from "~/db/client.server";
import { TOO_MANY_ATTEMPTS } from "./auth-errors";
import { allowEmailAttempt, type EmailLimitedAction } from "./email-rate-limit.server";

type Body = Record<string, unknown>;

/** The per-e-mail limit each endpoint that takes an e-mail address counts toward. */
const emailLimitOf: Record<string, EmailLimitedAction> = {
  "/sign-in/email": "sign-in",
  "/sign-in/email-otp": "sign-in",
  "/email-otp/send-verification-otp": "sign-in-code",
  "/request-password-reset": "password-reset",
  "/email-otp/request-password-reset": "password-reset",
  "/forget-password/email-otp": "password-reset",
};

function isBody(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The account rules, in better-auth's own request pipeline: it runs for our form routes (which call
 * better-auth's HTTP handler) and for direct calls to /api/auth alike, so both get the same answer. The
 * per-address limits are better-auth's rateLimit; this adds the per-e-mail limits.
 */
export function authRules(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    const body: Body = isBody(ctx.body) ? ctx.body : {};
    const limit = emailLimitOf[ctx.path];
    if (limit && typeof body.email === "string" && !(await allowEmailAttempt(db, limit, body.email.trim()))) {
      throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: TOO_MANY_ATTEMPTS });
    }
  });
}
