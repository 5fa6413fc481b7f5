import { useId } from "react";
import { FieldMessages } from "~/components/ui/field";
import { CONTRACT_ACCEPTANCE, CONTRACT_FIELD } from "../contract";

/**
 * The lejekontrakt before paying: what it is made of, the text itself where the order exists (an offer), and the
 * box the booker ticks. Without the tick nothing is booked.
 */
export function ContractField({ text, errors }: { text?: string; errors?: string[] }) {
  const id = useId();
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-2xl border border-border p-5">
      <legend className="px-1 font-display text-xl font-bold">Lejekontrakt</legend>
      <p className="text-sm text-muted">
        Lejekontrakten består af bookingens detaljer (dage, linjer, betalinger og afbestilling), vores{" "}
        <a href="/vilkaar" target="_blank" className="font-semibold text-accent underline underline-offset-2">
          vilkår
        </a>{" "}
        og{" "}
        <a href="/husorden" target="_blank" className="font-semibold text-accent underline underline-offset-2">
          husordenen
        </a>
        . Du får den som PDF sammen med bekræftelsen.
      </p>
      {text && (
        <div
          tabIndex={0}
          aria-label="Lejekontraktens tekst"
          className="max-h-64 overflow-y-auto rounded-xl border border-border bg-surface px-4 py-3 text-sm whitespace-pre-line"
        >
          {text}
        </div>
      )}
      <label className="flex items-start gap-3 font-semibold">
        <input
          type="checkbox"
          name={CONTRACT_FIELD}
          value="ja"
          required
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        {CONTRACT_ACCEPTANCE}
      </label>
      <FieldMessages errors={errors} errorId={`${id}-error`} hintId={`${id}-hint`} />
    </fieldset>
  );
}
