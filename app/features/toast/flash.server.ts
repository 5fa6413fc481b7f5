import { redirect } from "react-router";
import { z } from "zod";
import type { Toast } from "./toast";

/** A flash cookie is the client's to send back, so what it holds is checked before it is shown. */
const toastSchema = z.object({
  kind: z.enum(["info", "success", "error"]),
  message: z.string().min(1).max(300),
  detail: z.string().max(300).optional(),
});

/** A toast carried over a redirect (the page after a save says "Gemt") in a short-lived cookie. */
const FLASH_COOKIE = "scene-toast";

export function flashToastCookie(toast: Toast) {
  const value = Buffer.from(JSON.stringify(toast)).toString("base64url");
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The waiting toast, and the header that clears it once shown. */
export function takeFlashToast(cookieHeader: string | null): { toast: Toast | null; clear: string | null } {
  const raw = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([A-Za-z0-9_-]+)`))?.[1];
  if (!raw) return { toast: null, clear: null };
  let toast: Toast | null = null;
  try {
    toast = toastSchema.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    // Not a toast of ours: none is shown, and the cookie is cleared all the same.
  }
  return { toast, clear: `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
}

/** Redirect headers that show a toast on the next page. */
export function withFlashToast(toast: Toast, headers: HeadersInit = {}) {
  const result = new Headers(headers);
  result.append("Set-Cookie", flashToastCookie(toast));
  return result;
}

/** Redirects and shows the toast on the page the person lands on. */
export function redirectWithToast(url: string, toast: Toast, headers: HeadersInit = {}) {
  return redirect(url, { headers: withFlashToast(toast, headers) });
}
