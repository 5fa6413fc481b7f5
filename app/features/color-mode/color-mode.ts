import { z } from "zod";

export const colorModes = ["light", "dark", "system"] as const;
export const colorModeSchema = z.enum(colorModes);
export type ColorMode = z.infer<typeof colorModeSchema>;

export const COLOR_MODE_COOKIE = "color-mode";
/** Spec §9: the preference cookie lives 365 days. */
export const COLOR_MODE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const colorModeLabels: Record<ColorMode, string> = {
  light: "Lyst",
  dark: "Mørkt",
  system: "Som systemet",
};

export function readColorMode(cookieHeader: string | null): ColorMode {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COLOR_MODE_COOKIE}=([^;]*)`));
  const parsed = colorModeSchema.safeParse(match?.[1]);
  return parsed.success ? parsed.data : "system";
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

export const colorModeFormSchema = z.object({
  colorMode: colorModeSchema,
  redirectTo: z.string().optional(),
});
