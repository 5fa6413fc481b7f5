import { addDays } from "~/features/reservation/days";
import { priceOfDay, type Prices } from "~/features/reservation/rules";
import type { CustomerType } from "./customer-types";

/** A day's rent for a customer type: that type's own weekday, weekend and holiday prices. */
export function dayPriceFor(day: string, customerType: CustomerType, prices: Record<CustomerType, Prices>) {
  return priceOfDay(day, prices[customerType]);
}

/**
 * The days kept free around bookings for the preparation (buffer days): `buffer` days before and after each booked
 * day, other than booked days themselves, in order.
 */
export function bufferDays(bookedDays: string[], buffer: number): string[] {
  const booked = new Set(bookedDays);
  const around = new Set<string>();
  for (const day of bookedDays) {
    for (let offset = 1; offset <= buffer; offset++) {
      for (const near of [addDays(day, -offset), addDays(day, offset)]) if (!booked.has(near)) around.add(near);
    }
  }
  return [...around].sort();
}
