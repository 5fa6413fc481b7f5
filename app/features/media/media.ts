// Relative: app/routes.ts reads this module (through the content registry) where the `~` alias is not known.
import { publicFileUrl } from "../storage/storage";

/** An uploaded image as the database keeps it: the full-size WebP and the widths it was also made in. */
export interface StoredImageRef {
  key: string;
  width: number;
  height: number;
  /** Widths (ascending, the largest = `width`) available as AVIF and WebP. */
  widths: number[];
  /** A 1200×630 JPEG beside it for sharing cards (Open Graph), "{name}.og.jpg". */
  social?: boolean;
}

export interface StoredAudioRef {
  key: string;
  contentType: string;
  durationSeconds: number | null;
}

/** The content type of each file extension we store. */
export const contentTypeByExtension = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
} as const;

/** A library image's life (decision 020): uploaded and waiting for the encoder, usable, or refused. */
export const mediaImageStatuses = ["processing", "ready", "failed"] as const;
export type MediaImageStatus = (typeof mediaImageStatuses)[number];

export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const AUDIO_MAX_BYTES = 100 * 1024 * 1024;
export const IMAGE_WIDTHS = [480, 960, 1600, 2400] as const;

/** The spec's error catalogue (§8), verbatim. */
export const uploadMessages = {
  noFile: "Intet billed at uploade",
  uploadFailed: "Kunne ikke uploade billede",
  deleteFailed: "Kunne ikke slette billed",
} as const;

/** A picture's alt text (decision 020): the library page's field and the gallery form's. */
export const ALT_MAX = 500;
export const altLabel = "Alternativ tekst";
export const altHint = "Beskriv hvad billedet viser. Skal udfyldes for billeder i galleriet.";
/** A gallery image without alt text. */
export const altMissingMessage = "Billedet mangler en alternativ tekst. Skriv den i Mine Billeder eller her.";

export type ImageFormat = "avif" | "webp";

/** Key of one variant; the largest WebP is the image's own key. */
export function imageVariantKey(image: StoredImageRef, width: number, format: ImageFormat) {
  if (format === "webp" && width === image.width) return image.key;
  return `${image.key.replace(/\.[a-z0-9]+$/, "")}.w${width}.${format}`;
}

export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** The sharing card's picture: the 1200×630 crop when the image has one, else the image itself. */
export function socialImageKey(image: StoredImageRef) {
  return image.social ? `${image.key.replace(/\.[a-z0-9]+$/, "")}.og.jpg` : image.key;
}

/** Every file an image consists of, for removal. */
export function imageFileKeys(image: StoredImageRef): string[] {
  return [
    image.key,
    ...image.widths.flatMap((width) =>
      (["avif", "webp"] as const).map((format) => imageVariantKey(image, width, format)),
    ),
    ...(image.social ? [socialImageKey(image)] : []),
  ];
}

export function imageSrcSet(image: StoredImageRef, format: ImageFormat) {
  return image.widths.map((width) => `${publicFileUrl(imageVariantKey(image, width, format))} ${width}w`).join(", ");
}

export function formatDuration(seconds: number | null | undefined) {
  if (seconds == null || !Number.isFinite(seconds)) return "";
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
