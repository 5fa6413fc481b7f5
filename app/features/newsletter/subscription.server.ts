import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterDeliveries, newsletterLetters, newsletterSubscribers } from "~/db/schema";
import { confirmSubscriptionMessage } from "./messages";
import type { Mailer } from "~/features/email/mailer.server";
import { getSiteSettings } from "~/features/site/settings.server";
import { consentWordings, FORGET_AFTER_DAYS, type SignUpSource } from "./rules";

/** 128 random bits, base64url: the confirmation link's and the unsubscribe link's secret. */
const newToken = () => randomBytes(16).toString("base64url");

export const confirmUrl = (publicUrl: string, token: string) => `${publicUrl}/nyhedsbrev/bekraeft/${token}`;
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/nyhedsbrev/afmeld/${token}`;

/** A pending confirmation is mailed again only after this long, however often the form is sent. */
const CONFIRMATION_RESEND_MINUTES = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SignUp {
  email: string;
  name?: string | null;
  source: SignUpSource;
  /**
   * The address was verified just now by the one asking (a signed-in buyer's own, verified address): the
   * confirmation mail is skipped and the address is on the list at once.
   */
  verified?: boolean;
  /**
   * False: the address is put down as asking, with no confirmation mailed and no link to open. An account's
   * sign-up, whose own verification link confirms it (`confirmAccountSubscription`, sign-up.server.ts).
   */
  mail?: boolean;
}

/**
 * Puts an address on its way to the list (double opt-in): a new or returning address gets the confirmation
 * mail, and the wording it agreed to is kept. The caller's answer is the same whatever happened here, so nobody
 * learns who is subscribed: an address on the list already is left as it is, and gets no mail.
 */
export async function requestSubscription(
  deps: { db: Database; mailer: Mailer; publicUrl: string },
  signUp: SignUp,
  now = new Date(),
) {
  const email = signUp.email.trim().toLowerCase();
  const name = signUp.name?.trim() || null;
  const consentWording = consentWordings[signUp.source];
  const verified = signUp.verified === true;
  const confirmToken = verified || signUp.mail === false ? null : newToken();
  const onList = { status: "subscribed" as const, confirmToken: null, confirmedAt: now };
  const asking = { status: "pending" as const, confirmToken, confirmedAt: null };
  const resendBefore = new Date(now.getTime() - CONFIRMATION_RESEND_MINUTES * 60 * 1000);
  // One statement, so two sign-ups at once make one row: a new address is inserted; one that left, bounced or
  // asked a while ago starts over; one on the list (or asked a moment ago) is not touched and not mailed.
  const [row] = await deps.db
    .insert(newsletterSubscribers)
    .values({
      email,
      name,
      source: signUp.source,
      consentWording,
      requestedAt: now,
      unsubscribeToken: newToken(),
      ...(verified ? onList : asking),
    })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        name: sql`coalesce(excluded.name, ${newsletterSubscribers.name})`,
        source: signUp.source,
        consentWording,
        requestedAt: now,
        unsubscribedAt: null,
        bouncedAt: null,
        ...(verified ? onList : asking),
      },
      setWhere: or(
        inArray(newsletterSubscribers.status, ["unsubscribed", "bouncing"]),
        and(
          eq(newsletterSubscribers.status, "pending"),
          verified ? undefined : lt(newsletterSubscribers.requestedAt, resendBefore),
        ),
      ),
    })
    .returning({ confirmToken: newsletterSubscribers.confirmToken });
  if (row?.confirmToken) {
    const { siteName } = await getSiteSettings(deps.db);
    await deps.mailer.send(confirmSubscriptionMessage(siteName, email, confirmUrl(deps.publicUrl, row.confirmToken)));
  }
}

/** The row of a confirmation link still open: pending, and asked within the days an unconfirmed address is kept. */
const openConfirmation = (token: string, now: Date) =>
  and(
    eq(newsletterSubscribers.confirmToken, token),
    eq(newsletterSubscribers.status, "pending"),
    gt(newsletterSubscribers.requestedAt, new Date(now.getTime() - FORGET_AFTER_DAYS * DAY_MS)),
  );

/** Whether a confirmation link is one that `confirmSubscription` would take (its page asks before it confirms). */
export async function confirmationWaits(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(openConfirmation(token, now));
  return row !== undefined;
}

/** The confirmation link: the address is on the list from now. "unknown" for a used, old or made-up link. */
export async function confirmSubscription(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: "subscribed", confirmToken: null, confirmedAt: now })
    .where(openConfirmation(token, now))
    .returning({ email: newsletterSubscribers.email, unsubscribeToken: newsletterSubscribers.unsubscribeToken });
  return row ?? null;
}

/** The subscription an unsubscribe link belongs to, or null. */
export async function subscriptionByUnsubscribeToken(db: Database, token: string) {
  const [row] = await db
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  return row ?? null;
}

/**
 * Takes the address off the list (the link's page, or one click in the mail client): no letter reaches it from
 * now, not even the rest of a send under way. Saying it twice is fine. False for an unknown link.
 */
export async function unsubscribe(db: Database, token: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({
        status: "unsubscribed",
        unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
        confirmToken: null,
      })
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .returning({ id: newsletterSubscribers.id });
    if (!row) return false;
    await tx
      .update(newsletterDeliveries)
      .set({ status: "skipped", leaseUntil: null })
      .where(and(eq(newsletterDeliveries.subscriberId, row.id), eq(newsletterDeliveries.status, "waiting")));
    return true;
  });
}

/**
 * Forgets addresses that never confirmed within 30 days of asking, and those that left 30 days ago (their
 * messages with them). A bouncing address is kept, so it is not mailed again until its owner signs up anew.
 */
export async function forgetStaleSubscribers(db: Database, now = new Date()) {
  const before = new Date(now.getTime() - FORGET_AFTER_DAYS * DAY_MS);
  const removed = await db
    .delete(newsletterSubscribers)
    .where(
      or(
        and(eq(newsletterSubscribers.status, "pending"), lt(newsletterSubscribers.requestedAt, before)),
        and(eq(newsletterSubscribers.status, "unsubscribed"), lt(newsletterSubscribers.unsubscribedAt, before)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return removed.length;
}

/** An address's subscription, its consent and the letters sent to it, for the data exports. */
export async function subscriptionOf(db: Database, email: string) {
  const [row] = await db
    .select({
      email: newsletterSubscribers.email,
      name: newsletterSubscribers.name,
      status: newsletterSubscribers.status,
      source: newsletterSubscribers.source,
      consentWording: newsletterSubscribers.consentWording,
      requestedAt: newsletterSubscribers.requestedAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      bouncedAt: newsletterSubscribers.bouncedAt,
      id: newsletterSubscribers.id,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()));
  if (!row) return null;
  const { id, ...subscription } = row;
  const letters = await db
    .select({
      subject: newsletterLetters.subject,
      status: newsletterDeliveries.status,
      sentAt: newsletterDeliveries.sentAt,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletterLetters, eq(newsletterLetters.id, newsletterDeliveries.letterId))
    .where(eq(newsletterDeliveries.subscriberId, id))
    .orderBy(asc(newsletterLetters.startedAt));
  return { ...subscription, letters };
}

/** Deletes an address's subscription, its consent and its messages (an account's deletion, the admin's "Fjern"). */
export async function forgetSubscription(db: Database, where: { email: string } | { id: string }) {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(
      "email" in where
        ? eq(newsletterSubscribers.email, where.email.toLowerCase())
        : eq(newsletterSubscribers.id, where.id),
    )
    .returning({ id: newsletterSubscribers.id });
  return removed.length > 0;
}
