import { loadSharp } from "./image.server";

/** Spec §9: avatars are stored 50×50. */
const AVATAR_SIZE = 50;
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);

/**
 * The avatar's 50×50 WebP, upright and without metadata; null when sharp does not read the bytes as one of the
 * accepted formats, whatever the file's name says.
 */
export async function encodeAvatar(input: Uint8Array): Promise<Uint8Array | null> {
  const sharp = await loadSharp();
  const format = await sharp(input)
    .metadata()
    .then((metadata) => metadata.format)
    .catch(() => undefined);
  if (!format || !acceptedFormats.has(format)) return null;
  return sharp(input, { animated: false })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
    .webp({ quality: 82 })
    .toBuffer();
}
