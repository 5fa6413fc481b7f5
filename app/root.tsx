import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { ErrorView, errorStatus, errorTitle } from "~/components/layout/error-view";
import { useOptimisticColorMode } from "~/components/layout/color-mode-switch";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { getSessionUser, hasSessionCookie, sessionSetCookies } from "~/features/accounts/session.server";
import { readColorMode } from "~/features/color-mode/color-mode";
import { getSiteSettings } from "~/features/site/settings.server";
import { getProfileAndBasketCount } from "~/features/rental/holds.server";
import { publicFileUrl } from "~/features/storage/storage";
import { takeFlashToast } from "~/features/toast/flash.server";
import { Toaster } from "~/components/ui/toaster";
import { PlayerProvider } from "~/features/player/player";
import { BUILD_ID_META, useNewBuildReload } from "~/features/staying-current/build-watch";
import { ERROR_REPORTING_META } from "~/features/error-reporting/browser";
import { collaborators } from "~/lib/collaborators.server";
import { requestContext } from "~/lib/request-context";
import { useRequestInfo } from "~/lib/request-info";
import { routeGuard } from "~/features/accounts/route-guard.server";
import type { Route } from "./+types/root";
import { SiteStylesheet } from "~/lib/site-stylesheet";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** The client state of spec §3 (user, isAuthenticated, isAdmin) is derived here from the session, never stored twice. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { buildId } = context.get(requestContext);
  const { db, auth, config } = collaborators();
  const [settings, user] = await Promise.all([getSiteSettings(db), getSessionUser(auth, request)]);
  const { profile, basketCount } = user
    ? await getProfileAndBasketCount(db, user.id)
    : { profile: null, basketCount: 0 };
  return {
    buildId,
    colorMode: readColorMode(request.headers.get("Cookie")),
    settings,
    user: user ? { name: user.name, email: user.email } : null,
    profile: profile
      ? { avatarUrl: profile.avatarKey ? publicFileUrl(profile.avatarKey) : null, hasAddress: profile.address !== null }
      : null,
    isAuthenticated: user !== null,
    isAdmin: user?.isAdmin ?? false,
    isDoorStaff: user?.isDoorStaff ?? false,
    basketCount,
    publicUrl: config.PUBLIC_URL,
    errorReporting: config.SENTRY_DSN ? { dsn: config.SENTRY_DSN, release: buildId } : null,
    toast: takeFlashToast(request.headers.get("Cookie")).toast,
  };
}

/**
 * First the route's declared access (features/accounts/access.ts). Then: a toast waiting in the flash cookie
 * is shown by this response (the loader reads it), so it is cleared here.
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => routeGuard(collaborators(), args, next),
  async ({ request }, next) => {
    const response = await next();
    if (!(response instanceof Response)) return response;
    const { clear } = takeFlashToast(request.headers.get("Cookie"));
    if (clear) response.headers.append("Set-Cookie", clear);
    // A renewed session cookie cache goes to the browser, unless the response sets that cookie itself (sign-in, -out).
    const setByResponse = new Set(response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]));
    for (const cookie of await sessionSetCookies(request)) {
      if (!setByResponse.has(cookie.split("=")[0])) response.headers.append("Set-Cookie", cookie);
    }
    // A signed-in page is the user's own: no cache, shared or private, may keep it.
    if (hasSessionCookie(request.headers.get("Cookie")) && !response.headers.has("Cache-Control")) {
      response.headers.set("Cache-Control", "private, no-store");
    }
    return response;
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { nonce } = useRequestInfo();
  const colorMode = useOptimisticColorMode(data?.colorMode ?? "system");
  // The page is live: its scripts start after the first paint (app/lib/deferred-scripts.server.ts), and the
  // end-to-end tests wait for this before they press anything only a script handles.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);

  return (
    <html lang="da" data-theme={colorMode} className={colorMode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#a13a12" />
        {data && <meta name={BUILD_ID_META} content={data.buildId} />}
        {data?.errorReporting && <meta name={ERROR_REPORTING_META} content={JSON.stringify(data.errorReporting)} />}
        <SiteStylesheet />
        <Meta />
        {/* Links are allowed by 'self' and need no nonce; an empty one keeps server and client markup equal. */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#indhold"
          className="sr-only z-50 rounded bg-accent px-4 py-2 text-accent-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Spring til indhold
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SiteShell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const settings = data?.settings;
  return (
    <>
      <SiteHeader
        siteName={settings?.siteName ?? "Scene"}
        colorMode={data?.colorMode ?? "system"}
        user={data?.user ? { ...data.user, avatarUrl: data.profile?.avatarUrl ?? null } : null}
        isAdmin={data?.isAdmin ?? false}
        isDoorStaff={data?.isDoorStaff ?? false}
        basketCount={data?.basketCount ?? 0}
      />
      <main id="indhold" className="flex-1">
        {children}
      </main>
      {settings && <SiteFooter settings={settings} />}
      <Toaster initial={data?.toast} />
    </>
  );
}

export default function App() {
  useNewBuildReload();
  return (
    <PlayerProvider>
      <SiteShell>
        <Outlet />
      </SiteShell>
    </PlayerProvider>
  );
}

export function meta({ error, loaderData }: Route.MetaArgs) {
  const siteName = loaderData?.settings.siteName ?? "Scene";
  return [{ title: error ? `${errorTitle(errorStatus(error))} · ${siteName}` : siteName }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { requestId } = useRequestInfo();
  const { pathname } = useLocation();
  return (
    <SiteShell>
      <ErrorView error={error} path={pathname} requestId={requestId} />
    </SiteShell>
  );
}
