import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** How often the page asks again while its letter is going out, or is about to. */
export const LIVE_MS = 1500;
/** How often while it waits for a time further off (it may be started by another tab, or put back). */
const WAITING_MS = 30_000;

/**
 * Keeps a letter's page up to date without reloading while the letter is being sent or is about to be: the page's
 * data again every 1.5 s (one grouped count of its messages), less often while its time is far off, and not while
 * the tab is hidden.
 */
export function useLiveLetter(status: string, sendAt: number | null) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    if (status !== "sending" && status !== "scheduled") return;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      const soon = status === "sending" || sendAt === null || sendAt - Date.now() < 60_000;
      timer = setTimeout(
        () => {
          if (latest.current.state === "idle" && document.visibilityState === "visible") {
            void latest.current.revalidate();
          }
          next();
        },
        soon ? LIVE_MS : WAITING_MS,
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [status, sendAt]);
}
