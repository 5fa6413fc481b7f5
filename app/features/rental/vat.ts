import { pricedLine } from "../orders/money";
import type { VatCategory, VatLine } from "~/features/orders/vat";
import type { AddOnVat, CustomerType } from "../../db/schema/values/rental";

/**
 * The moms of renting the hall (decision 054). Letting rooms is exempt (momsloven § 13, stk. 1, nr. 8). A venue may
 * register voluntarily for letting to businesses that are registered themselves (§ 51, stk. 2, and
 * momsbekendtgørelsen § 13); then a company's rent carries 25 %, and everyone else's stays exempt.
 */
export function rentVatCategory(
  settings: { rentVoluntarilyRegistered: boolean },
  customerType: CustomerType,
): VatCategory {
  return settings.rentVoluntarilyRegistered && customerType === "erhverv" ? "standard" : "exempt-letting";
}

/** An add-on's moms: 25 % as a service of its own, or the rent's when it is part of the letting. */
export function addOnVatCategory(vat: AddOnVat, rent: VatCategory): VatCategory {
  return vat === "as-rent" ? rent : "standard";
}

/** The days' rents as the moms sees them, before they are an order: the basket's amounts. */
export function rentVatLines(pricesOere: number[], rentVat: VatCategory): VatLine[] {
  return pricesOere.map((unitPriceOere) =>
    pricedLine({ description: "", quantity: 1, unitPriceOere, vatCategory: rentVat }),
  );
}

/** What the price list says of the moms in its prices, by the settings (decision 054). */
export function priceListVatNote(settings: { rentVoluntarilyRegistered: boolean }) {
  const rent = settings.rentVoluntarilyRegistered
    ? "Lejen er momsfri for private, foreninger og offentlige institutioner og inklusive 25 % moms for erhverv."
    : "Lejen er momsfri (udlejning af lokaler, momslovens § 13, stk. 1, nr. 8).";
  return `${rent} Tilvalg er inklusive 25 % moms, undtagen dem, der er en del af lejen.`;
}
