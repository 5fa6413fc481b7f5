import { and, eq, sql } from "drizzle-orm";
import { dayClaims, orderLines } from "~/db/schema";

/**
 * The order line that sells a claimed day: its order's rent line for that day. Left-joined beside a claim, it gives
 * the day's price as the order has it.
 */
export const dayLineOfClaim = and(
  eq(orderLines.orderId, dayClaims.orderId),
  eq(orderLines.day, dayClaims.day),
  eq(orderLines.kind, "day"),
);

/**
 * What a claimed day costs: its order's line, once an order sells it (an offer may have priced the day anew, and
 * receipts and payments are made from the lines), else the price its hold was made at (a day the admin booked).
 */
export const claimedDayPriceOere = sql<number>`coalesce(${orderLines.totalOere}, ${dayClaims.priceOere})`.mapWith(
  Number,
);
