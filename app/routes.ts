import { type RouteConfig, index, route } from "@react-router/dev/routes";

const contentPage = "routes/content-page.tsx";

export default [
  index(contentPage, { id: "page-frontpage" }),
  route("musik", contentPage, { id: "page-music" }),
  route("videoer", contentPage, { id: "page-videos" }),
  route("billeder", contentPage, { id: "page-images" }),
  route("priser", contentPage, { id: "page-prices" }),
  route("praktisk-info", contentPage, { id: "page-practical" }),
  route("vilkaar", contentPage, { id: "page-terms" }),
  route("privatlivspolitik", contentPage, { id: "page-privacy" }),
  route("reservation", "routes/reservation.tsx"),

  route("login", "routes/login.tsx"),
  route("login/kode", "routes/login.kode.tsx"),
  route("login/totp", "routes/login.totp.tsx"),
  route("logout", "routes/logout.ts"),
  route("glemt-adgangskode", "routes/glemt-adgangskode.tsx"),
  route("nulstil-adgangskode", "routes/nulstil-adgangskode.tsx"),
  route("bruger", "routes/bruger.tsx"),
  route("bruger/update", "routes/bruger.update.tsx"),
  route("bruger/data", "routes/bruger.data.ts"),
  route("alle-brugere", "routes/alle-brugere.tsx"),

  route("api/color-mode", "routes/api.color-mode.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/prisma/get-page-by-name/:name", "routes/api.get-page-by-name.ts"),
  route("api/prisma/get-profile/:userId", "routes/api.profile.get.ts"),
  route("api/prisma/create-profile", "routes/api.profile.create.ts"),
  route("api/prisma/update-profile/:id", "routes/api.profile.update.ts"),
  route("_test/fejl", "routes/test-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
