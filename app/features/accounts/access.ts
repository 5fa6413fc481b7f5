import { adminContentTypes } from "~/features/content/content-types";

/**
 * Who may use each route of app/routes.ts, and what body it takes: declared once, here (the content types'
 * admin pages by their registry entries, decision 025). The root middleware (route-guard.server.ts) refuses a
 * request before any loader or action runs, the server bounds request bodies by it (server/body-limits.ts), and
 * tests/integration/route-guards.test.ts fails for a route that is missing here.
 *
 * - public: anyone.
 * - user: a signed-in user; a visitor is sent to the login page (an API answers 401).
 * - admin: role kab-webadmin; a signed-in non-admin gets 403.
 * - door: door staff (role doerpersonale) or an admin; anyone else signed in gets 403.
 * - loopback: the end-to-end tests' helpers; only with ENABLE_TEST_ROUTES and from this machine directly.
 */
export type Access = "public" | "user" | "admin" | "door" | "loopback";

/**
 * The largest body a route takes: a form or JSON, an avatar image, content media (audio), one library image
 * (decision 020), a webhook event.
 */
export type BodyKind = "form" | "avatar" | "media" | "image" | "webhook";

export interface RouteRule {
  access: Access;
  /** Who may send to its action, when that differs from who may see the page. */
  actionAccess?: Access;
  body?: BodyKind;
}

const publicPage: RouteRule = { access: "public" };
const userPage: RouteRule = { access: "user" };
const adminPage: RouteRule = { access: "admin" };
const adminUpload: RouteRule = { access: "admin", body: "media" };

