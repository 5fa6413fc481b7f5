import { priceOfDay, type Prices } from "~/features/rental/rules";
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
