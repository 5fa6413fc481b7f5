import { useId } from "react";
import { FieldMessages } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import { ADD_ONS_FIELD } from "../add-on-choice";
import type { AddOnUnit } from "~/db/schema/values/rental";
import { GUESTS_FIELD, hoursField } from "../add-ons";

export interface AddOnView {
  id: string;
  name: string;
  description: string;
  unit: AddOnUnit;
  /** "450,00 kr. pr. time". */
  price: string;
  /** The customer type must take it: it is ticked and cannot be unticked. */
  required: boolean;
}

const inputClass =
  "w-24 rounded-xl border border-control-border bg-surface-raised px-3 py-2 text-base text-ink aria-invalid:border-red-600 dark:aria-invalid:border-red-400";

/**
 * The basket's add-ons: a box to tick for each, the hours beside one by the hour, and the guests when one is by
 * guest. Works without JavaScript: the form sends `tilvalg` once per ticked box.
 */
export function AddOnFields({
  addOns,
  askGuests = true,
  errors,
  values,
}: {
  addOns: AddOnView[];
  /** False where the form asks for the guests anyway (a request). */
  askGuests?: boolean;
  errors?: FieldErrors;
  /** What was sent, to tick and fill the fields again after a refusal (`tilvalg`: the ticked ids, by commas). */
  values?: Record<string, string>;
}) {
  const id = useId();
  const byGuest = askGuests && addOns.some((addOn) => addOn.unit === "guest");
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-border p-5" aria-describedby={`${id}-hint`}>
      <legend className="px-1 font-display text-xl font-bold">Tilvalg</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Priserne er inklusive eventuel moms og lægges til lejen på næste side.
      </p>
      <FieldMessages errors={errors?.[ADD_ONS_FIELD]} errorId={`${id}-error`} hintId={`${id}-hint`} />
      <ul className="grid gap-4">
        {addOns.map((addOn) => (
          <li key={addOn.id} className="flex flex-wrap items-start gap-x-4 gap-y-2">
            <label className="flex min-w-0 flex-1 gap-3">
              <input
                type="checkbox"
                name={ADD_ONS_FIELD}
                value={addOn.id}
                defaultChecked={addOn.required || values?.[ADD_ONS_FIELD]?.split(",").includes(addOn.id)}
                disabled={addOn.required}
                className="mt-1 size-5 shrink-0 accent-accent"
              />
              <span>
                <span className="font-semibold">{addOn.name}</span>{" "}
                <span className="whitespace-nowrap tabular-nums text-muted">{addOn.price}</span>
                {addOn.required && (
                  <span className="block text-sm text-muted">Følger altid med for jeres kundetype.</span>
                )}
                {addOn.description && <span className="block text-sm text-muted">{addOn.description}</span>}
              </span>
            </label>
            {addOn.unit === "hour" && (
              <CountField name={hoursField(addOn.id)} label="Timer" errors={errors} values={values} />
            )}
          </li>
        ))}
      </ul>
      {byGuest && <CountField name={GUESTS_FIELD} label="Forventet antal gæster" errors={errors} values={values} />}
    </fieldset>
  );
}

function CountField({
  name,
  label,
  errors,
  values,
}: {
  name: string;
  label: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
}) {
  const id = useId();
  const fieldErrors = errors?.[name];
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        inputMode="numeric"
        defaultValue={values?.[name]}
        aria-invalid={fieldErrors?.length ? true : undefined}
        aria-describedby={fieldErrors?.length ? `${id}-error` : undefined}
        className={inputClass}
      />
      <FieldMessages errors={fieldErrors} errorId={`${id}-error`} hintId={`${id}-hint`} />
    </div>
  );
}
