import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityHeaderOptions {
  /** Development needs Vite's HMR web socket. */
  development: boolean;
  /** Where the browser sends error reports (the Sentry DSN's origin), when reporting is on. */
  errorReportingOrigin?: string;
}

const NONCE_BYTES = 18;
/** Random bytes drawn for this many nonces at a time: one draw costs about as much as a nonce's own. */
const NONCES_PER_DRAW = 256;
let drawn = Buffer.alloc(0);
let used = 0;

/** A fresh nonce from the system's secure random source, never handed out twice. */
export function createNonce() {
  if (used + NONCE_BYTES > drawn.length) {
    drawn = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    used = 0;
  }
  const nonce = drawn.toString("base64", used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

export function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions & { https: boolean }) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    // Inline style attributes (image focal points, parallax offsets) are harmless; scripts stay strict.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "media-src": ["'self'", "blob:"],
    "connect-src": [
      "'self'",
      ...(options.development ? ["ws:"] : []),
      ...(options.errorReportingOrigin ? [options.errorReportingOrigin] : []),
    ],
    // Videos play from YouTube's privacy-enhanced domain, and only after the visitor clicks.
    "frame-src": ["https://www.youtube-nocookie.com"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (options.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Sets the baseline headers of every response and the per-request CSP nonce in `res.locals.cspNonce`. */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  // The policy is the same for every response but for its nonce (and HTTPS): written once, the nonce put in.
  const placeholder = "{nonce}";
  const policies = {
    http: contentSecurityPolicy(placeholder, { ...options, https: false }),
    https: contentSecurityPolicy(placeholder, { ...options, https: true }),
  };
  return (req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    const https = req.secure;
    res.setHeader("Content-Security-Policy", policies[https ? "https" : "http"].replaceAll(placeholder, nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    // The camera for the site's own pages only (the door page scans tickets; no frame may ask). Every page, as
    // a document keeps the policy it was loaded with, and staff reach /indgang by client-side navigation.
    res.setHeader(
      "Permissions-Policy",
      "accelerometer=(), camera=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=(), interest-cohort=()",
    );
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A newsletter's one-click unsubscribe (RFC 8058): the mail client posts to the letter's link from wherever it
 * runs, a webmail page included. The link's secret token is all it takes, and all it can do is take that one
 * address off the list, so it is the one write another site may send.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/nyhedsbrev\/afmeld\/[A-Za-z0-9_-]{1,64}$/;

/**
 * CSRF defence for every state-changing request, on top of SameSite=Lax cookies: a browser that says the
 * request comes from another site (Sec-Fetch-Site or Origin) is refused before any action runs.
 */
export function rejectCrossSiteWrites(options: { publicOrigin: string }): RequestHandler {
  return (req, res, next) => {
    if (safeMethods.has(req.method) || ONE_CLICK_UNSUBSCRIBE.test(req.path)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite =
      req.get("sec-fetch-site") === "cross-site" ||
      (origin !== undefined && origin !== ownOrigin && origin !== options.publicOrigin);
    if (!crossSite) return next();
    res.status(403).type("text/plain; charset=utf-8").send("Ingen adgang: forespørgslen kom fra et andet websted.");
  };
}
