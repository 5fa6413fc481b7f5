import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CancellationTier } from "./values/rental";
import { ownedBy, users } from "./accounts";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import { events } from "./content";
import { VAT_CATEGORY_NAMES } from "~/features/orders/vat";

/** The admin's reservation settings. One row only (id = 1); money in øre. */
export const reservationSettings = pgTable(
  "reservation_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** Public holidays cost the weekend price (each customer type's own, `customer_type_terms`) unless not. */
    holidaysAtWeekendPrice: boolean("holidays_at_weekend_price").notNull().default(true),
    /** How long a day stays in a basket; the admin sets it in minutes (tests shorten it to seconds). */
    holdSeconds: integer("hold_seconds").notNull().default(900),
    /** How many days ahead can be booked. */
    horizonDays: integer("horizon_days").notNull().default(365),
    maxDaysPerOrder: integer("max_days_per_order").notNull().default(14),
    /**
     * Days kept free before and after each booking for preparation (issue 35): others cannot take a day this near
     * someone else's claim, and see it as unavailable. 0 by default.
     */
    bufferDays: smallint("buffer_days").notNull().default(0),
    /** A booker may cancel a booking online until this many days before its first day; later, they call. */
    cancellationDays: integer("cancellation_days").notNull().default(14),
    /**
     * What a cancellation costs, by the days left before the first day (issue 35): each tier's share of the rent,
     * at least the depositum (`cancellationSettlement`). The default is the example.
     */
    cancellationTiers: jsonb("cancellation_tiers")
      .$type<CancellationTier[]>()
      .notNull()
      .default([
        { minDaysBefore: 30, chargePercent: 0 },
        { minDaysBefore: 14, chargePercent: 50 },
        { minDaysBefore: 0, chargePercent: 100 },
      ]),
    /**
     * The depositum paid at booking (issue 35): a share of the rent, or a fixed amount in øre; neither, and
     * everything is paid at booking. The rest is due `balanceDaysBefore` days before the first day.
     */
    depositumPercent: smallint("depositum_percent"),
    depositumFixedOere: integer("depositum_fixed_oere"),
    balanceDaysBefore: smallint("balance_days_before").notNull().default(30),
    /** How long a request holds its days for the admin's answer, and an offer for the booker's. */
    requestDays: smallint("request_days").notNull().default(3),
    offerDays: smallint("offer_days").notNull().default(7),
    /**
     * Companies and public institutions may pay on invoice (issue 35), due `invoiceDays` after it is issued, to the
     * account below; invoices are numbered in their own series, never reused (`lastInvoiceNumber`, as receipts).
     */
    invoiceAllowed: boolean("invoice_allowed").notNull().default(false),
    invoiceDays: smallint("invoice_days").notNull().default(14),
    bankRegNumber: text("bank_reg_number").notNull().default(""),
    bankAccountNumber: text("bank_account_number").notNull().default(""),
    lastInvoiceNumber: integer("last_invoice_number").notNull().default(0),
    /**
     * A refundable security deposit (sikkerhedsdepositum) each booking pays with its balance, in øre without moms;
     * 0 asks none. After the event the admin returns it, whole or less what is kept for a stated reason.
     */
    securityDepositOere: integer("security_deposit_oere").notNull().default(0),
    /**
     * The venue has registered voluntarily for letting to businesses (decision 054): a company's rent carries 25 %
     * moms. Otherwise letting rooms is exempt (momsloven § 13, stk. 1, nr. 8), and so for everyone else always.
     */
    rentVoluntarilyRegistered: boolean("rent_voluntarily_registered").notNull().default(false),
    /** The last receipt number given; the next order paid gets this + 1, in the same transaction (no gaps). */
    lastReceiptNumber: integer("last_receipt_number").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("reservation_settings_single_row", sql`${table.id} = 1`),
    check("reservation_settings_hold_seconds", sql`${table.holdSeconds} between 1 and 86400`),
    check("reservation_settings_horizon", sql`${table.horizonDays} between 1 and 1095`),
    check("reservation_settings_max_days", sql`${table.maxDaysPerOrder} between 1 and 366`),
    check("reservation_settings_cancellation", sql`${table.cancellationDays} between 0 and 365`),
    check(
      "reservation_settings_depositum",
      sql`(${table.depositumPercent} is null or ${table.depositumFixedOere} is null)
        and coalesce(${table.depositumPercent}, 0) between 0 and 100
        and coalesce(${table.depositumFixedOere}, 0) between 0 and 100000000`,
    ),
    check("reservation_settings_buffer_days", sql`${table.bufferDays} between 0 and 14`),
    check("reservation_settings_security_deposit", sql`${table.securityDepositOere} between 0 and 100000000`),
    check("reservation_settings_balance_days", sql`${table.balanceDaysBefore} between 0 and 365`),
    check("reservation_settings_invoice_days", sql`${table.invoiceDays} between 0 and 90`),
    check(
      "reservation_settings_answer_days",
      sql`${table.requestDays} between 1 and 60 and ${table.offerDays} between 1 and 60`,
    ),
  ],
);

