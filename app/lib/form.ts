import { z } from "zod";

export type FieldErrors = Record<string, string[] | undefined>;

export type FormResult<T> =
  { success: true; data: T } | { success: false; fieldErrors: FieldErrors; values: Record<string, string> };

/** Parses a submitted form with a zod schema; on failure, the Danish messages per field and what was typed. */
export function parseForm<Schema extends z.ZodType>(schema: Schema, formData: FormData): FormResult<z.output<Schema>> {
  const values = Object.fromEntries(
    [...formData.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = schema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  const { password: _password, ...safeValues } = values;
  return { success: false, fieldErrors: z.flattenError(parsed.error).fieldErrors as FieldErrors, values: safeValues };
}
