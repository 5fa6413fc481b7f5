import { data } from "react-router";
import type { z } from "zod";
import { errorToast, type Toast } from "~/features/toast/toast";

/** A field's Danish error messages, by the field's name. */
export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * The one shape every action answers with (ADR 014). A page with several forms tells them apart by `intent`;
 * a route may add its own data beside these fields (the sign-up's address, the second factor's QR code).
 */
export interface ActionAnswer {
  /** Which of the page's forms the answer is about. */
  intent?: string;
  fieldErrors?: FieldErrors;
  /** What went wrong with the form as a whole, shown above its fields. */
  formError?: string;
  /** What was typed, never a secret, to fill the form again where the browser does not keep it. */
  values?: Record<string, string>;
  /** What happened, shown as a toast. */
  toast?: Toast;
}

export type Submission<T> = { ok: true; value: T } | { ok: false; answer: ActionAnswer };

export const unknownIntentMessage = "Ukendt handling.";
export const correctTheFieldsMessage = "Ret de markerede felter";

/** Fields whose values are never sent back to the page. */
const SECRET_FIELD = /password|adgangskode|code|otp|secret|token/i;

type Entries = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

/**
 * Parses a submitted form with its zod schema, in the browser and on the server alike. A page with several
 * forms gives each an `intent` and parses with a `z.discriminatedUnion("intent", …)`: the value is then typed by
 * its intent, and an intent the page does not have is a form error. A field sent twice counts once (the first),
 * except the `lists`: a group of checkboxes sends its name once per checked box, and the schema gets them all.
 */
export function parseSubmission<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  { lists = [] }: { lists?: readonly string[] } = {},
): Submission<z.output<Schema>> {
  const entries: Entries = {};
  for (const [name, value] of formData) {
    if (!(name in entries)) entries[name] = lists.includes(name) ? formData.getAll(name) : value;
  }
  const parsed = schema.safeParse(entries);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, answer: answerForIssues(entries, parsed.error.issues) };
}

function answerForIssues(entries: Entries, issues: readonly z.core.$ZodIssue[]) {
  const fieldErrors: FieldErrors = {};
  let formError: string | undefined;
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === "intent" || (issue.code === "invalid_union" && issue.path.length === 0)) {
      formError = unknownIntentMessage;
    } else if (typeof field === "string") {
      const messages = (fieldErrors[field] ??= []);
      if (!messages.includes(issue.message)) messages.push(issue.message);
    } else {
      formError ??= issue.message;
    }
  }
  const intent = typeof entries.intent === "string" ? entries.intent : undefined;
  return {
    ...(intent !== undefined && { intent }),
    fieldErrors,
    ...(formError !== undefined && { formError }),
    values: typedValues(entries),
  } satisfies ActionAnswer;
}

/** What the person typed, without files and secrets; the values of a list joined by commas. */
export function typedValues(entries: FormData | Entries): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, entry] of entries instanceof FormData ? entries : Object.entries(entries)) {
    const value = Array.isArray(entry) ? entry.filter((item) => typeof item === "string").join(",") : entry;
    if (typeof value === "string" && !SECRET_FIELD.test(name) && !(name in values)) values[name] = value;
  }
  return values;
}

/** An action's answer: the one shape, plus whatever the route adds; 400 and the like for a refusal. */
export function answer<Extra extends object = object>(body: ActionAnswer & Extra, init?: number | ResponseInit) {
  return data<ActionAnswer & Extra>(body, init);
}

/** A refusal told as a toast too: for forms that are a button, with no field to show an error by. */
export function withErrorToast(refused: ActionAnswer): ActionAnswer {
  return { ...refused, toast: errorToast(refused.formError ?? correctTheFieldsMessage) };
}
