import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, emailOTP, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { ADMIN_ROLE, authAccounts, rateLimits, sessions, twoFactors, users, verifications } from "~/db/schema";
import type { Mailer } from "~/features/email/mailer.server";
import {
  existingAccountMessage,
  resetPasswordMessage,
  signInCodeMessage,
  verifyEmailMessage,
} from "~/features/email/messages";
import type { AccountPart } from "./account-parts.server";
import { authRules } from "./auth-rules.server";
import { recordSignIn, syncProfileIdentity } from "./profile.server";

/** Spec §9: a session lives 400 days of use; each day of use renews it. */
export const SESSION_LIFETIME_SECONDS = 400 * 24 * 60 * 60;
/** The header through which the server tells better-auth the client's address (never taken from the client). */
export const CLIENT_IP_HEADER = "x-scene-client-ip";
export const AUTH_BASE_PATH = "/api/auth";
/**
 * How long better-auth believes the signed copy of the session in a cookie (its cookie cache) without reading the
 * session itself. It saves better-auth's own reading, not the app's check: `getSessionUser` asks the database
 * whether the session stands on every request (decision 027).
 */
export const SESSION_CACHE_SECONDS = 30;
const DEFAULT_ROLE = "user";

export interface AuthOptions {
  db: Database;
  secret: string;
  publicUrl: string;
  siteName: string;
  mailer: Mailer;
  logger: Logger;
  /**
   * How passwords are hashed and checked. Unset, better-auth's own: scrypt at N = 16,384, a tenth of a second of CPU
   * each. The tests set the same scrypt at a lower cost (`tests/support/password-hashing.ts`).
   */
  passwordHashing?: PasswordHashing;
  /** The businesses' parts of an account (decision 055): asked when it is verified and before it is deleted. */
  accountParts: readonly AccountPart[];
}

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth({
  db,
  secret,
  publicUrl,
  siteName,
  mailer,
  logger,
  passwordHashing,
  accountParts,
}: AuthOptions) {
  const send = (message: Parameters<Mailer["send"]>[0]) =>
    mailer
      .send(message)
      .catch((error: unknown) => logger.error({ err: error, subject: message.subject }, "sending e-mail failed"));

  const auth = betterAuth({
    appName: siteName,
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      password: passwordHashing,
      // A sign-up gives no session until the address is verified, so a sign-up for a taken address can be
      // answered exactly as one for a new address: better-auth then mails the owner instead of refusing.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user }) =>
        send(
          existingAccountMessage(siteName, user.email, user.name, {
            signIn: `${publicUrl}/login`,
            resetPassword: `${publicUrl}/glemt-adgangskode`,
          }),
        ),
      // The made-up account in that answer must look like a new one, down to the role the admin plugin gives.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: DEFAULT_ROLE,
        ...additionalFields,
        id,
      }),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => send(resetPasswordMessage(siteName, user.email, user.name, url)),
      // The reset link reached the address, which proves it as well as the verification link does.
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }, request) =>
        send(
          verifyEmailMessage(
            siteName,
            user.email,
            user.name,
            url,
            (
              await Promise.all(
                accountParts.map((part) => part.verificationNote?.(db, user.email, request, siteName) ?? null),
              )
            ).filter((note) => note !== null),
          ),
        ),
      // The link proved the address: what a business waited on it for (the newsletter ticked at sign-up) goes on.
      afterEmailVerification: async (user) => {
        for (const part of accountParts) {
          await part
            .afterEmailVerified?.(db, user.email)
            .catch((error: unknown) => logger.error({ err: error }, "a verified account's business step failed"));
        }
      },
    },
    user: {
      // A new address takes effect when the link sent to it is opened.
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // Each business frees or forgets what it holds (the days, the newsletter subscription with its consent).
        // Before the account goes, so a failure keeps everything.
        beforeDelete: async (user) => {
          for (const part of accountParts) await part.beforeDelete?.(db, { id: user.id, email: user.email });
        },
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: 24 * 60 * 60,
      // Saves better-auth's reading of the session on most requests (see above).
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS, strategy: "compact" },
    },
    advanced: {
      cookiePrefix: "scene",
      useSecureCookies: publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/email-otp/send-verification-otp": { window: 60, max: 3 },
        "/sign-in/email-otp": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
      },
    },
    hooks: { before: authRules(db) },
    databaseHooks: {
      user: { update: { after: (user) => syncProfileIdentity(db, user.id) } },
      session: { create: { after: (session) => recordSignIn(db, session.userId) } },
    },
    plugins: [
      admin({ adminRoles: [ADMIN_ROLE], defaultRole: DEFAULT_ROLE, roles: { [ADMIN_ROLE]: adminAc, user: userAc } }),
      emailOTP({
        // Accounts are made on the sign-up form; a code to an unknown e-mail is silently not sent.
        disableSignUp: true,
        otpLength: 6,
        expiresIn: 5 * 60,
        sendVerificationOTP: async ({ email, otp }) => send(signInCodeMessage(siteName, email, otp)),
      }),
      twoFactor({ issuer: siteName }),
    ],
  });
  // The database its sessions are in, where `getSessionUser` checks that a session stands.
  return Object.assign(auth, { db });
}

export type Auth = ReturnType<typeof createAuth>;