/** Keyed by the route's full pattern, as React Router's middleware sees it (`pattern`). */
export const routeRules: Record<string, RouteRule> = {
  "/": publicPage,
  "/musik": publicPage,
  "/musik/:albumId": publicPage,
  "/videoer": publicPage,
  "/billeder": publicPage,
  "/parallex": publicPage,
  "/priser": publicPage,
  "/praktisk-info": publicPage,
  "/vilkaar": publicPage,
  "/privatlivspolitik": publicPage,
  "/husorden": publicPage,
  "/koncerter": publicPage,
  "/koncerter/arkiv": publicPage,
  "/koncerter/:eventId": publicPage,
  "/koncerter/:eventId/kalender.ics": publicPage,
  "/koncerter.ics": publicPage,
  // Buying tickets takes no account (issue 36); an order's and a ticket's secret token is its access.
  "/koncerter/:eventId/billetter": publicPage,
  "/koncerter/:eventId/billetter/koe": publicPage,
  "/koncerter/:eventId/venteliste": publicPage,
  "/venteliste/:token": publicPage,
  "/billetter/ordre/:token": publicPage,
  "/billet/:token": publicPage,
  "/indgang": { access: "door" },
  "/indgang/tjek": { access: "door" },
  // Everyone sees the calendar; putting a day in a basket takes an account.
  "/reservation": { access: "public", actionAccess: "user" },
  "/kurv": userPage,
  "/betaling": userPage,
  "/success": userPage,
  "/alle-reservationer": userPage,
  // The booker's own offer; another account's is not found.
  "/tilbud/:ordre": userPage,
  // The booker's own invoice, or any for the admin (the loader tells them apart); its e-invoice for the admin.
  "/faktura/:id": userPage,
  "/faktura/:id/oioubl": adminPage,
  // The booker's own contract, or any for the admin (the loader tells them apart).
  "/kontrakt/:ordre": userPage,
  // The feed's secret token is its access.
  "/kalender/:feed": publicPage,
  // The newsletter (issue 37): signing up takes no account; the links' secret tokens are their access.
  "/nyhedsbrev": publicPage,
  "/nyhedsbrev/bekraeft/:token": publicPage,
  "/nyhedsbrev/afmeld/:token": publicPage,
  "/nyhedsbrev/arkiv": publicPage,
  "/nyhedsbrev/arkiv/:letterId": publicPage,

  "/login": publicPage,
  "/login/kode": publicPage,
  "/login/totp": publicPage,
  "/logout": publicPage,
  "/glemt-adgangskode": publicPage,
  "/nulstil-adgangskode": publicPage,
  // The set-up link's token is its access (decision 018).
  "/opsaetning/:token": publicPage,
  "/bruger": userPage,
  "/bruger/update": { access: "user", body: "avatar" },
  "/bruger/data": userPage,
  "/alle-brugere": adminPage,
  "/test": adminPage,
  ...Object.fromEntries(
    adminContentTypes.flatMap(({ path }) => [
      [path, adminPage],
      [`${path}/create`, adminUpload],
      [`${path}/:id`, adminUpload],
    ]),
  ),
  // The media library (decision 020): the page's forms, and one image per upload request.
  "/medier": adminPage,
  "/medier/upload": { access: "admin", body: "image" },
  "/reservationer": adminPage,
  "/udlejning": adminPage,
  "/forespoergsler": adminPage,
  "/fakturaer": adminPage,
  "/fakturaer/bogfoering": adminPage,
  "/reservationer/eksport": adminPage,
  "/blokerede-datoer": adminPage,
  "/reservationsindstillinger": adminPage,
  "/billetsalg": adminPage,
  "/billetsalg/:eventId": adminPage,
  "/billetsalg/:eventId/eksport": adminPage,
  "/admin/nyhedsbrev": adminPage,
  "/admin/nyhedsbrev/abonnenter.csv": adminPage,
  "/admin/nyhedsbrev/breve/:letterId": adminPage,

  "/sitemap.xml": publicPage,
  "/robots.txt": publicPage,
  "/manifest.webmanifest": publicPage,
  "/icons/:file": publicPage,
  "/api/color-mode": publicPage,
  // better-auth checks the session of each of its own endpoints.
  "/api/auth/*": publicPage,
  // Stripe signs what it sends; the signature is checked before anything is read from it.
  "/api/stripe/webhook": { access: "public", body: "webhook" },
  "/api/prisma/get-page-by-name/:name": publicPage,
  "/api/prisma/get-profile/:userId": userPage,
  // They take only a POST or PATCH: anyone's GET is answered 405 (profile-api.server.ts).
  "/api/prisma/create-profile": { access: "public", actionAccess: "user" },
  "/api/prisma/update-profile/:id": { access: "public", actionAccess: "user" },
  "/_test/fejl": { access: "loopback" },
  "/_test/forbi": { access: "loopback" },
  "/_test/hold-tid": { access: "loopback" },
  "/_test/job": { access: "loopback" },
  "/_test/langsom": { access: "loopback" },
  "/_test/sessie": { access: "loopback" },
  "/*": publicPage,
};

export function ruleOf(pattern: string): RouteRule | undefined {
  return Object.hasOwn(routeRules, pattern) ? routeRules[pattern] : undefined;
}

/** What a request to the route needs: reading it (GET, HEAD) or sending to its action. */
export function accessOf(rule: RouteRule, method: string): Access {
  const reading = method === "GET" || method === "HEAD";
  return reading ? rule.access : (rule.actionAccess ?? rule.access);
}

const patternsNeeding = (access: Access) =>
  Object.entries(routeRules)
    .filter(([, rule]) => rule.access === access)
    .map(([pattern]) => pattern);

/** Paths no crawler needs: every page that takes an account or an admin. */
export function signedInPathPrefixes() {
  return [...patternsNeeding("user"), ...patternsNeeding("admin"), ...patternsNeeding("door")]
    .map((pattern) => pattern.replace(/\/:[^/]+$/, "").replace(/\/\*$/, ""))
    .filter((path, index, all) => all.indexOf(path) === index && !all.some((other) => path.startsWith(`${other}/`)));
}
