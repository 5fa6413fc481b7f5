const PROBE_ORIGIN = "http://x.invalid";

export class ExternalNavigationError extends Error {
  constructor(readonly target: string) {
    super(
      `Refused to navigate to ${JSON.stringify(target)}: not a same-site path, and not an http(s) address allowed with { external: true }`,
    );
    this.name = "ExternalNavigationError";
  }
}

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

function parseAbsoluteUrl(target: string) {
  try {
    return new URL(target);
  } catch {
    return undefined;
  }
}

/** A redirect target from user input (`?redirectTo=`), if it stays on this site; else the fallback. */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  return typeof target === "string" && isSameSitePath(target) ? target : fallback;
}

/**
 * Spec §2/§8: navigating to an external address is refused unless the caller says `external: true`.
 * Same-site paths come back unchanged; an allowed external address comes back as the URL parser normalises it.
 */
export function resolveNavigationTarget(target: string, options: { external?: boolean } = {}): string {
  if (isSameSitePath(target)) return target;
  if (options.external) {
    const url = parseAbsoluteUrl(target);
    if (url?.protocol === "https:" || url?.protocol === "http:") return url.href;
  }
  throw new ExternalNavigationError(target);
}
