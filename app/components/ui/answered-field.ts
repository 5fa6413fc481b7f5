import type { ActionAnswer } from "~/lib/form";

/** A `Field`'s name with what was typed in it and its errors, from the action's answer: the form shown again. */
export function answeredField(answer: ActionAnswer | undefined, name: string) {
  return { name, defaultValue: answer?.values?.[name], errors: answer?.fieldErrors?.[name] };
}
