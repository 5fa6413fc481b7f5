import type { Bucket, Storage } from "~/features/storage/storage.server";
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS, SOCIAL_IMAGE, uploadMessages, type StoredImageRef } from "./media";

/** Images that stand for a page or an album when it is shared, and so get a sharing card; every library image may. */
const SHARED_BUCKETS = new Set<Bucket>(["pages", "albums", "media"]);

/** An upload that cannot be used; `message` is for the visitor (Danish), `reason` for the log. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** Magic bytes of the formats we take in; sharp must then also decode the whole file. */
export function sniffImageFormat(bytes: Uint8Array): "jpeg" | "png" | "webp" | "gif" | "avif" | "heif" | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "avif" || brand === "avis") return "avif";
    if (["heic", "heix", "mif1", "msf1"].includes(brand)) return "heif";
  }
  return null;
}

/**
 * Checks an uploaded image by its content, strips its metadata (EXIF, GPS, camera), turns it upright
 * and stores it with AVIF and WebP variants in a few widths. Answers what the database keeps.
 * Nothing is left behind when it fails.
 */
export async function storeImageUpload(
  storage: Storage,
  bucket: Bucket,
  upload: File | null,
  images: { encode: typeof encodeImage }, // the ImageEncoder: here or in the image process
): Promise<StoredImageRef> {
  if (!upload || upload.size === 0) throw new UploadError(uploadMessages.noFile, "No image uploaded");
  if (upload.size > IMAGE_MAX_BYTES) {
    throw new UploadError(uploadMessages.uploadFailed, "Image too large", "Billedet må højst fylde 15 MB.");
  }
  const input = new Uint8Array(await upload.arrayBuffer());
  return storeImage(storage, bucket, input, images);
}

/**
 * How every stored image is encoded. Part of the demo image cache's key (app/db/seed/demo-images.server.ts), so a
 * change here also makes the demo pictures anew.
 */
export const IMAGE_ENCODING = {
  largest: { quality: 80 },
  avif: { quality: 55, effort: 2 },
  webp: { quality: 78 },
  card: { quality: 80, mozjpeg: true },
} as const;

/** An image's files, encoded but not yet stored: `derived` are named by their suffix beside the largest WebP. */
export interface EncodedImage {
  width: number;
  height: number;
  widths: number[];
  largest: Uint8Array;
  derived: { suffix: string; data: Uint8Array; contentType: string }[];
}

/** Images that stand for a page or an album get a sharing card. */
export function hasSharingCard(bucket: Bucket) {
  return SHARED_BUCKETS.has(bucket);
}

export async function storeImage(
  storage: Storage,
  bucket: Bucket,
  input: Uint8Array,
  images: { encode: typeof encodeImage },
): Promise<StoredImageRef> {
  return saveEncodedImage(storage, bucket, await images.encode(input, { sharingCard: hasSharingCard(bucket) }));
}

/**
 * sharp, loaded when a picture is first worked on. In production that is only ever in the image process (decision
 * 019): libvips takes about 18 MB the moment it is loaded, which the web server then never spends.
 */
export async function loadSharp() {
  return (await import("sharp")).default;
}

/** What an SVG drawing becomes: a PNG (the app icons) or a WebP of the given quality (the demo pictures). */
export type RasterOutput = { format: "png" } | { format: "webp"; quality: number };

/** Draws an SVG of our own (never an upload) as a PNG or WebP. */
export async function rasterizeSvg(svg: Uint8Array, output: RasterOutput): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const drawing = sharp(svg);
  return output.format === "png" ? drawing.png().toBuffer() : drawing.webp({ quality: output.quality }).toBuffer();
}

/** Checks the bytes are an image, then makes its upright, metadata-free WebP and every AVIF/WebP variant. */
export async function encodeImage(input: Uint8Array, { sharingCard }: { sharingCard: boolean }): Promise<EncodedImage> {
  const notAnImage = () =>
    new UploadError(
      uploadMessages.uploadFailed,
      "Upload is not a readable image",
      "Filen er ikke et billede (JPEG, PNG, WebP, GIF, AVIF eller HEIC).",
    );
  if (!sniffImageFormat(input)) throw notAnImage();
  const sharp = await loadSharp();
  // rotate() bakes the EXIF orientation into the pixels; no metadata is copied to any output.
  const upright = await sharp(input, { animated: false, limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1], withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw notAnImage();
    });
  const { width, height } = upright.info;
  const widths = [...IMAGE_WIDTHS.filter((candidate) => candidate < width), width];
  try {
    const largest = await sharp(upright.data).webp(IMAGE_ENCODING.largest).toBuffer();
    const derived: EncodedImage["derived"] = [];
    for (const variantWidth of widths) {
      const resized = sharp(upright.data).resize({ width: variantWidth });
      for (const format of ["avif", "webp"] as const) {
        if (format === "webp" && variantWidth === width) continue;
        const data =
          format === "avif"
            ? await resized.clone().avif(IMAGE_ENCODING.avif).toBuffer()
            : await resized.clone().webp(IMAGE_ENCODING.webp).toBuffer();
        derived.push({ suffix: `w${variantWidth}.${format}`, data, contentType: `image/${format}` });
      }
    }
    if (sharingCard) {
      // The sharing card wants 1200×630; the crop keeps the most eye-catching part (sharp's attention strategy).
      const card = await sharp(upright.data)
        .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg(IMAGE_ENCODING.card)
        .toBuffer();
      derived.push({ suffix: "og.jpg", data: card, contentType: "image/jpeg" });
    }
    return { width, height, widths, largest, derived };
  } catch (error) {
    throw new UploadError(uploadMessages.uploadFailed, `Encoding image failed: ${(error as Error).message}`);
  }
}

/** Stores an encoded image's files under a generated name; nothing is left behind when it fails. */
export async function saveEncodedImage(
  storage: Storage,
  bucket: Bucket,
  encoded: EncodedImage,
): Promise<StoredImageRef> {
  const { width, height, widths } = encoded;
  const written: string[] = [];
  try {
    const key = await storage.store(bucket, "webp", encoded.largest, "image/webp");
    written.push(key);
    for (const file of encoded.derived) {
      written.push(await storage.storeDerived(key, file.suffix, file.data, file.contentType));
    }
    const social = encoded.derived.some((file) => file.suffix === "og.jpg");
    return { key, width, height, widths, ...(social ? { social } : {}) };
  } catch (error) {
    await storage.removeAll(written);
    throw new UploadError(uploadMessages.uploadFailed, `Storing image failed: ${(error as Error).message}`);
  }
}
