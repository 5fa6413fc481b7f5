import { z } from "zod";
import type { Database } from "~/db/client.server";
import type { BookingChoice } from "~/features/rental/orders.server";
import { parseSubmission, type FieldErrors } from "~/lib/form";
import { ADD_ONS_FIELD, readAddOnSelection } from "./add-on-choice";
import { GUESTS_FIELD } from "./add-ons";
import { offeredAddOns } from "./add-ons.server";
import { bookerDetailsSchema } from "./booker-details";
import type { CustomerType } from "./customer-types";
import { CONTRACT_FIELD, CONTRACT_REQUIRED } from "./contract";
import { PAYMENT_METHOD_FIELD } from "~/features/invoices/invoices";

/** A request's own words (forespørgsel): the expected guests, what the hall is for, and a message. */
export const requestSchema = z.object({
  [GUESTS_FIELD]: z
    .string({ error: "Skriv det forventede antal gæster" })
    .trim()
    .regex(/^\d{1,5}$/, "Skriv det forventede antal gæster som et helt tal")
    .transform(Number)
    .refine((guests) => guests >= 1 && guests <= 10_000, "Skriv et helt antal gæster mellem 1 og 10.000"),
  formaal: z
    .string({ error: "Skriv, hvad salen skal bruges til" })
    .trim()
    .min(1, "Skriv, hvad salen skal bruges til")
    .max(200, "Formålet må højst have 200 tegn"),
  besked: z.string().trim().max(2000, "Beskeden må højst have 2000 tegn").default(""),
});

export type ChoiceResult =
  { ok: true; choice: BookingChoice } | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/**
 * What the basket's form says besides the days, checked for the basket's customer type (never a type the form
 * claims): the booker's details, the add-ons and, for a request, its own words. Every problem comes back at once,
 * by field, in Danish, with what was typed.
 */
export async function readBookingChoice(
  db: Database,
  formData: FormData,
  customerType: CustomerType,
  { request }: { request: boolean },
): Promise<ChoiceResult> {
  formData.set("customerType", customerType);
  const details = parseSubmission(formData, bookerDetailsSchema);
  const addOns = readAddOnSelection(formData, await offeredAddOns(db), customerType);
  const words = request ? parseSubmission(formData, requestSchema) : null;
  // A request is no agreement yet: its contract is accepted with the offer.
  const contractMissing = !request && formData.get(CONTRACT_FIELD) !== "ja";
  if (details.ok && addOns.ok && (!words || words.ok) && !contractMissing) {
    const asked = words?.ok
      ? { guests: words.value[GUESTS_FIELD], purpose: words.value.formaal, message: words.value.besked }
      : undefined;
    // Paying on invoice is a choice of the form; whether the type may is the order's to decide (`createOrder`).
    const onInvoice = !request && formData.get(PAYMENT_METHOD_FIELD) === "faktura";
    const choice = { details: details.value, addOns: addOns.selection, request: asked, onInvoice };
    return { ok: true, choice: { ...choice, contractAccepted: !request } };
  }
  const fieldErrors = {
    ...(details.ok ? {} : details.answer.fieldErrors),
    ...(addOns.ok ? {} : addOns.fieldErrors),
    ...(words && !words.ok ? words.answer.fieldErrors : {}),
    ...(contractMissing && { [CONTRACT_FIELD]: [CONTRACT_REQUIRED] }),
  };
  const values = Object.fromEntries(
    [...formData].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
  );
  // The ticked add-ons, all of them: the form sends the name once per box.
  values[ADD_ONS_FIELD] = formData.getAll(ADD_ONS_FIELD).join(",");
  return { ok: false, fieldErrors, values };
}
