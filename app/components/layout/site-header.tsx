import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { BasketIcon, MenuIcon } from "~/components/ui/icons";
import type { ColorMode } from "~/features/color-mode/color-mode";
import { mainBarMenu } from "~/features/site/navigation";
import { ColorModeSwitch } from "./color-mode-switch";
import { MenuOverlay } from "./menu-overlay";

export interface SiteHeaderProps {
  siteName: string;
  colorMode: ColorMode;
  user: { name: string; avatarUrl: string | null } | null;
  isAdmin: boolean;
  /** Door staff and admins find the door's check-in page in their menu. */
  isDoorStaff: boolean;
  /** Days in the user's basket; a link to the basket shows while there are any. */
  basketCount?: number;
}

export function SiteHeader({ siteName, colorMode, user, isAdmin, isDoorStaff, basketCount = 0 }: SiteHeaderProps) {
  const [isMenuOverlay, setMenuOverlay] = useState(false);
  const { pathname, search } = useLocation();
  const loginHref =
    pathname === "/" || pathname === "/login"
      ? "/login"
      : `/login?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`;
  // Any navigation (a link, the back button) closes the menu.
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setMenuOverlay(false);
  }

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-3 sm:gap-6 sm:px-4">
        <Link to="/" className="min-w-0 truncate font-display text-xl font-bold tracking-tight hover:text-accent">
          {siteName}
        </Link>
        <nav aria-label="Hovedmenu" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainBarMenu.map((entry) => (
              <li key={entry.code}>
                <NavLink
                  to={entry.href}
                  className={({ isActive }) =>
                    `rounded-full px-3 py-2 text-sm font-medium transition-colors ${
                      isActive ? "bg-surface-sunken text-ink" : "text-muted hover:text-ink"
                    }`
                  }
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
          <ColorModeSwitch current={colorMode} />
          {basketCount > 0 && (
            <Link
              to="/kurv"
              className="flex items-center gap-1.5 rounded-full bg-sky-100 px-3 py-2 text-sm font-semibold text-sky-950 hover:bg-sky-200 dark:bg-sky-900 dark:text-sky-50"
            >
              <BasketIcon className="size-4" />
              <span className="sr-only">Kurv, {basketCount === 1 ? "1 dag" : `${basketCount} dage`}</span>
              <span aria-hidden="true">{basketCount}</span>
            </Link>
          )}
          {user ? (
            <Link
              to="/bruger"
              className="hidden max-w-48 items-center gap-2 truncate rounded-full px-3 py-2 text-sm font-medium text-muted hover:text-ink sm:flex"
            >
              {user.avatarUrl && (
                <img src={user.avatarUrl} alt="" width={24} height={24} className="size-6 rounded-full" />
              )}
              <span className="sr-only">Mine oplysninger: </span>
              {user.name.split(" ")[0]}
            </Link>
          ) : pathname === "/login" ? null : (
            <Link
              to={loginHref}
              className="hidden rounded-full px-3 py-2 text-sm font-medium text-muted hover:text-ink sm:block"
            >
              Log ind
            </Link>
          )}
          <button
            type="button"
            aria-expanded={isMenuOverlay}
            aria-controls="site-menu"
            onClick={() => setMenuOverlay(true)}
            className="flex items-center gap-2 rounded-full border border-border p-2 text-sm font-medium hover:border-accent sm:px-3"
          >
            <MenuIcon />
            <span className="sr-only sm:not-sr-only">Menu</span>
          </button>
        </div>
      </div>
      <MenuOverlay
        id="site-menu"
        isOpen={isMenuOverlay}
        onClose={() => setMenuOverlay(false)}
        signedIn={user !== null}
        isAdmin={isAdmin}
        isDoorStaff={isDoorStaff}
        loginHref={loginHref}
      />
    </header>
  );
}
