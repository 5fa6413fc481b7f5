import type { ReservationSettings } from "~/features/rental/settings.server";
import { formatMoney } from "~/lib/format";
import { addOnUnitLabels, type AddOn } from "./add-ons";
import { priceListVatNote } from "./vat";
import { bookingModeLabels, CUSTOMER_TYPES, customerTypeLabels, type CustomerType } from "./customer-types";

/** A customer type's line of the public price list: its day prices, or that it cannot book. */
export interface PriceListRow {
  customerType: CustomerType;
  label: string;
  weekday: string;
  weekend: string;
  /** How it books, where not directly ("Kan ikke booke"). */
  note: string | null;
}

/** The price list `/priser` and the calendar show, read from the settings and the add-ons as they are now. */
export function priceListOf(settings: ReservationSettings, addOns: AddOn[] = []) {
  return {
    addOns: addOns.map((addOn) => ({
      id: addOn.id,
      name: addOn.name,
      description: addOn.description,
      price: `${formatMoney(addOn.priceOere)} ${addOnUnitLabels[addOn.unit]}`,
      requiredFor: addOn.requiredFor.map((type) => customerTypeLabels[type].toLowerCase()),
      partOfTheRent: addOn.vat === "as-rent",
    })),
    holidaysAtWeekendPrice: settings.holidaysAtWeekendPrice,
    vatNote: priceListVatNote(settings),
    rows: CUSTOMER_TYPES.map((customerType): PriceListRow => {
      const terms = settings.customerTerms[customerType];
      return {
        customerType,
        label: customerTypeLabels[customerType],
        weekday: formatMoney(terms.weekdayPriceOere),
        weekend: formatMoney(terms.weekendPriceOere),
        note: terms.bookingMode === "direct" ? null : bookingModeLabels[terms.bookingMode],
      };
    }),
  };
}

export type PriceList = ReturnType<typeof priceListOf>;
