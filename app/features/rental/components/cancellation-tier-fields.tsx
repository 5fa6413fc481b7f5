import { Field } from "~/components/ui/field";
import { TIER_ROWS, tierFieldNames } from "~/features/rental/schemas";

type FieldProps = (name: string) => { name: string; defaultValue: string | undefined; errors?: string[] };

/** The admin's cancellation tiers: up to five rows of "from so many days before, so much of the rent". */
export function CancellationTierFields({ field }: { field: FieldProps }) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-2xl border border-border p-5">
      <legend className="px-1 font-display text-xl font-bold">Afbestillingsvilkår</legend>
      <p className="text-sm text-muted">
        Hvad lejeren betaler ved afbestilling, efter hvor mange dage der er til den første dag. Depositum betales altid;
        et indbetalt sikkerhedsdepositum betales altid tilbage ved afbestilling. Før det tidligste trin koster en
        afbestilling hele lejen. Tomme rækker bruges ikke.
      </p>
      {Array.from({ length: TIER_ROWS }, (_, row) => {
        const names = tierFieldNames(row);
        return (
          <div key={row} className="grid gap-3 sm:grid-cols-2">
            <Field label={`Trin ${row + 1}: fra dage før`} inputMode="numeric" {...field(names.days)} />
            <Field label={`Trin ${row + 1}: opkræves (% af lejen)`} inputMode="numeric" {...field(names.percent)} />
          </div>
        );
      })}
    </fieldset>
  );
}
