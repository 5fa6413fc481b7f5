import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { CloseIcon } from "~/components/ui/icons";
import { adminCreateMenu, adminMenu, doorMenuItem, siteMenu, userMenu } from "~/features/site/navigation";
import { SignOutButton } from "./sign-out-button";

/**
 * The whole site menu in a modal dialog: full screen on a phone, a panel on larger screens.
 * The native <dialog> traps focus, closes on Escape and makes the page behind it inert.
 */
export interface MenuOverlayProps {
  id: string;
  isOpen: boolean;
  onClose: () => void;
  signedIn: boolean;
  isAdmin: boolean;
  isDoorStaff: boolean;
  loginHref: string;
}

const linkStyle = ({ isActive }: { isActive: boolean }) =>
  `block rounded-xl px-4 py-3 text-lg font-medium transition-colors ${isActive ? "bg-accent text-accent-ink" : "hover:bg-surface-sunken"}`;

const sectionHeading = "px-4 pb-2 text-xs font-semibold tracking-widest text-muted uppercase";

function MenuItems({ entries, onClose }: { entries: readonly { href: string; label: string }[]; onClose: () => void }) {
  return entries.map((entry) => (
    <li key={entry.href}>
      <NavLink to={entry.href} end onClick={onClose} className={linkStyle}>
        {entry.label}
      </NavLink>
    </li>
  ));
}

export function MenuOverlay({ isOpen, onClose, id, signedIn, isAdmin, isDoorStaff, loginHref }: MenuOverlayProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialog}
      id={id}
      aria-label="Menu"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-none bg-surface text-ink backdrop:bg-black/50 sm:w-96 sm:border-l sm:border-border"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 items-center justify-between border-b border-border px-4">
          <span className="font-display text-lg font-semibold">Menu</span>
          <button
            type="button"
            onClick={onClose}
            className="grid size-10 place-items-center rounded-full text-muted hover:bg-surface-sunken hover:text-ink"
          >
            <CloseIcon />
            <span className="sr-only">Luk menu</span>
          </button>
        </div>
        <div className="flex-1 overflow-y-auto">
          <nav aria-label="Sitemenu" className="px-2 py-4">
            <ul className="grid gap-1">
              <MenuItems entries={siteMenu} onClose={onClose} />
            </ul>
          </nav>
          {isAdmin && (
            <nav aria-labelledby="menu-administration" className="border-t border-border px-2 py-4">
              <h2 id="menu-administration" className={sectionHeading}>
                Administration
              </h2>
              <ul className="grid gap-1">
                <MenuItems entries={adminMenu} onClose={onClose} />
              </ul>
              <h3 className="mt-3 px-4 text-sm font-semibold text-muted">Opret</h3>
              <ul className="mt-1 grid grid-cols-2 gap-1">
                {adminCreateMenu.map((entry) => (
                  <li key={entry.href}>
                    <NavLink
                      to={entry.href}
                      end
                      onClick={onClose}
                      className="block rounded-xl px-4 py-2 text-sm font-medium hover:bg-surface-sunken aria-[current=page]:bg-surface-sunken"
                    >
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <nav aria-labelledby="menu-account" className="border-t border-border px-2 py-4">
            <h2 id="menu-account" className={sectionHeading}>
              Min konto
            </h2>
            <ul className="grid gap-1">
              {signedIn ? (
                <>
                  <MenuItems entries={isDoorStaff ? [...userMenu, doorMenuItem] : userMenu} onClose={onClose} />
                  <li>
                    <SignOutButton
                      onSignOut={onClose}
                      className="block w-full rounded-xl px-4 py-3 text-left text-lg font-medium hover:bg-surface-sunken"
                    />
                  </li>
                </>
              ) : (
                <li>
                  <NavLink to={loginHref} onClick={onClose} className={linkStyle}>
                    Log ind
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </div>
    </dialog>
  );
}