export const blockedDates = pgTable(
  "blocked_dates",
  {
    day: date("day", { mode: "string" }).primaryKey(),
    title: text("title").notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("blocked_dates_title_not_blank", sql`length(btrim(${table.title})) > 0`)],
);

/**
 * Where an order stands: a request (forespørgsel) the admin answers, an offer (tilbud) the booker accepts, then
 * waiting for its first payment, booked ("paid": the first payment is in), or ended: failed, cancelled, declined
 * or expired.
 */
export const orderStatus = pgEnum("order_status", [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "requested",
  "offered",
  "declined",
  "expired",
  "invoiced",
]);

/** What an order sells (decision 038): the hall's days with their add-ons, or tickets to one concert. */
export const orderSale = pgEnum("order_sale", ["rental", "tickets"]);

/**
 * An order, whatever it sells: the days of a basket or a concert's tickets on their way to payment, then the paid
 * purchase with its receipt. What only a rental has is its `rental_bookings` row (decision 060).
 */
export const orders = pgTable(
  "orders",
  {
    id: uuidId(),
    /** Kept when the account is deleted: the bookkeeping keeps the order (with its booker details below). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: orderStatus("status").notNull().default("pending"),
    sale: orderSale("sale").notNull().default("rental"),
    /** The concert a ticket order is for. */
    eventId: uuid("event_id").references(() => events.id),
    /**
     * A ticket order's secret (128 random bits): its page, `/billetter/ordre/{token}`, for a buyer without an
     * account too.
     */
    accessToken: text("access_token").unique(),
    bookerName: text("booker_name").notNull(),
    bookerEmail: text("booker_email").notNull(),
    bookerPhone: text("booker_phone").notNull().default(""),
    totalOere: integer("total_oere").notNull(),
    vatOere: integer("vat_oere").notNull(),
    provider: text("provider").notNull(),
    receiptNumber: integer("receipt_number").unique(),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    paidAt: instant("paid_at"),
  },
  (table) => [
    index("orders_user_idx").on(table.userId),
    // The tickets an e-mail holds for a concert (the limit per e-mail), asked by every hold in a rush.
    index("orders_event_email_idx").on(table.eventId, table.bookerEmail),
    check(
      "orders_amounts",
      sql`${table.totalOere} >= 0 and ${table.vatOere} >= 0 and ${table.vatOere} <= ${table.totalOere}`,
    ),
    check(
      "orders_ticket_sale",
      sql`(${table.sale} = 'tickets') = (${table.eventId} is not null and ${table.accessToken} is not null)`,
    ),
    check(
      "orders_paid_has_receipt",
      sql`${table.status} <> 'paid' or (${table.receiptNumber} is not null and ${table.paidAt} is not null)`,
    ),
  ],
);

/** How moms applies to a line (decision 054), as `VAT_CATEGORIES` in the order core says. */
export const vatCategory = pgEnum("vat_category", VAT_CATEGORY_NAMES);

export const orderLineKind = pgEnum("order_line_kind", [
  "day",
  "add-on",
  "custom",
  "security-deposit",
  "ticket",
  "ticket-fee",
]);

