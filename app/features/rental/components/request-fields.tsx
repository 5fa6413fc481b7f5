import { useId } from "react";
import { Field, FieldMessages } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import { GUESTS_FIELD } from "../add-ons";

/** A request's own words (forespørgsel): the guests expected, what the hall is for, and a message to the venue. */
export function RequestFields({ errors, values }: { errors?: FieldErrors; values?: Record<string, string> }) {
  const id = useId();
  const messageErrors = errors?.besked;
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-2xl border border-border p-5 sm:grid-cols-2">
      <legend className="px-1 font-display text-xl font-bold">Om arrangementet</legend>
      <Field
        name={GUESTS_FIELD}
        label="Forventet antal gæster"
        inputMode="numeric"
        required
        errors={errors?.[GUESTS_FIELD]}
        defaultValue={values?.[GUESTS_FIELD]}
      />
      <Field
        name="formaal"
        label="Formål"
        hint="Fx jubilæum, generalforsamling eller koncert."
        required
        maxLength={200}
        errors={errors?.formaal}
        defaultValue={values?.formaal}
      />
      <div className="grid gap-1.5 sm:col-span-2">
        <label htmlFor={`${id}-besked`} className="text-sm font-semibold">
          Besked til os <span className="font-normal text-muted">(valgfri)</span>
        </label>
        <textarea
          id={`${id}-besked`}
          name="besked"
          rows={4}
          maxLength={2000}
          defaultValue={values?.besked}
          aria-invalid={messageErrors?.length ? true : undefined}
          aria-describedby={messageErrors?.length ? `${id}-error` : undefined}
          className="rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base text-ink"
        />
        <FieldMessages errors={messageErrors} errorId={`${id}-error`} hintId={`${id}-hint`} />
      </div>
    </fieldset>
  );
}
