import { z } from "zod";
import { pageNames } from "./page-names";
import { REQUIRED } from "~/features/accounts/schemas";

/** Spec §5: required, trimmed. Whitespace only counts as empty. */
export const requiredText = (max = 200) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Højst ${max} tegn`);

export const NUMBER_MIN = 0;
export const NUMBER_MAX = 999999.9999;

const formatLimit = (value: number) => value.toLocaleString("da-DK", { maximumFractionDigits: 4, useGrouping: false });

/**
 * Spec §5's number rule: required, numeric, between 0 and 999999.9999 (narrower bounds where a field
 * needs them). A Danish decimal comma is accepted.
 */
export function numberRule({ min = NUMBER_MIN, max = NUMBER_MAX, whole = false } = {}) {
  return z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((value, context) => {
      const number = /^-?\d+([.,]\d+)?$/.test(value) ? Number(value.replace(",", ".")) : Number.NaN;
      if (Number.isNaN(number)) {
        context.addIssue({ code: "custom", message: "Værdien skal være et tal" });
        return z.NEVER;
      }
      if (number < min || number > max) {
        context.addIssue({
          code: "custom",
          message: `Værdien skal være mellem ${formatLimit(min)} og ${formatLimit(max)}`,
        });
        return z.NEVER;
      }
      if (whole && !Number.isInteger(number)) {
        context.addIssue({ code: "custom", message: "Værdien skal være et helt tal" });
        return z.NEVER;
      }
      return number;
    });
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const youtubeHosts = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

/** The video id of a YouTube address (watch, youtu.be, shorts, embed, live), or null when it is none. */
export function youtubeVideoId(input: string): string | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(input) ? input : `https://${input}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | undefined | null;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = url.pathname.split("/")[1];
  } else if (youtubeHosts.has(host)) {
    const [first, second] = url.pathname.split("/").filter(Boolean);
    if (first === "watch") candidate = url.searchParams.get("v");
    else if (first === "shorts" || first === "embed" || first === "live" || first === "v") candidate = second;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

export const youtubeSchema = z.object({
  youtube_title: requiredText(),
  youtube_link: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .transform((value, context) => {
      const videoId = youtubeVideoId(value);
      if (!videoId) {
        context.addIssue({
          code: "custom",
          message: "Indsæt et link til en YouTube-video, fx https://www.youtube.com/watch?v=…",
        });
        return z.NEVER;
      }
      return videoId;
    }),
});

export const albumSchema = z.object({
  album_artist: requiredText(),
  album_year: numberRule({ max: NUMBER_MAX, whole: true }),
  album_title: requiredText(),
});

export const audioSchema = z.object({
  audio_title: requiredText(),
  audio_text: z.string().trim().max(5000, "Højst 5000 tegn").default(""),
});

export const articleSchema = z.object({
  article_header: requiredText(),
  article_text: requiredText(20000),
});

export const bannerSchema = z.object({
  banner_range: numberRule({ min: 0, max: 100 }),
  banner_title: requiredText(),
  banner_text: requiredText(1000),
});

export const pageSchema = z.object({
  page_page: z.enum(pageNames, { error: "Vælg hvilken side det er" }),
  page_header: requiredText(),
});

export const sectionSchema = z.object({
  section_header: requiredText(),
  section_text: requiredText(20000),
});

export const stockSchema = z.object({
  stock_title: requiredText(),
  stock_text: requiredText(1000),
});
