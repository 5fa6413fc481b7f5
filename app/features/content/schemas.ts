import { z } from "zod";
import { pageNames } from "./page-names";
import { REQUIRED } from "~/features/accounts/schemas";
import { eventStatuses } from "~/features/program/event-status";
import { copenhagenInstant } from "~/lib/format";
import { looksFilled } from "./rich-text";
import { ALT_MAX, altMissingMessage } from "~/features/media/library";

/** Spec §5: required, trimmed. Whitespace only counts as empty. */
export const requiredText = (max = 200) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Højst ${max} tegn`);

/**
 * Formatted text (decision 017): the editor's HTML, or plain text from a form sent without JavaScript. Tags
 * alone do not fill it; the server sanitizes it and checks again (`normalizeRichText`).
 */
export const requiredRichText = (max: number) => requiredText(max).refine(looksFilled, REQUIRED);

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
  article_text: requiredRichText(20000),
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
  section_text: requiredRichText(20000),
});

export const stockSchema = z.object({
  stock_title: requiredText(),
  stock_text: requiredText(1000),
  /** The picture's alt text, kept by the library image (decision 020); the gallery needs one. */
  stock_alt: z
    .string({ error: altMissingMessage })
    .trim()
    .min(1, altMissingMessage)
    .max(ALT_MAX, `Højst ${ALT_MAX} tegn`),
});

const optionalText = (max: number) => z.string().trim().max(max, `Højst ${max} tegn`).default("");
/** An empty optional field is "" in a form; the database keeps null. */
const emptyAsNull = (value: string) => (value === "" ? null : value);

/** A datetime-local field ("2026-12-04T20:00", seconds allowed) read as Copenhagen time. */
const copenhagenDateTimeField = (message: string) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === "") return null;
      const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
      try {
        if (match) return copenhagenInstant(match[1]!, match[2]!);
      } catch {
        // Not a real day or time: the message below.
      }
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_DATE_TIME = "Angiv dato og klokkeslæt, fx 04-12-2026 20.00";

/** A concert of the programme. Optional fields may be left empty; a moved concert needs its new time. */
export const eventSchema = z
  .object({
    event_title: requiredText(),
    event_performers: optionalText(300),
    event_album: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || UUID.test(value), "Vælg et album fra listen")
      .transform(emptyAsNull),
    event_start: copenhagenDateTimeField(INVALID_DATE_TIME).refine((value) => value !== null, REQUIRED),
    event_doors: z
      .string()
      .trim()
      .transform((value) => value.slice(0, 5))
      .refine((value) => value === "" || TIME.test(value), "Angiv et klokkeslæt, fx 19.00")
      .transform(emptyAsNull),
    event_end: copenhagenDateTimeField(INVALID_DATE_TIME),
    event_room: optionalText(120),
    event_price: optionalText(120),
    event_age: z
      .string()
      .trim()
      .refine(
        (value) => value === "" || /^\d{1,2}$/.test(value),
        "Angiv en alder mellem 0 og 99, eller lad feltet stå tomt",
      )
      .transform((value) => (value === "" ? null : Number(value))),
    event_ticket_url: z
      .string()
      .trim()
      .max(2000, "Højst 2000 tegn")
      .refine((value) => value === "" || isWebAddress(value), "Angiv en webadresse, der begynder med https://")
      .transform(emptyAsNull),
    event_status: z.enum(eventStatuses, { error: "Vælg koncertens status" }),
    event_moved_to: copenhagenDateTimeField(INVALID_DATE_TIME),
    event_text: optionalText(20000),
  })
  .superRefine((event, context) => {
    if (event.event_status === "flyttet" && !event.event_moved_to) {
      context.addIssue({ code: "custom", path: ["event_moved_to"], message: "Angiv den nye dato og tid" });
    }
    const start = event.event_status === "flyttet" ? event.event_moved_to : event.event_start;
    if (event.event_end && start && event.event_end <= start) {
      context.addIssue({ code: "custom", path: ["event_end"], message: "Slut skal være efter start" });
    }
  })
  // Only a moved concert has a new time: a date left in the field after the status changed back is dropped.
  .transform((event) => ({ ...event, event_moved_to: event.event_status === "flyttet" ? event.event_moved_to : null }));

function isWebAddress(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}
