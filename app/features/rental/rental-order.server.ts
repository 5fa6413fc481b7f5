import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { dayClaims, orderLines, orders, rentalBookings } from "~/db/schema";

/** An order's day lines, in SQL beside `orders`: the one place its days are written (decision 060). */
const dayLinesOfOrder = sql`from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.kind} = 'day'`;

/** An order's days ("YYYY-MM-DD", the earliest first), in SQL: its day lines'. */
export const daysOfOrder = sql<
  string[]
>`(select coalesce(array_agg(${orderLines.day}::text order by ${orderLines.day}), '{}') ${dayLinesOfOrder})`;

/** An order's first day ("YYYY-MM-DD"), in SQL: what its payments and cancellation are counted from. */
export const firstDayOfOrder = sql<string>`(select min(${orderLines.day})::text ${dayLinesOfOrder})`;

/** An order's last day ("YYYY-MM-DD"), in SQL: when its event is over. */
export const lastDayOfOrder = sql<string>`(select max(${orderLines.day})::text ${dayLinesOfOrder})`;

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

const { orderId: _orderId, ...bookingColumns } = getTableColumns(rentalBookings);

/**
 * A hall order as the rental reads it: the order, what only a rental has (`rental_bookings`) and its days, with the
 * `extra` columns a caller needs besides.
 */
export function selectRentalOrders<Extra extends Record<string, SQL> = Record<never, never>>(
  db: Database,
  extra = {} as Extra,
) {
  return db
    .select({ ...getTableColumns(orders), ...bookingColumns, days: daysOfOrder, ...extra })
    .from(orders)
    .innerJoin(rentalBookings, eq(rentalBookings.orderId, orders.id))
    .$dynamic();
}

export type RentalOrder = Awaited<ReturnType<typeof selectRentalOrders>>[number];

/** What only a user's hall orders have, and their days, by order: the hall's part of the user's data export. */
export function rentalBookingsOf(db: Database, userId: string) {
  return db
    .select({ orderId: orders.id, ...bookingColumns, days: daysOfOrder })
    .from(orders)
    .innerJoin(rentalBookings, eq(rentalBookings.orderId, orders.id))
    .where(eq(orders.userId, userId));
}
