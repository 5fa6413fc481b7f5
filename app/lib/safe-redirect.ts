const PROBE_ORIGIN = "http://x.invalid";

export class ExternalNavigationError extends Error {
  constructor(readonly target: string) {
    super(`Refused to navigate to an external address without the external flag: ${target}`);
    this.name = "ExternalNavigationError";
  }
}

function isSameSitePath(target: string) {
  if (!target.startsWith("/") || target.startsWith("//")) return false;
  // Browsers read "\" as "/", and strip tabs and newlines: "/\evil.com" and "/\t/evil.com" leave the site.
  if (target.includes("\\") || [...target].some((char) => char <= "\u001f" || char === "\u007f")) return false;
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

/** Spec §2/§8: navigating to an external address is refused unless the caller says `external: true`. */
export function resolveNavigationTarget(target: string, options: { external?: boolean } = {}): string {
  if (isSameSitePath(target)) return target;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ExternalNavigationError(target);
  }
  if (options.external && (url.protocol === "https:" || url.protocol === "http:")) return url.toString();
  throw new ExternalNavigationError(target);
}
