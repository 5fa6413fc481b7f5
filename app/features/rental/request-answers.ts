import { z } from "zod";
import { REQUIRED } from "~/features/accounts/schemas";
import { moneyRule } from "~/features/content/schemas";
import type { FieldErrors } from "~/lib/form";
import { reasonToBooker } from "./cancellation-tiers";

/** The form field of a line's price in the admin's answer to a request. */
export const linePriceField = (lineId: string) => `pris_${lineId}`;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Højst ${max} tegn`)
    .default("")
    .transform((value) => value || null);

/** The fields of the days the admin may propose instead of the ones asked for (at most three). */
export const PROPOSED_DAY_FIELDS = ["dag_1", "dag_2", "dag_3"] as const;
const proposedDay = z.union([z.iso.date({ error: "Vælg en dato" }), z.literal("")]).default("");

/**
 * The admin's answers to a request: an offer with its changes, or a refusal with a reason and, if they like, other
 * days to propose.
 */
export const requestAnswerSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    ordre: z.uuid(),
    note: optionalText(1000),
    ekstra_tekst: optionalText(200),
    ekstra_beloeb: z.string().trim().max(20).default(""),
  }),
  z.object({
    intent: z.literal("decline"),
    ordre: z.uuid(),
    begrundelse: reasonToBooker,
    dag_1: proposedDay,
    dag_2: proposedDay,
    dag_3: proposedDay,
  }),
]);

/** The days the admin proposes instead, as given (empty fields left out), in order and each once. */
export function proposedDaysOf(answer: Partial<Record<(typeof PROPOSED_DAY_FIELDS)[number], string>>) {
  return [...new Set(PROPOSED_DAY_FIELDS.map((name) => answer[name] ?? "").filter(Boolean))].sort();
}

const price = moneyRule();

/**
 * The offer's changes from the approval form: a new price for any of the request's own lines (each field the
 * admin left as it was changes nothing), and an extra line, whose text and amount go together.
 */
export function offerChangesOf(
  formData: FormData,
  lineIds: string[],
  extra: { ekstra_tekst: string | null; ekstra_beloeb: string },
):
  | { ok: true; prices: Record<string, number>; custom: { description: string; amountOere: number } | null }
  | {
      ok: false;
      fieldErrors: FieldErrors;
    } {
  const fieldErrors: FieldErrors = {};
  const prices: Record<string, number> = {};
  for (const lineId of lineIds) {
    const typed = formData.get(linePriceField(lineId));
    if (typeof typed !== "string") continue;
    const parsed = price.safeParse(typed);
    if (parsed.success) prices[lineId] = parsed.data;
    else fieldErrors[linePriceField(lineId)] = [parsed.error.issues[0]!.message];
  }
  let custom: { description: string; amountOere: number } | null = null;
  if (extra.ekstra_tekst || extra.ekstra_beloeb) {
    const amount = price.safeParse(extra.ekstra_beloeb);
    if (!extra.ekstra_tekst) fieldErrors.ekstra_tekst = [REQUIRED];
    if (!amount.success) fieldErrors.ekstra_beloeb = [amount.error.issues[0]!.message];
    if (extra.ekstra_tekst && amount.success) custom = { description: extra.ekstra_tekst, amountOere: amount.data };
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, prices, custom };
}
