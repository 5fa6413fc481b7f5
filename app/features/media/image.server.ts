import sharp from "sharp";
import type { Bucket, Storage } from "~/features/storage/storage.server";
import {
  IMAGE_MAX_BYTES,
  IMAGE_WIDTHS,
  imageFileKeys,
  SOCIAL_IMAGE,
  uploadMessages,
  type StoredImageRef,
} from "./media";

/** Images that stand for a page or an album when it is shared, and so get a sharing card. */
const SHARED_BUCKETS = new Set<Bucket>(["pages", "albums"]);

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
export async function storeImageUpload(storage: Storage, bucket: Bucket, upload: File | null): Promise<StoredImageRef> {
  if (!upload || upload.size === 0) throw new UploadError(uploadMessages.noFile, "No image uploaded");
  if (upload.size > IMAGE_MAX_BYTES) {
    throw new UploadError(uploadMessages.uploadFailed, "Image too large", "Billedet må højst fylde 15 MB.");
  }
  const input = new Uint8Array(await upload.arrayBuffer());
  return storeImage(storage, bucket, input);
}

export async function storeImage(storage: Storage, bucket: Bucket, input: Uint8Array): Promise<StoredImageRef> {
  const notAnImage = () =>
    new UploadError(
      uploadMessages.uploadFailed,
      "Upload is not a readable image",
      "Filen er ikke et billede (JPEG, PNG, WebP, GIF, AVIF eller HEIC).",
    );
  if (!sniffImageFormat(input)) throw notAnImage();
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
  const image: StoredImageRef = { key: "", width, height, widths };

  const written: string[] = [];
  try {
    const main = await sharp(upright.data).webp({ quality: 80 }).toBuffer();
    image.key = await storage.store(bucket, "webp", main, "image/webp");
    written.push(image.key);
    for (const variantWidth of widths) {
      const resized = sharp(upright.data).resize({ width: variantWidth });
      for (const format of ["avif", "webp"] as const) {
        if (format === "webp" && variantWidth === width) continue;
        const data =
          format === "avif"
            ? await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer()
            : await resized.clone().webp({ quality: 78 }).toBuffer();
        written.push(await storage.storeDerived(image.key, `w${variantWidth}.${format}`, data, `image/${format}`));
      }
    }
    if (SHARED_BUCKETS.has(bucket)) {
      // The sharing card wants 1200×630; the crop keeps the most eye-catching part (sharp's attention strategy).
      const card = await sharp(upright.data)
        .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
      written.push(await storage.storeDerived(image.key, "og.jpg", card, "image/jpeg"));
      image.social = true;
    }
  } catch (error) {
    await storage.removeAll(written);
    throw new UploadError(uploadMessages.uploadFailed, `Storing image failed: ${(error as Error).message}`);
  }
  return image;
}

export function removeImageFiles(storage: Storage, image: StoredImageRef | null | undefined) {
  return image ? storage.removeAll(imageFileKeys(image)) : Promise.resolve([]);
}
