import { useEffect, useRef } from "react";
import { dismissToast, showToast, useToasts, type Toast } from "~/features/toast/toast";
import { useHydrated } from "./use-hydrated";

const kindStyles: Record<Toast["kind"], string> = {
  info: "border-sky-600/40 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50",
  success: "border-emerald-600/40 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-red-600/40 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
};

/** Shows a toast that arrived with data (a flash after a redirect, an action's answer) once per arrival. */
export function useToastFrom(toast: Toast | null | undefined) {
  const last = useRef<Toast | null | undefined>(undefined);
  useEffect(() => {
    if (toast && toast !== last.current) showToast(toast);
    last.current = toast;
  }, [toast]);
}

/**
 * The site's one toast region (a polite live region, bottom centre). `initial` is a toast rendered by
 * the server, so it shows even before (or without) JavaScript.
 */
export function Toaster({ initial }: { initial?: Toast | null }) {
  const toasts = useToasts();
  useToastFrom(initial);
  const hydrated = useHydrated();
  const list = toasts.length || hydrated || !initial ? toasts : [{ ...initial, id: 0 }];
  return (
    <section
      aria-label="Meddelelser"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 print:hidden"
    >
      {list.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl border px-4 py-3 shadow-lg ${kindStyles[toast.kind]}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.message}</p>
            {toast.detail && <p className="mt-0.5 text-sm opacity-90">{toast.detail}</p>}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="rounded-full px-2 text-lg leading-none"
            aria-label="Luk meddelelsen"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
