import type { ActionAnswer } from "~/lib/form";

/** A `Field` shown again from the action's answer: its name, what was typed (else `stored`) and its errors. */
export function answeredField(answer: ActionAnswer | undefined, name: string, stored?: string) {
  return { name, defaultValue: answer?.values?.[name] ?? stored, errors: answer?.fieldErrors?.[name] };
}
