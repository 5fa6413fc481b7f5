import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { LetterBlock, SentLetter } from "./values/newsletter";
import { users } from "./accounts";
import { createdAt, instant, updatedAt, uuidId } from "./columns";

/*
 * The newsletter (issue 37, decision 040): fans who confirmed their address, the letters, and the durable send
 * queue, one row per letter and recipient, whose primary key is what makes sure nobody gets a letter twice.
 */

export const subscriberStatus = pgEnum("newsletter_subscriber_status", [
  /** Asked, and mailed the confirmation link; forgotten after 30 days unconfirmed. */
  "pending",
  "subscribed",
  "unsubscribed",
  /** The mail server refused the address for good: skipped from then on. */
  "bouncing",
]);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuidId(),
    /** Lower case. */
    email: text("email").notNull(),
    name: text("name"),
    status: subscriberStatus("status").notNull().default("pending"),
    /** The link in the confirmation mail; null once it is used. 128 random bits, base64url. */
    confirmToken: text("confirm_token"),
    /** The personal unsubscribe link's token in every letter. 128 random bits, base64url. */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    /** Where the fan asked: the footer, the page, a ticket purchase, an account's sign-up. */
    source: text("source").notNull(),
    /** The consent as it was shown when the fan asked, word for word (GDPR: what they agreed to). */
    consentWording: text("consent_wording").notNull(),
    requestedAt: instant("requested_at").notNull().defaultNow(),
    confirmedAt: instant("confirmed_at"),
    unsubscribedAt: instant("unsubscribed_at"),
    bouncedAt: instant("bounced_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("newsletter_subscribers_email").on(table.email),
    uniqueIndex("newsletter_subscribers_confirm_token").on(table.confirmToken),
    uniqueIndex("newsletter_subscribers_unsubscribe_token").on(table.unsubscribeToken),
    index("newsletter_subscribers_confirmed_idx").on(table.confirmedAt),
    check("newsletter_subscribers_email", sql`length(${table.email}) between 3 and 254`),
    check("newsletter_subscribers_name", sql`${table.name} is null or length(${table.name}) between 1 and 100`),
  ],
);

export const letterStatus = pgEnum("newsletter_letter_status", ["draft", "scheduled", "sending", "sent"]);

export const newsletterLetters = pgTable(
  "newsletter_letters",
  {
    id: uuidId(),
    subject: text("subject").notNull(),
    /** What the admin wrote: formatted text, the concerts block, pictures, buttons (`LetterBlock`). */
    blocks: jsonb("blocks").$type<LetterBlock[]>().notNull(),
    status: letterStatus("status").notNull().default("draft"),
    /** When it goes out; set by "Send nu" (now) or a chosen time. */
    sendAt: instant("send_at"),
    /** The letter as it went out, the concerts filled in when its send began: what every message and the archive show. */
    sent: jsonb("sent").$type<SentLetter>(),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
    /** The monthly digest's month ("2026-12"), unique: with several instances it is made once. */
    digestMonth: text("digest_month"),
    /** Shown in the archive (`/nyhedsbrev/arkiv`) once sent. */
    inArchive: boolean("in_archive").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("newsletter_letters_digest_month").on(table.digestMonth),
    index("newsletter_letters_due_idx")
      .on(table.sendAt)
      .where(sql`${table.status} = 'scheduled'`),
    check("newsletter_letters_subject", sql`length(btrim(${table.subject})) between 1 and 150`),
  ],
);

export const deliveryStatus = pgEnum("newsletter_delivery_status", ["waiting", "sent", "failed", "skipped"]);

/** One message of a letter to one subscriber: the send queue. */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    letterId: uuid("letter_id")
      .notNull()
      .references(() => newsletterLetters.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    status: deliveryStatus("status").notNull().default("waiting"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    /** Set while an instance is sending it; one that stopped mid-send has its lease run out. */
    leaseUntil: instant("lease_until"),
    lastError: text("last_error"),
    sentAt: instant("sent_at"),
  },
  (table) => [
    primaryKey({ columns: [table.letterId, table.subscriberId] }),
    index("newsletter_deliveries_due_idx")
      .on(table.letterId, table.nextAttemptAt)
      .where(sql`${table.status} = 'waiting'`),
    index("newsletter_deliveries_subscriber_idx").on(table.subscriberId),
    check("newsletter_deliveries_attempts", sql`${table.attempts} >= 0`),
  ],
);

/** The newsletter's settings: one row (id 1). */
export const newsletterSettings = pgTable(
  "newsletter_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Messages per second, across the instances sending. */
    messagesPerSecond: smallint("messages_per_second").notNull().default(10),
    /** The next month's concerts on the 1st at 10.00. */
    monthlyDigest: boolean("monthly_digest").notNull().default(false),
    /** The next second any instance may claim messages in: the rate across all of them (sending.server.ts). */
    nextSlotAt: instant("next_slot_at"),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("newsletter_settings_one_row", sql`${table.id} = 1`),
    check("newsletter_settings_rate", sql`${table.messagesPerSecond} between 1 and 500`),
  ],
);
