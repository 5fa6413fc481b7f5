import type { SaleState } from "../rules";

/** What the buying page says instead of the form when the sale is not open. */
export function SaleStateNotice({ state, opensAt }: { state: Exclude<SaleState, "open">; opensAt: string }) {
  const text = {
    "not-open": `Billetsalget åbner ${opensAt}.`,
    "sold-out":
      "Udsolgt. Alle billetter er solgt eller reserveret lige nu. Kommer der billetter fri, går de først til ventelisten.",
    closed: "Billetsalget er lukket.",
  }[state];
  return (
    <p role="status" className="mt-8 rounded-2xl border border-border bg-surface-raised p-5 text-lg font-semibold">
      {text}
    </p>
  );
}
