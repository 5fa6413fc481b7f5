import { useSyncExternalStore } from "react";

/** Spec §9: a toast lives 3000 ms. */
export const TOAST_LIFETIME_MS = 3000;

export interface Toast {
  kind: "info" | "success" | "error";
  message: string;
  detail?: string;
}

function toastOf(kind: Toast["kind"]) {
  return (message: string, detail?: string): Toast => ({ kind, message, ...(detail !== undefined && { detail }) });
}
/** What an action says happened, typed: `answer({ toast: successToast("Gemt") })`. */
export const successToast = toastOf("success");
export const errorToast = toastOf("error");
export const infoToast = toastOf("info");

export interface ShownToast extends Toast {
  id: number;
}

let nextId = 1;
let shown: readonly ShownToast[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly ShownToast[]) {
  shown = next;
  for (const listener of listeners) listener();
}

/** Shows a toast anywhere in the app (the one toast system of the site); it goes away by itself. */
export function showToast(toast: Toast) {
  const id = nextId++;
  publish([...shown, { ...toast, id }]);
  setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS);
  return id;
}

export function dismissToast(id: number) {
  if (shown.some((toast) => toast.id === id)) publish(shown.filter((toast) => toast.id !== id));
}

const noToasts: readonly ShownToast[] = [];

export function useToasts() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
    () => noToasts,
  );
}
