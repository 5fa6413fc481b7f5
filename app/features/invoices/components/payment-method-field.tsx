import { PAYMENT_METHOD_FIELD } from "../invoices";

/** "Betal med kort" or "Betal på faktura", for the types the admin lets pay on invoice. */
export function PaymentMethodField({ values }: { values?: Record<string, string> }) {
  const chosen = values?.[PAYMENT_METHOD_FIELD] ?? "kort";
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-2xl border border-border p-5">
      <legend className="px-1 font-display text-xl font-bold">Betaling</legend>
      <label className="flex items-start gap-3">
        <input
          type="radio"
          name={PAYMENT_METHOD_FIELD}
          value="kort"
          defaultChecked={chosen === "kort"}
          className="mt-1 size-5 accent-accent"
        />
        <span>
          <span className="font-semibold">Betal med kort eller MobilePay</span>
          <span className="block text-sm text-muted">Depositum nu, resten før den første dag.</span>
        </span>
      </label>
      <label className="flex items-start gap-3">
        <input
          type="radio"
          name={PAYMENT_METHOD_FIELD}
          value="faktura"
          defaultChecked={chosen === "faktura"}
          className="mt-1 size-5 accent-accent"
        />
        <span>
          <span className="font-semibold">Betal på faktura</span>
          <span className="block text-sm text-muted">
            Bookingen bekræftes med det samme, og fakturaen sendes på e-mail (offentlige institutioner også som
            e-faktura til jeres EAN-nummer).
          </span>
        </span>
      </label>
    </fieldset>
  );
}
