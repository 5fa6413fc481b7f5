import { z } from "zod";
import type { FieldErrors } from "~/lib/form";
import type { AddOnSelection, CustomerType, KeptAddOnChoice } from "~/db/schema/values/rental";
import { addOnProblems, chosenAddOns, GUESTS_FIELD, hoursField, type AddOn } from "./add-ons";

/** The form field that lists the chosen add-ons, once per checked box. */
export const ADD_ONS_FIELD = "tilvalg";

/** A whole count from 1 to `max`, or nothing for an empty field. */
const count = (max: number, message: string) =>
  z
    .string()
    .transform((value) => value.replace(/\s/g, ""))
    .refine((value) => value === "" || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= max), message)
    .transform((value) => (value === "" ? null : Number(value)));

const hoursRule = count(100, "Skriv et helt antal timer mellem 1 og 100");
const guestsRule = count(10_000, "Skriv et helt antal gæster mellem 1 og 10.000");

/**
 * The booker's add-ons from a submitted basket or request: the checked ones among those offered, the hours of each
 * by the hour and the guests. An add-on not offered, a count out of bounds, or a chosen add-on without its hours or
 * guests is refused with a Danish message by its field. The customer type's required add-ons come with it anyway.
 */
export function readAddOnSelection(
  formData: FormData,
  offered: AddOn[],
  customerType: CustomerType,
): { ok: true; selection: AddOnSelection } | { ok: false; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  const offeredIds = new Set(offered.map((addOn) => addOn.id));
  const ids = [...new Set(formData.getAll(ADD_ONS_FIELD).map(String))];
  if (ids.length > offered.length || ids.some((id) => !offeredIds.has(id))) {
    fieldErrors[ADD_ONS_FIELD] = ["Vælg kun blandt de viste tilvalg"];
  }
  const hours: Record<string, number> = {};
  for (const addOn of offered.filter((candidate) => candidate.unit === "hour")) {
    const parsed = hoursRule.safeParse(String(formData.get(hoursField(addOn.id)) ?? ""));
    if (!parsed.success) fieldErrors[hoursField(addOn.id)] = [parsed.error.issues[0]!.message];
    else if (parsed.data !== null) hours[addOn.id] = parsed.data;
  }
  const guests = guestsRule.safeParse(String(formData.get(GUESTS_FIELD) ?? ""));
  if (!guests.success) fieldErrors[GUESTS_FIELD] = [guests.error.issues[0]!.message];
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const selection = { ids, hours, guests: guests.data ?? null };
  const problems = addOnProblems(chosenAddOns(offered, selection, customerType), selection);
  if (Object.keys(problems).length > 0) {
    return { ok: false, fieldErrors: Object.fromEntries(Object.entries(problems).map(([field, m]) => [field, [m]])) };
  }
  return { ok: true, selection };
}

/**
 * The form's fields that tick and fill a kept choice again, while it is the basket's: while one of the holds it was
 * chosen for is still in it. A choice made for days that have all left the basket (booked, run out, taken out) is
 * not the new basket's, and nothing is ticked.
 */
export function keptAddOnValues(kept: KeptAddOnChoice | null, basketClaimIds: string[]): Record<string, string> {
  if (!kept || !kept.claimIds.some((claimId) => basketClaimIds.includes(claimId))) return {};
  return {
    ...(kept.ids.length > 0 && { [ADD_ONS_FIELD]: kept.ids.join(",") }),
    ...Object.fromEntries(Object.entries(kept.hours).map(([id, hours]) => [hoursField(id), String(hours)])),
    ...(kept.guests !== null && { [GUESTS_FIELD]: String(kept.guests) }),
  };
}
