import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import { events } from "./content";
import { orders } from "./reservation";

/*
 * The venue's own ticket sale (issue 36, decision 038). The rule that must hold under a rush, sold + held never over
 * capacity, is kept by counters the database checks: a hold raises `taken` on the concert's sale and on each ticket
 * type only where it stays within capacity, in the transaction that writes the held tickets; a ticket freed (a hold
 * that ran out, a refund) lowers them in the transaction that frees it, once.
 */

/** A concert's own ticket sale: capacity, when it is open, the limits per order and e-mail, and the fee. */
export const ticketSales = pgTable(
  "ticket_sales",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    capacity: integer("capacity").notNull(),
    /** Held and sold tickets, guests included. */
    taken: integer("taken").notNull().default(0),
    opensAt: instant("opens_at").notNull(),
    closesAt: instant("closes_at").notNull(),
    maxPerOrder: smallint("max_per_order").notNull().default(6),
    maxPerEmail: smallint("max_per_email").notNull().default(10),
    /** The fee per ticket, with moms, in øre: in every price a fan is shown (`concertPrice`, issue 54). */
    feeOere: integer("fee_oere").notNull().default(0),
    /** Buyers may cancel their own tickets (refunded) until the concert, when the admin allows it. */
    buyersMayCancel: boolean("buyers_may_cancel").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("ticket_sales_taken", sql`${table.taken} between 0 and ${table.capacity}`),
    check("ticket_sales_capacity", sql`${table.capacity} between 1 and 100000`),
    check("ticket_sales_window", sql`${table.closesAt} > ${table.opensAt}`),
    check(
      "ticket_sales_limits",
      sql`${table.maxPerOrder} between 1 and 50 and ${table.maxPerEmail} between ${table.maxPerOrder} and 200`,
    ),
    check("ticket_sales_fee", sql`${table.feeOere} between 0 and 100000`),
  ],
);

/** A kind of ticket to a concert (Ordinær, Studerende): its price with moms and its own capacity. */
export const ticketTypes = pgTable(
  "ticket_types",
  {
    id: uuidId(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => ticketSales.eventId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceOere: integer("price_oere").notNull(),
    capacity: integer("capacity").notNull(),
    taken: integer("taken").notNull().default(0),
    position: smallint("position").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("ticket_types_event_idx").on(table.eventId),
    check("ticket_types_taken", sql`${table.taken} between 0 and ${table.capacity}`),
    check("ticket_types_capacity", sql`${table.capacity} between 1 and 100000`),
    check("ticket_types_price", sql`${table.priceOere} between 0 and 10000000`),
    check("ticket_types_name", sql`length(btrim(${table.name})) between 1 and 60`),
  ],
);

/**
 * Where a ticket stands: held while its order is paid, sold (valid at the door), freed when the hold ran out, or
 * refunded. A guest ticket is sold with no order.
 */
export const ticketStatus = pgEnum("ticket_status", ["held", "sold", "released", "refunded"]);

/** One ticket: its secret token (the QR code's address), its holder and whether it has been checked in. */
export const tickets = pgTable(
  "tickets",
  {
    id: uuidId(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    /** Null for a guest on the guest list. */
    ticketTypeId: uuid("ticket_type_id").references(() => ticketTypes.id),
    orderId: uuid("order_id").references(() => orders.id),
    status: ticketStatus("status").notNull(),
    /** 128 random bits, base64url: `/billet/{token}` and the QR code; unguessable (decision 038). */
    token: text("token").notNull(),
    /** What door staff type when a code will not scan: eight letters and digits, printed under the QR code. */
    doorCode: text("door_code").notNull(),
    holderName: text("holder_name").notNull(),
    /** A held ticket's end. */
    expiresAt: instant("expires_at"),
    checkedInAt: instant("checked_in_at"),
    checkedInBy: text("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("tickets_token").on(table.token),
    uniqueIndex("tickets_door_code").on(table.eventId, table.doorCode),
    index("tickets_event_status_idx").on(table.eventId, table.status),
    index("tickets_order_idx").on(table.orderId),
    // The holds that ran out, freed by every hold and the job: only held tickets, by when they run out.
    index("tickets_held_expiry_idx")
      .on(table.eventId, table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    check("tickets_held_expires", sql`${table.status} <> 'held' or ${table.expiresAt} is not null`),
    check("tickets_guest_or_order", sql`(${table.orderId} is null) = (${table.ticketTypeId} is null)`),
    check("tickets_checked_in_sold", sql`${table.checkedInAt} is null or ${table.status} = 'sold'`),
  ],
);

/**
 * Where a place on a sold-out concert's waitlist stands: waiting its turn, offered (its tickets held for it for a
 * day, as an order to pay), or left (the fan took their name off).
 */
export const waitlistStatus = pgEnum("waitlist_status", ["waiting", "offered", "left"]);

/**
 * "Skriv mig op" on a sold-out concert: the fans who want tickets if some come free, in the order they asked
 * (`position`). Tickets freed by a hold that ran out or a refund go to the first waiting, held for 24 hours.
 */
export const ticketWaitlist = pgTable(
  "ticket_waitlist",
  {
    id: uuidId(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The order of asking; a sequence, so two fans in the same millisecond still have an order. */
    position: serial("position").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    wanted: smallint("wanted").notNull(),
    status: waitlistStatus("status").notNull().default("waiting"),
    /** 128 random bits, base64url: the link in the fan's mails that takes them off the list. */
    token: text("token").notNull(),
    /** The order holding the tickets offered. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    offeredAt: instant("offered_at"),
    /** Set once the offer's mail is handed on: each offer is mailed once. */
    mailedAt: instant("mailed_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("ticket_waitlist_token").on(table.token),
    // One place per address and concert while it waits.
    uniqueIndex("ticket_waitlist_waiting_email")
      .on(table.eventId, table.email)
      .where(sql`${table.status} = 'waiting'`),
    index("ticket_waitlist_turn_idx")
      .on(table.eventId, table.position)
      .where(sql`${table.status} = 'waiting'`),
    check("ticket_waitlist_wanted", sql`${table.wanted} between 1 and 50`),
    check("ticket_waitlist_name", sql`length(${table.name}) between 1 and 100`),
    check("ticket_waitlist_email", sql`length(${table.email}) between 3 and 254`),
  ],
);
