import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { Field, FormError } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import { MOST_TICKET_TYPES, typeFieldNames } from "../schemas";

/** The setup as the form shows it: every value as typed (kroner "195", datetime-local "2026-12-01T10:00"). */
export interface SaleSetupValues {
  kapacitet: string;
  aabner: string;
  lukker: string;
  max_ordre: string;
  max_email: string;
  gebyr: string;
  afbestilling: boolean;
  types: { id: string; name: string; price: string; capacity: string; taken: number }[];
}

/** The admin's setup of a concert's own sale: capacity, the sale's window, limits, fee and up to five ticket types. */
export function SaleSetupForm({
  values,
  errors = {},
  formError,
  typed,
}: {
  values: SaleSetupValues;
  errors?: FieldErrors;
  formError?: string;
  typed?: Record<string, string>;
}) {
  const value = (name: keyof Omit<SaleSetupValues, "types" | "afbestilling">) => typed?.[name] ?? values[name];
  const rows = Array.from({ length: MOST_TICKET_TYPES }, (_, index) => values.types[index] ?? null);
  return (
    <Form method="post" className="grid gap-6" noValidate>
      <input type="hidden" name="intent" value="opsaet" />
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-3 sm:items-start">
        <Field
          name="kapacitet"
          label="Billetter i alt"
          inputMode="numeric"
          defaultValue={value("kapacitet")}
          errors={errors.kapacitet}
          hint="Salens kapacitet, gæsteliste med."
        />
        <Field
          name="aabner"
          type="datetime-local"
          label="Salget åbner"
          defaultValue={value("aabner")}
          errors={errors.aabner}
        />
        <Field
          name="lukker"
          type="datetime-local"
          label="Salget lukker"
          defaultValue={value("lukker")}
          errors={errors.lukker}
        />
        <Field
          name="max_ordre"
          label="Højst pr. ordre"
          inputMode="numeric"
          defaultValue={value("max_ordre")}
          errors={errors.max_ordre}
        />
        <Field
          name="max_email"
          label="Højst pr. e-mailadresse"
          inputMode="numeric"
          defaultValue={value("max_email")}
          errors={errors.max_email}
        />
        <Field
          name="gebyr"
          label="Gebyr pr. billet (kr.)"
          inputMode="decimal"
          defaultValue={value("gebyr")}
          errors={errors.gebyr}
          hint="Med moms. Programmet og billetsiden viser priserne inkl. gebyr. 0 for intet gebyr."
        />
      </div>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="afbestilling"
          value="ja"
          defaultChecked={values.afbestilling}
          className="mt-1 size-5"
        />
        <span>Køberne må selv afbestille og få pengene tilbage indtil koncerten</span>
      </label>
      <fieldset className="grid gap-3">
        <legend className="font-semibold">Billettyper</legend>
        <p className="text-sm text-muted">
          Priser med moms (25 %). Lad navnet stå tomt for at fjerne en type uden salg.
        </p>
        {rows.map((row, index) => {
          const names = typeFieldNames(index);
          return (
            <div
              key={index}
              className="grid gap-3 rounded-2xl border border-border p-3 sm:grid-cols-[2fr_1fr_1fr] sm:items-start"
            >
              <input type="hidden" name={names.id} value={row?.id ?? ""} />
              <Field
                name={names.name}
                label={`Type ${index + 1}: navn`}
                defaultValue={typed?.[names.name] ?? row?.name ?? ""}
                placeholder={index === 0 ? "Ordinær" : index === 1 ? "Studerende" : ""}
                errors={errors[names.name]}
                maxLength={60}
              />
              <Field
                name={names.price}
                label="Pris (kr.)"
                inputMode="decimal"
                defaultValue={typed?.[names.price] ?? row?.price ?? ""}
                errors={errors[names.price]}
              />
              <Field
                name={names.capacity}
                label="Antal"
                inputMode="numeric"
                defaultValue={typed?.[names.capacity] ?? row?.capacity ?? ""}
                errors={errors[names.capacity]}
                hint={row && row.taken > 0 ? `${row.taken} solgt eller reserveret` : undefined}
              />
            </div>
          );
        })}
      </fieldset>
      <button type="submit" className={`${buttonStyles.primary} justify-self-start`}>
        Gem billetsalget
      </button>
    </Form>
  );
}
