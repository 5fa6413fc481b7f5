import { type RouteConfig, index, route } from "@react-router/dev/routes";

const contentPage = "routes/content-page.tsx";
const adminList = "routes/admin.list.tsx";
const adminCreate = "routes/admin.create.tsx";
const adminEdit = "routes/admin.edit.tsx";

/** The admin's list, create and edit pages of each content type (spec §2), one module each for all types. */
const adminRoutes = ["album", "article", "banner", "event", "page", "stock", "youtube"].flatMap((name) => [
  route(name, adminList, { id: `admin-${name}-list` }),
  route(`${name}/create`, adminCreate, { id: `admin-${name}-create` }),
  route(`${name}/:id`, adminEdit, { id: `admin-${name}-edit` }),
]);

export default [
  index("routes/home.tsx"),
  route("musik", "routes/musik.tsx"),
  route("musik/:albumId", "routes/musik.album.tsx"),
  route("videoer", "routes/videoer.tsx"),
  route("billeder", "routes/billeder.tsx"),
  route("parallex", "routes/parallex.tsx"),
  route("priser", contentPage, { id: "page-prices" }),
  route("praktisk-info", contentPage, { id: "page-practical" }),
  route("vilkaar", contentPage, { id: "page-terms" }),
  route("privatlivspolitik", contentPage, { id: "page-privacy" }),
  route("koncerter", "routes/koncerter.tsx"),
  route("koncerter/arkiv", "routes/koncerter.arkiv.tsx"),
  route("koncerter/:eventId", "routes/koncerter.event.tsx"),
  route("koncerter/:eventId/kalender.ics", "routes/koncerter.event-kalender.ts"),
  route("koncerter.ics", "routes/koncerter.feed.ts"),
  route("reservation", "routes/reservation.tsx"),
  route("kurv", "routes/kurv.tsx"),
  route("betaling", "routes/betaling.tsx"),
  route("success", "routes/success.tsx"),
  route("alle-reservationer", "routes/alle-reservationer.tsx"),
  route("kalender/:feed", "routes/kalender.feed.ts"),

  route("login", "routes/login.tsx"),
  route("login/kode", "routes/login.kode.tsx"),
  route("login/totp", "routes/login.totp.tsx"),
  route("logout", "routes/logout.ts"),
  route("glemt-adgangskode", "routes/glemt-adgangskode.tsx"),
  route("nulstil-adgangskode", "routes/nulstil-adgangskode.tsx"),
  route("opsaetning/:token", "routes/opsaetning.tsx"),
  route("bruger", "routes/bruger.tsx"),
  route("bruger/update", "routes/bruger.update.tsx"),
  route("bruger/data", "routes/bruger.data.ts"),
  route("alle-brugere", "routes/alle-brugere.tsx"),
  route("test", "routes/admin.status.tsx"),
  ...adminRoutes,
  route("medier", "routes/admin.medier.tsx"),
  route("medier/upload", "routes/admin.medier.upload.ts"),
  route("reservationer", "routes/admin.reservationer.tsx"),
  route("reservationer/eksport", "routes/admin.reservationer.eksport.ts"),
  route("blokerede-datoer", "routes/admin.blokerede-datoer.tsx"),
  route("reservationsindstillinger", "routes/admin.reservationsindstillinger.tsx"),

  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("icons/:file", "routes/icons.ts"),
  route("api/color-mode", "routes/api.color-mode.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/stripe/webhook", "routes/api.stripe-webhook.ts"),
  route("api/prisma/get-page-by-name/:name", "routes/api.get-page-by-name.ts"),
  route("api/prisma/get-profile/:userId", "routes/api.profile.get.ts"),
  route("api/prisma/create-profile", "routes/api.profile.create.ts"),
  route("api/prisma/update-profile/:id", "routes/api.profile.update.ts"),
  route("_test/fejl", "routes/test-error.tsx"),
  route("_test/hold-tid", "routes/test-hold-time.ts"),
  route("_test/langsom", "routes/test-slow.ts"),
  route("_test/sessie", "routes/test-session.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
