import type { FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";

/** Spec §4/§9: sign-out closes the menu overlay, ends the session and reloads the page after 1 second. */
export const SIGN_OUT_RELOAD_DELAY_MS = 1000;

export function SignOutButton({ onSignOut, className }: { onSignOut: () => void; className?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();

  // The reload is scheduled here, not in an effect: once signed out, this button is no longer rendered.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSignOut();
    await fetcher.submit({}, { method: "post", action: "/logout" });
    window.setTimeout(() => window.location.reload(), SIGN_OUT_RELOAD_DELAY_MS);
  };

  return (
    <form method="post" action="/logout" onSubmit={onSubmit}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={className}>
        Log ud
      </button>
    </form>
  );
}
