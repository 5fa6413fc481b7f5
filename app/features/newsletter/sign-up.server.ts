import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers, users } from "~/db/schema";
import { allowAttempt } from "~/features/accounts/email-rate-limit.server";
import type { Mailer } from "~/features/email/mailer.server";
import { FORGET_AFTER_DAYS } from "./rules";
import { requestSubscription, type SignUp } from "./subscription.server";

/** Sign-ups from one client address an hour: a household signs up a few addresses; a flood is refused. */
export const SIGN_UPS_PER_CLIENT = { windowSeconds: 60 * 60, max: 10 };
/** Sign-ups of one e-mail address an hour, from anywhere: enough to ask again, too few to fill an inbox. */
export const SIGN_UPS_PER_EMAIL = { windowSeconds: 60 * 60, max: 3 };

type SignUpDependencies = { db: Database; mailer: Mailer; publicUrl: string };

/** Counts a sign-up from a client address; false once it is past `SIGN_UPS_PER_CLIENT`. */
export function allowSignUpFrom(db: Database, clientIp: string, now = Date.now()) {
  return allowAttempt(db, `newsletter:ip:${clientIp}`, SIGN_UPS_PER_CLIENT, now);
}

/**
 * A sign-up from a form (the footer, /nyhedsbrev, a ticket purchase). Past the address's limit nothing is done
 * and nothing is said: the form answers as always, so nobody learns anything from it.
 */
export async function requestLimitedSubscription(deps: SignUpDependencies, signUp: SignUp, now = new Date()) {
  const email = signUp.email.trim().toLowerCase();
  if (!(await allowAttempt(deps.db, `newsletter:email:${email}`, SIGN_UPS_PER_EMAIL, now.getTime()))) return;
  await requestSubscription(deps, signUp, now);
}

/**
 * The box ticked at an account's sign-up, after better-auth answered it. A new account's address is proved by its
 * own verification link, so the row waits for that without a mail of its own. A sign-up with an address that
 * already had an account made none (decision 013): that address gets the newsletter's own confirmation, as the
 * account's owner may not be the one who ticked.
 */
export async function requestAccountSubscription(
  deps: SignUpDependencies,
  signUp: { email: string; name: string },
  signUpStartedAt: Date,
) {
  const email = signUp.email.trim().toLowerCase();
  const [account] = await deps.db
    .select({ createdAt: users.createdAt, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  const madeNow = account !== undefined && !account.emailVerified && account.createdAt >= signUpStartedAt;
  if (madeNow) await requestSubscription(deps, { email, name: signUp.name, source: "account", mail: false });
  else await requestLimitedSubscription(deps, { email, name: signUp.name, source: "account" });
}

/** A request to the auth API that asks for the newsletter with the account (the sign-up form's tick). */
export const NEWSLETTER_WITH_ACCOUNT_HEADER = "x-scene-newsletter";

/** An account's sign-up for the newsletter, waiting for the account's verification link (it has none of its own). */
const waitingForAccountLink = (email: string) =>
  and(
    eq(newsletterSubscribers.email, email.toLowerCase()),
    eq(newsletterSubscribers.status, "pending"),
    eq(newsletterSubscribers.source, "account"),
    isNull(newsletterSubscribers.confirmToken),
  );

/**
 * Whether an account's verification mail also confirms the newsletter: its sign-up ticked the box (the request
 * says so, before the row is written), or an earlier sign-up of the address did and waits for the link.
 */
export async function verificationConfirmsNewsletter(db: Database, email: string, request: Request | undefined) {
  if (request?.headers.get(NEWSLETTER_WITH_ACCOUNT_HEADER) === "ja") return true;
  const [waiting] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(waitingForAccountLink(email));
  return waiting !== undefined;
}

/**
 * An account's verification link was opened: the subscription its sign-up asked for is confirmed, as the address
 * was just proved. True when there was one to confirm.
 */
export async function confirmAccountSubscription(db: Database, email: string, now = new Date()) {
  const [confirmed] = await db
    .update(newsletterSubscribers)
    .set({ status: "subscribed", confirmedAt: now })
    .where(
      and(
        waitingForAccountLink(email),
        gt(newsletterSubscribers.requestedAt, new Date(now.getTime() - FORGET_AFTER_DAYS * 24 * 60 * 60 * 1000)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return confirmed !== undefined;
}