/**
 * What an order sells, line by line (decision 031): a day's rent, an add-on, a line the admin adds to an offer, a
 * security deposit, a concert's tickets of one type and their fee (decision 038). Amounts in øre with moms included; the line's moms is its own, rounded per line, and the
 * order's total and moms are the sums of its lines'. Receipts and invoices are made from them.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    kind: orderLineKind("kind").notNull(),
    description: text("description").notNull(),
    /** The day a day's rent is for: a rental's days are its day lines, written nowhere else on it (decision 060). */
    day: date("day", { mode: "string" }),
    /** The ticket type a ticket line sells. */
    ticketTypeId: uuid("ticket_type_id"),
    quantity: integer("quantity").notNull(),
    unitPriceOere: integer("unit_price_oere").notNull(),
    totalOere: integer("total_oere").notNull(),
    /** The moms as sold: its category and rate are kept with the line, so an issued document never changes. */
    vatCategory: vatCategory("vat_category").notNull(),
    vatRatePercent: smallint("vat_rate_percent").notNull(),
    vatOere: integer("vat_oere").notNull(),
  },
  (table) => [
    uniqueIndex("order_lines_position").on(table.orderId, table.position),
    check(
      "order_lines_amounts",
      sql`${table.quantity} > 0 and ${table.unitPriceOere} >= 0 and ${table.totalOere} = ${table.quantity} * ${table.unitPriceOere} and ${table.vatOere} between 0 and ${table.totalOere}`,
    ),
    check("order_lines_day", sql`(${table.kind} = 'day') = (${table.day} is not null)`),
    check(
      "order_lines_vat_rate",
      sql`(${table.vatCategory} = 'standard') = (${table.vatRatePercent} > 0) and ${table.vatRatePercent} between 0 and 100`,
    ),
  ],
);

export const paymentKind = pgEnum("payment_kind", ["everything", "depositum", "balance"]);

/**
 * An order's payment plan (decision 032): what is due and when, and what has been paid. Everything at booking, or
 * a depositum at booking and the rest (the balance) before the first day. Each payment has its own checkout and,
 * once paid, its own receipt number from the one series; the first payment's is the order's too.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: paymentKind("kind").notNull(),
    amountOere: integer("amount_oere").notNull(),
    dueDay: date("due_day", { mode: "string" }).notNull(),
    paidAt: instant("paid_at"),
    receiptNumber: integer("receipt_number").unique(),
    /** The payment provider's id for its checkout (Stripe's session id); unique, so a webhook finds one payment. */
    providerReference: text("provider_reference").unique(),
    /** The day the last reminder of it went out (a week before the due day, and on it). */
    remindedOn: date("reminded_on", { mode: "string" }),
  },
  (table) => [
    uniqueIndex("order_payments_one_of_each_kind").on(table.orderId, table.kind),
    check("order_payments_amount", sql`${table.amountOere} >= 0`),
    check("order_payments_paid_has_receipt", sql`(${table.paidAt} is null) = (${table.receiptNumber} is null)`),
  ],
);

export const invoiceKind = pgEnum("invoice_kind", ["invoice", "credit-note"]);

/**
 * An invoice of an order paid on invoice, or a credit note cancelling one (issue 35). Numbered in one series with
 * no gaps; its lines are its order's, and its amounts are kept as issued, as the bookkeeping law asks.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    number: integer("number").notNull().unique(),
    kind: invoiceKind("kind").notNull().default("invoice"),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    totalOere: integer("total_oere").notNull(),
    vatOere: integer("vat_oere").notNull(),
    paidAt: instant("paid_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("invoices_order_idx").on(table.orderId),
    check("invoices_amounts", sql`${table.vatOere} between 0 and ${table.totalOere}`),
    check("invoices_due", sql`${table.dueOn} >= ${table.issuedOn}`),
  ],
);

/**
 * A booker's acceptance of the lejekontrakt (issue 35): the exact text accepted, its SHA-256 fingerprint, when and
 * by which account. One per order; kept with the order, as its terms.
 */
