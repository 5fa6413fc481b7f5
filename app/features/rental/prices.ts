import { addDays } from "~/features/reservation/days";
import { priceOfDay, type Prices } from "~/features/reservation/rules";
import type { CustomerType } from "./customer-types";

/** What the day prices of every customer type are read from: their terms, and the settings' word on holidays. */
export interface PriceSettings {
  holidaysAtWeekendPrice: boolean;
  customerTerms: Record<CustomerType, Pick<Prices, "weekdayPriceOere" | "weekendPriceOere">>;
}

/** A customer type's day prices. */
export function pricesFor(customerType: CustomerType, settings: PriceSettings): Prices {
  const { weekdayPriceOere, weekendPriceOere } = settings.customerTerms[customerType];
  return { weekdayPriceOere, weekendPriceOere, holidaysAtWeekendPrice: settings.holidaysAtWeekendPrice };
}

/** A day's rent for a customer type: that type's own weekday and weekend prices, holidays as the settings say. */
export function dayPriceFor(day: string, customerType: CustomerType, settings: PriceSettings) {
  return priceOfDay(day, pricesFor(customerType, settings));
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
