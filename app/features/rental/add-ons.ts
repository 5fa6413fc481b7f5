import type { CustomerType } from "./customer-types";

/** What an add-on (tilvalg) is priced by: once per booking, per day, per hour or per guest. */
export const ADD_ON_UNITS = ["booking", "day", "hour", "guest"] as const;
export type AddOnUnit = (typeof ADD_ON_UNITS)[number];

export const addOnUnitLabels: Record<AddOnUnit, string> = {
  booking: "pr. booking",
  day: "pr. dag",
  hour: "pr. time",
  guest: "pr. gæst",
};

export interface AddOn {
  id: string;
  name: string;
  description: string;
  unit: AddOnUnit;
  priceOere: number;
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

/** The add-ons a customer type must take, whatever it chooses. */
export function requiredAddOns<Item extends Pick<AddOn, "requiredFor">>(addOns: Item[], customerType: CustomerType) {
  return addOns.filter((addOn) => addOn.requiredFor.includes(customerType));
}
