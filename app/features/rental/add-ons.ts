import type { VatCategory } from "~/features/orders/vat";
import type { AddOnSelection, AddOnUnit, AddOnVat, CustomerType } from "../../db/schema/values/rental";
import { addOnVatCategory } from "./vat";

/** What an add-on (tilvalg) is priced by: once per booking, per day, per hour or per guest. */
export const addOnUnitLabels: Record<AddOnUnit, string> = {
  booking: "pr. booking",
  day: "pr. dag",
  hour: "pr. time",
  guest: "pr. gæst",
};

/** How moms applies to an add-on (decision 054): 25 % as a service of its own, or as the rent. */
export const addOnVatLabels: Record<AddOnVat, string> = {
  standard: "25 % moms",
  "as-rent": "Som lejen (en del af udlejningen)",
};

export interface AddOn {
  id: string;
  name: string;
  description: string;
  unit: AddOnUnit;
  priceOere: number;
  vat: AddOnVat;
  /** The customer types that must take it (Slutrengøring for private parties, say). */
  requiredFor: CustomerType[];
}

/** What the booker asks for: the number of days, and the hours or guests an add-on by hour or guest counts. */
export interface AddOnChoice {
  days: number;
  /** For an add-on by the hour: how many hours the booker chose. */
  hours?: number;
  guests: number;
}

/** How many units of an add-on a booking takes: one, its days, its hours or its guests. */
export function addOnQuantity(unit: AddOnUnit, choice: AddOnChoice): number {
  switch (unit) {
    case "booking":
      return 1;
    case "day":
      return choice.days;
    case "hour":
      return choice.hours ?? 0;
    case "guest":
      return choice.guests;
  }
}

export const noAddOns: AddOnSelection = { ids: [], hours: {}, guests: null };

/** The add-ons a booking takes: those its customer type must take and those chosen, in the admin's order. */
export function chosenAddOns<Item extends Pick<AddOn, "id" | "requiredFor">>(
  offered: Item[],
  selection: Pick<AddOnSelection, "ids">,
  customerType: CustomerType,
) {
  return offered.filter((addOn) => addOn.requiredFor.includes(customerType) || selection.ids.includes(addOn.id));
}

/** The form field that holds the hours of an add-on by the hour. */
export const hoursField = (addOnId: string) => `timer_${addOnId}`;
export const GUESTS_FIELD = "gaester";

/** What the chosen add-ons still need, by form field: the hours of one by the hour, the guests for one by guest. */
export function addOnProblems(chosen: Pick<AddOn, "id" | "name" | "unit">[], selection: AddOnSelection) {
  const problems: Record<string, string> = {};
  for (const addOn of chosen) {
    if (addOn.unit === "hour" && !selection.hours[addOn.id]) {
      problems[hoursField(addOn.id)] = `Skriv, hvor mange timer ${addOn.name.toLowerCase()} skal bruges`;
    }
    if (addOn.unit === "guest" && !selection.guests) problems[GUESTS_FIELD] = "Skriv det forventede antal gæster";
  }
  return problems;
}

/**
 * The order lines of the chosen add-ons for a booking of `days` days, moms included (decision 031), each with its
 * own moms or the rent's (decision 054).
 */
export function addOnLines(
  chosen: Omit<AddOn, "requiredFor">[],
  selection: AddOnSelection,
  days: number,
  rentVat: VatCategory,
) {
  return chosen.flatMap((addOn) => {
    const quantity = addOnQuantity(addOn.unit, {
      days,
      hours: selection.hours[addOn.id],
      guests: selection.guests ?? 0,
    });
    if (quantity <= 0) return [];
    return [
      {
        kind: "add-on" as const,
        description: addOn.name,
        quantity,
        unitPriceOere: addOn.priceOere,
        vatCategory: addOnVatCategory(addOn.vat, rentVat),
      },
    ];
  });
}
