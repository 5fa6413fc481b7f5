import { parseBuffer } from "music-metadata";
import type { Storage } from "~/features/storage/storage.server";
import { AUDIO_MAX_BYTES, contentTypeByExtension, type StoredAudioRef } from "./media";
import { UploadError } from "./image.server";

export type AudioFormat = "mp3" | "m4a" | "aac" | "ogg" | "wav" | "flac";

/** The image encoder's `audioDuration` (image-encoder.server.ts): `probeAudioDuration`, here or in the image process. */
type AudioProbe = { audioDuration: typeof probeAudioDuration };

export const AUDIO_REFUSED = "Kunne ikke uploade lydfilen";

/** Recognises the accepted audio formats by their first bytes, never by the file's name. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 3) === "ID3") return "mp3";
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) {
    // MPEG audio frame sync; layer bits 00 mean ADTS, i.e. raw AAC.
    return ((bytes[1] ?? 0) & 0x06) === 0 ? "aac" : "mp3";
  }
  if (ascii(4, 8) === "ftyp" && ["M4A ", "M4B ", "mp42", "isom", "dash", "iso2"].includes(ascii(8, 12))) return "m4a";
  if (ascii(0, 4) === "OggS") return "ogg";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return "wav";
  if (ascii(0, 4) === "fLaC") return "flac";
  return null;
}

/** Checks an audio upload by content, reads its duration and stores it in the "audio" bucket. */
export async function storeAudioUpload(
  storage: Storage,
  upload: File | null,
  media: AudioProbe,
): Promise<StoredAudioRef> {
  if (!upload || upload.size === 0) throw new UploadError("Vælg en lydfil", "No audio uploaded");
  if (upload.size > AUDIO_MAX_BYTES)
    throw new UploadError(AUDIO_REFUSED, "Audio too large", "Lydfilen må højst fylde 100 MB.");
  return storeAudio(storage, new Uint8Array(await upload.arrayBuffer()), media);
}

/**
 * The length in seconds that the file's headers and frames give, or null when it has none (bytes that only start
 * like audio). Reading it walks a whole MP3 without a length header, so it runs in the image process
 * (`ImageEncoder.audioDuration`, decision 019), not in a request.
 */
export async function probeAudioDuration(data: Uint8Array, contentType: string): Promise<number | null> {
  try {
    const metadata = await parseBuffer(
      data,
      { mimeType: contentType, size: data.byteLength },
      { duration: true, skipCovers: true },
    );
    const duration = metadata.format.duration;
    return duration !== undefined && duration > 0 ? duration : null;
  } catch {
    return null;
  }
}

export async function storeAudio(storage: Storage, data: Uint8Array, media: AudioProbe): Promise<StoredAudioRef> {
  const format = sniffAudioFormat(data);
  const refused = new UploadError(
    AUDIO_REFUSED,
    "Upload is not a readable audio file",
    "Filen er ikke en lydfil (MP3, M4A/AAC, Ogg, WAV eller FLAC).",
  );
  if (!format) throw refused;
  const contentType = contentTypeByExtension[format];
  const durationSeconds = await media.audioDuration(data, contentType);
  // A file that only starts like audio has no readable duration: refused, like any other non-audio.
  if (durationSeconds === null) throw refused;
  try {
    const key = await storage.store("audio", format, data, contentType);
    return { key, contentType, durationSeconds };
  } catch (error) {
    throw new UploadError(AUDIO_REFUSED, `Storing audio failed: ${(error as Error).message}`);
  }
}
