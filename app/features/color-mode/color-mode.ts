export const colorModes = ["light", "dark", "system"] as const;
export type ColorMode = (typeof colorModes)[number];

export const COLOR_MODE_COOKIE = "color-mode";
/** Spec §9: the preference cookie lives 365 days. */
export const COLOR_MODE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const colorModeLabels: Record<ColorMode, string> = {
  light: "Lyst",
  dark: "Mørkt",
  system: "Som systemet",
};

// A plain guard, not zod: this module runs on every page in the browser.
export function isColorMode(value: unknown): value is ColorMode {
  return typeof value === "string" && (colorModes as readonly string[]).includes(value);
}

export function readColorMode(cookieHeader: string | null): ColorMode {
  const value = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COLOR_MODE_COOKIE}=([^;]*)`))?.[1];
  return isColorMode(value) ? value : "system";
}

export function colorModeCookie(mode: ColorMode, options: { secure: boolean }) {
  return [
    `${COLOR_MODE_COOKIE}=${mode}`,
    "Path=/",
    `Max-Age=${COLOR_MODE_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
