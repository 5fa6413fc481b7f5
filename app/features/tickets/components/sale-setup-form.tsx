import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { Field, FormError } from "~/components/ui/field";
import { plainInputs } from "~/features/content/registry";
import type { FieldErrors } from "~/lib/form";
import { MOST_TICKET_TYPES, saleColumns, saleSettings, typeFieldNames, type SaleSetupValues } from "../sale-settings";

/** The admin's setup of a concert's own sale: its settings (`saleSettings`), then up to five ticket types. */
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
  const shown = typed ?? values;
  const rows = Array.from({ length: MOST_TICKET_TYPES }, (_, index) => values.types[index] ?? null);
  return (
    <Form method="post" className="grid gap-6" noValidate>
      <input type="hidden" name="intent" value="opsaet" />
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-3 sm:items-start">
        {saleColumns.map((column) => {
          const { label, kind, hint } = saleSettings[column];
          if (kind === "yesno") return null;
          return (
            <Field
              key={column}
              name={column}
              label={label}
              type={plainInputs[kind]?.type}
              inputMode={plainInputs[kind]?.inputMode}
              defaultValue={shown[column]}
              errors={errors[column]}
              hint={hint}
            />
          );
        })}
      </div>
      {saleColumns
        .filter((column) => saleSettings[column].kind === "yesno")
        .map((column) => (
          <label key={column} className="flex items-start gap-3">
            <input
              type="checkbox"
              name={column}
              value="ja"
              defaultChecked={shown[column] === "ja"}
              className="mt-1 size-5"
            />
            <span>{saleSettings[column].label}</span>
          </label>
        ))}
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