export const contractAcceptances = pgTable(
  "contract_acceptances",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: instant("accepted_at").notNull(),
    text: text("text").notNull(),
    sha256: text("sha256").notNull(),
  },
  (table) => [check("contract_acceptances_sha256", sql`${table.sha256} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * How an order's security deposit was settled after the event (issue 35): what the admin kept and why, and what
 * went back to the booker (its refund is an `order_refunds` row). One per order, so two admins settling at once
 * settle once.
 */
export const depositSettlements = pgTable(
  "deposit_settlements",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    keptOere: integer("kept_oere").notNull(),
    reason: text("reason"),
    refundedOere: integer("refunded_oere").notNull(),
    settledAt: instant("settled_at").notNull(),
    settledBy: text("settled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("deposit_settlements_amounts", sql`${table.keptOere} >= 0 and ${table.refundedOere} >= 0`),
    check("deposit_settlements_reason", sql`${table.keptOere} = 0 or length(btrim(coalesce(${table.reason}, ''))) > 0`),
  ],
);

/** Why money went back (decision 056): a cancellation (of a booking, or of tickets), or a security deposit. */
export const refundKind = pgEnum("refund_kind", ["cancellation", "security-deposit"]);

/**
 * A refund of one payment (decision 056), as pretix's OrderRefund: how much went back, the moms in it, why, and the
 * provider's id for it (none where it was paid back by hand or by the demo). One of each kind per payment, so two
 * refunds at once refund once; never changed after, as the bookkeeping keeps it.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => orderPayments.id),
    kind: refundKind("kind").notNull(),
    amountOere: integer("amount_oere").notNull(),
    vatOere: integer("vat_oere").notNull(),
    reason: text("reason").notNull(),
    providerReference: text("provider_reference"),
    refundedAt: instant("refunded_at").notNull(),
  },
  (table) => [
    uniqueIndex("order_refunds_one_per_payment").on(table.paymentId, table.kind),
    index("order_refunds_order_idx").on(table.orderId),
    check("order_refunds_amounts", sql`${table.amountOere} > 0 and ${table.vatOere} between 0 and ${table.amountOere}`),
  ],
);

/**
 * A booked order cancelled by its tiers (issue 35), by the booker or the admin: how many days before, the tier's
 * share, what was charged, paid back (its refunds are `order_refunds` rows; a credit note for an order on invoice)
 * and still owed. One per order, so two cancellations at once cancel once.
 */
export const orderCancellations = pgTable(
  "order_cancellations",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    cancelledAt: instant("cancelled_at").notNull(),
    cancelledBy: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    byAdmin: boolean("by_admin").notNull(),
    reason: text("reason").notNull(),
    daysBefore: integer("days_before").notNull(),
    chargePercent: smallint("charge_percent").notNull(),
    chargeOere: integer("charge_oere").notNull(),
    refundOere: integer("refund_oere").notNull(),
    /** The part of the refund that is the security deposit: no sale, so no moms (the accountant's CSV). */
    securityDepositOere: integer("security_deposit_oere").notNull().default(0),
    owedOere: integer("owed_oere").notNull(),
    creditNoteId: uuid("credit_note_id").references(() => invoices.id),
  },
  (table) => [
    check(
      "order_cancellations_amounts",
      sql`${table.chargeOere} >= 0 and ${table.refundOere} >= 0 and ${table.owedOere} >= 0
        and ${table.chargePercent} between 0 and 100`,
    ),
  ],
);

export const claimKind = pgEnum("claim_kind", ["hold", "booking"]);

/**
 * A claim on one calendar day: a hold in a basket (until `expires_at`) or a booking. The partial unique
 * index lets a day have at most one active claim, whatever the timing, on one server or several.
 */
export const dayClaims = pgTable(
  "day_claims",
  {
    id: uuidId(),
    day: date("day", { mode: "string" }).notNull(),
    kind: claimKind("kind").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The instants the Copenhagen day starts and the next one starts (23, 24 or 25 hours apart). */
    startAt: instant("start_at").notNull(),
    endAt: instant("end_at").notNull(),
    /** The booker's address (spec §3: a booking item's title). */
    title: text("title").notNull(),
    priceOere: integer("price_oere").notNull(),
    expiresAt: instant("expires_at"),
    /** Set when a booking is cancelled: the day is free again at once. */
    releasedAt: instant("released_at"),
    releaseReason: text("release_reason"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("day_claims_one_active_per_day")
      .on(table.day)
      .where(sql`${table.releasedAt} is null`),
    index("day_claims_user_idx").on(table.userId),
    index("day_claims_order_idx").on(table.orderId),
    check("day_claims_hold_expires", sql`${table.kind} <> 'hold' or ${table.expiresAt} is not null`),
    check("day_claims_span", sql`${table.endAt} > ${table.startAt}`),
    check("day_claims_price", sql`${table.priceOere} >= 0`),
  ],
);

/** Stripe events already handled, so a repeated or replayed webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: instant("received_at").notNull().defaultNow(),
});

/** The secret address of a user's personal iCal feed. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: ownedBy().primaryKey(),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});
