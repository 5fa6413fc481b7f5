import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import type { BookerField } from "../booker-details";

const fieldInputs: Record<BookerField, { inputMode?: "numeric"; autoComplete?: string; hint?: string }> = {
  organisation: { autoComplete: "organization" },
  cvr: { inputMode: "numeric", hint: "8 cifre." },
  ean: { inputMode: "numeric", hint: "De 13 cifre, som jeres elektroniske fakturaer sendes til." },
  reference: { hint: "Jeres indkøbsordre eller reference; den står på fakturaen." },
};

/** The booker's details that the basket's customer type asks for, beyond name, address and phone. */
export function BookerDetailsFields({
  fields,
  errors,
  values,
}: {
  fields: { name: BookerField; label: string }[];
  errors?: FieldErrors;
  values?: Record<string, string>;
}) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-border p-5 sm:grid-cols-2">
      <legend className="px-1 font-display text-xl font-bold">Oplysninger om lejer</legend>
      {fields.map(({ name, label }) => {
        const { hint, ...input } = fieldInputs[name];
        return (
          <Field
            key={name}
            name={name}
            label={label}
            hint={hint}
            errors={errors?.[name]}
            defaultValue={values?.[name]}
            required
            {...input}
          />
        );
      })}
    </fieldset>
  );
}
