import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Database } from "~/db/client.server";
import { TOO_MANY_ATTEMPTS } from "./auth-errors";
import { allowEmailAttempt, type EmailLimitedAction } from "./email-rate-limit.server";
import { nameProblems, passwordProblems } from "./schemas";

type Body = Record<string, unknown>;

/** The per-e-mail limit each endpoint that takes an e-mail address counts toward. */
const emailLimitOf: Record<string, EmailLimitedAction> = {
  "/sign-in/email": "sign-in",
  "/sign-in/email-otp": "sign-in",
  "/email-otp/send-verification-otp": "sign-in-code",
  "/request-password-reset": "password-reset",
  "/email-otp/request-password-reset": "password-reset",
  "/forget-password/email-otp": "password-reset",
  "/sign-up/email": "sign-up",
};

/** The body field in which each endpoint that sets a password takes it. */
const newPasswordFieldOf: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/email-otp/reset-password": "password",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

/** Where in the body each endpoint that sets a name takes it. */
const nameOf: Record<string, (body: Body) => unknown> = {
  "/sign-up/email": (body) => body.name,
  "/update-user": (body) => body.name,
  "/admin/create-user": (body) => body.name,
  "/admin/update-user": (body) => (isBody(body.data) ? body.data.name : undefined),
};

function isBody(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function refuseProblems(code: "PASSWORD_NOT_ALLOWED" | "NAME_NOT_ALLOWED", problems: string[]) {
  if (problems.length > 0) throw new APIError("BAD_REQUEST", { code, message: problems.join(" ") });
}

/**
 * The account rules, in better-auth's own request pipeline: it runs for our form routes (which call
 * better-auth's HTTP handler) and for direct calls to /api/auth alike, so both get the same answer. The
 * per-address limits are better-auth's rateLimit; these add the forms' password and name rules and the
 * per-e-mail limits. A request the password or name rule refuses counts toward no per-e-mail limit: it sends
 * no e-mail and tries no password.
 */
export function authRules(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    const body: Body = isBody(ctx.body) ? ctx.body : {};
    const passwordField = newPasswordFieldOf[ctx.path];
    const password = passwordField ? body[passwordField] : undefined;
    if (typeof password === "string") {
      const email = typeof body.email === "string" ? body.email : undefined;
      refuseProblems("PASSWORD_NOT_ALLOWED", passwordProblems(password, { email }));
    }
    const name = nameOf[ctx.path]?.(body);
    if (typeof name === "string") refuseProblems("NAME_NOT_ALLOWED", nameProblems(name));
    const limit = emailLimitOf[ctx.path];
    if (limit && typeof body.email === "string" && !(await allowEmailAttempt(db, limit, body.email.trim()))) {
      throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: TOO_MANY_ATTEMPTS });
    }
  });
}
