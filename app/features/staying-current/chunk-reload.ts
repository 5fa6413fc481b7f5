/** Spec §9: a failed chunk load reloads the page at most once per 10 s, so it can never loop. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "scene:chunk-reload-at";

export function mayReloadAfterChunkError(lastReloadAt: number | null, now: number) {
  return lastReloadAt === null || !(now - lastReloadAt < CHUNK_RELOAD_GUARD_MS && now >= lastReloadAt);
}

export function isChunkLoadError(reason: unknown) {
  const message = reason instanceof Error ? reason.message : String(reason);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads once when a lazy chunk of an older build is gone after a deploy. */
export function installChunkReloadGuard(win: Window = window) {
  const reloadOnce = () => {
    const stored = win.sessionStorage.getItem(STORAGE_KEY);
    const now = Date.now();
    if (!mayReloadAfterChunkError(stored ? Number(stored) : null, now)) return false;
    win.sessionStorage.setItem(STORAGE_KEY, String(now));
    win.location.reload();
    return true;
  };
  win.addEventListener("vite:preloadError", (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  win.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reloadOnce();
  });
}
