import { useFetcher } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { useToastFrom } from "~/components/ui/toaster";
import type { Toast } from "~/features/toast/toast";
import { CUSTOMER_TYPES, customerTypeLabels, type CustomerType } from "../customer-types";

/**
 * "Jeg lejer som …": the customer type the basket's days are priced by. Posts to the basket's action; with
 * JavaScript the page it sits on is asked again (the calendar's prices change), without it the basket opens.
 */
export function CustomerTypeChooser({ current }: { current: CustomerType }) {
  const fetcher = useFetcher<{ toast?: Toast }>();
  useToastFrom(fetcher.data?.toast);
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/kurv" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="customer-type" />
      <label className="grid gap-1.5 text-sm font-semibold">
        Jeg lejer som
        <select
          name="customerType"
          defaultValue={current}
          className="rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base font-normal text-ink"
        >
          {CUSTOMER_TYPES.map((type) => (
            <option key={type} value={type}>
              {customerTypeLabels[type]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonStyles.secondary} disabled={pending}>
        {pending ? "Skifter …" : "Skift"}
      </button>
    </fetcher.Form>
  );
}
