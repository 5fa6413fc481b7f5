const PROBE_ORIGIN = "http://x.invalid";

function isSameSitePath(target: string) {
  if (!target.startsWith("/") || target.startsWith("//")) return false;
  // Browsers read "\" as "/" and drop tabs and newlines, so "/\evil.com" and "/\t/evil.com" would leave the site.
  if (target.includes("\\") || /\p{Cc}/u.test(target)) return false;
  try {
    return new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** A redirect target from user input (`?redirectTo=`), if it stays on this site; else the fallback. */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  return typeof target === "string" && isSameSitePath(target) ? target : fallback;
}
