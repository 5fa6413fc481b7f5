import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDemoTune } from "~/db/seed/demo-audio.server";
import { AUDIO_REFUSED, sniffAudioFormat, storeAudio, storeAudioUpload } from "~/features/media/audio.server";
import { sniffImageFormat, storeImage, storeImageUpload, UploadError } from "~/features/media/image.server";
import { inProcessImageEncoder } from "~/features/media/image-encoder.server";
import {
  IMAGE_MAX_BYTES,
  IMAGE_WIDTHS,
  imageFileKeys,
  imageVariantKey,
  socialImageKey,
  uploadMessages,
} from "~/features/media/media";
import { diskBackend, Storage, type DiskBackend } from "~/features/storage/storage.server";

/** Every stored key under the storage root, "bucket/file", sorted. */
async function storedKeys(root: string): Promise<string[]> {
  let buckets: string[];
  try {
    buckets = await readdir(root);
  } catch {
    return [];
  }
  const keys = await Promise.all(
    buckets.map(async (bucket) => (await readdir(path.join(root, bucket))).map((file) => `${bucket}/${file}`)),
  );
  return keys.flat().sort();
}

/** The rejection of `work`, which must be an UploadError. */
async function uploadError(work: Promise<unknown>): Promise<UploadError> {
  const error = await work.then(
    () => {
      throw new Error("expected the upload to be refused");
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

const solid = (width: number, height: number, background = "#336699") =>
  sharp({ create: { width, height, channels: 3, background } });

/** A camera-like JPEG: EXIF with maker, copyright and a GPS position (Aarhus). */
const jpegWithGps = (width: number, height: number) =>
  solid(width, height, "#8a5a2b")
    .withExif({
      IFD0: { Make: "Hemmelig Kamera", Model: "X100", Copyright: "Mette Jensen" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "56/1 9/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "10/1 12/1 0/1" },
    })
    .jpeg()
    .toBuffer();

describe("image uploads", () => {
  let dataDir: string;
  let storage: Storage;
  let root: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-media-"));
    const backend = diskBackend(dataDir);
    root = backend.root;
    storage = new Storage(backend);
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("stores a photo without its EXIF or GPS data, in every width as AVIF and WebP", async () => {
    const original = await jpegWithGps(1700, 1000);
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif).toBeDefined();
    expect(originalMeta.exif!.includes("Hemmelig Kamera")).toBe(true);

    const before = await storedKeys(root);
    const image = await storeImageUpload(
      storage,
      "pages",
      new File([original], "IMG_0001.jpg", { type: "image/jpeg" }),
      inProcessImageEncoder,
    );
    expect(image.key).toMatch(/^pages\/\d+-[0-9a-f]{32}\.webp$/);
    expect(image).toMatchObject({ width: 1700, height: 1000, widths: [480, 960, 1600, 1700] });

    // Exactly the image's files were written, nothing more.
    const written = (await storedKeys(root)).filter((key) => !before.includes(key));
    expect(written).toEqual([...new Set(imageFileKeys(image))].sort());
    // AVIF and WebP per width, and (for a page's image) the 1200×630 sharing card.
    expect(written).toHaveLength(image.widths.length * 2 + 1);
    const card = await storage.read(socialImageKey(image));
    const cardMeta = await sharp(card!).metadata();
    expect(cardMeta).toMatchObject({ width: 1200, height: 630, format: "jpeg" });
    expect(cardMeta.exif).toBeUndefined();
    expect(Buffer.from(card!).includes("Hemmelig Kamera")).toBe(false);

    for (const width of image.widths) {
      for (const format of ["avif", "webp"] as const) {
        const key = imageVariantKey(image, width, format);
        const stored = await storage.read(key);
        expect(stored, key).not.toBeNull();
        const meta = await sharp(stored!).metadata();
        expect(meta.width, key).toBe(width);
        expect(meta.height, key).toBe(Math.round((1000 * width) / 1700));
        expect(meta.format, key).toBe(format === "avif" ? "heif" : "webp");
        expect(meta.exif, key).toBeUndefined();
        expect(Buffer.from(stored!).includes("Hemmelig Kamera"), key).toBe(false);
        expect(Buffer.from(stored!).includes("Mette Jensen"), key).toBe(false);
      }
    }
  });

  it("keeps the full-size WebP as the image's own key", async () => {
    const image = await storeImageUpload(
      storage,
      "albums",
      new File([await solid(700, 700).png().toBuffer()], "cover.png"),
      inProcessImageEncoder,
    );
    expect(image.widths).toEqual([480, 700]);
    expect(imageVariantKey(image, 700, "webp")).toBe(image.key);
    const meta = await sharp((await storage.read(image.key))!).metadata();
    expect(meta).toMatchObject({ width: 700, height: 700, format: "webp" });
  });

  it("shrinks a very wide image to the largest width", async () => {
    const image = await storeImage(storage, "banners", await solid(2600, 400).png().toBuffer(), inProcessImageEncoder);
    expect(image.width).toBe(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
    expect(image.widths).toEqual([...IMAGE_WIDTHS]);
    expect(image.height).toBe(Math.round((400 * 2400) / 2600));
    expect((await sharp((await storage.read(image.key))!).metadata()).width).toBe(2400);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    const sideways = await solid(600, 300).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const image = await storeImage(storage, "pages", sideways, inProcessImageEncoder);
    expect({ width: image.width, height: image.height }).toEqual({ width: 300, height: 600 });
    const meta = await sharp((await storage.read(image.key))!).metadata();
    expect(meta).toMatchObject({ width: 300, height: 600 });
    expect(meta.orientation ?? 1).toBe(1);
  });

  it("does not enlarge a small image", async () => {
    const image = await storeImage(storage, "users", await solid(120, 80).png().toBuffer(), inProcessImageEncoder);
    expect(image).toMatchObject({ width: 120, height: 80, widths: [120] });
    // The image itself (its only width) as WebP and AVIF; an avatar gets no sharing card.
    expect(new Set(imageFileKeys(image)).size).toBe(2);
  });

  it("refuses a text file named photo.jpg and leaves no files", async () => {
    const before = await storedKeys(root);
    const error = await uploadError(
      storeImageUpload(
        storage,
        "stock",
        new File(["Det her er ikke et billede"], "photo.jpg", { type: "image/jpeg" }),
        inProcessImageEncoder,
      ),
    );
    expect(error.message).toBe("Kunne ikke uploade billede");
    expect(error.message).toBe(uploadMessages.uploadFailed);
    expect(error.detail).toBe("Filen er ikke et billede (JPEG, PNG, WebP, GIF, AVIF eller HEIC).");
    expect(await storedKeys(root)).toEqual(before);
  });

  it("refuses a file that only starts like a JPEG and leaves no files", async () => {
    const before = await storedKeys(root);
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<script>alert(1)</script>".repeat(40)),
    ]);
    const error = await uploadError(
      storeImageUpload(storage, "stock", new File([fake], "photo.jpg"), inProcessImageEncoder),
    );
    expect(error.message).toBe(uploadMessages.uploadFailed);
    expect(await storedKeys(root)).toEqual(before);
  });

  it("says 'Intet billed at uploade' for an empty or absent file", async () => {
    for (const upload of [null, new File([], ""), new File([], "photo.jpg")]) {
      const error = await uploadError(storeImageUpload(storage, "stock", upload, inProcessImageEncoder));
      expect(error.message).toBe("Intet billed at uploade");
    }
  });

  it("refuses a file over 15 MB before reading it", async () => {
    const before = await storedKeys(root);
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const error = await uploadError(
      storeImageUpload(storage, "stock", new File([big], "huge.png", { type: "image/png" }), inProcessImageEncoder),
    );
    expect(error.message).toBe(uploadMessages.uploadFailed);
    expect(error.detail).toBe("Billedet må højst fylde 15 MB.");
    expect(await storedKeys(root)).toEqual(before);
  });

  it("takes away what it wrote when storing a variant fails", async () => {
    const failingDir = await mkdtemp(path.join(tmpdir(), "scene-media-fail-"));
    try {
      const disk = diskBackend(failingDir);
      let writes = 0;
      const flaky: DiskBackend = {
        ...disk,
        async putIfAbsent(key, data, contentType) {
          writes += 1;
          if (writes === 4) throw new Error("disk full");
          return disk.putIfAbsent(key, data, contentType);
        },
      };
      const error = await uploadError(
        storeImage(new Storage(flaky), "stock", await solid(1000, 500).png().toBuffer(), inProcessImageEncoder),
      );
      expect(error.message).toBe(uploadMessages.uploadFailed);
      expect(error.reason).toContain("disk full");
      expect(writes).toBe(4);
      expect(await storedKeys(disk.root)).toEqual([]);
    } finally {
      await rm(failingDir, { recursive: true, force: true });
    }
  });

  it("removes all of an image's files", async () => {
    const image = await storeImage(storage, "articles", await solid(1000, 500).png().toBuffer(), inProcessImageEncoder);
    const keys = [...new Set(imageFileKeys(image))];
    expect((await storedKeys(root)).filter((key) => keys.includes(key))).toHaveLength(keys.length);
    expect(await storage.removeAll(imageFileKeys(image))).toEqual([]);
    expect((await storedKeys(root)).filter((key) => keys.includes(key))).toEqual([]);
  });

  it("sniffs image formats by their first bytes", () => {
    const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))).toBe("jpeg");
    expect(sniffImageFormat(ascii("\x89PNG\r\n\x1a\n...."))).toBe("png");
    expect(sniffImageFormat(ascii("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImageFormat(ascii("GIF89a......"))).toBe("gif");
    expect(sniffImageFormat(ascii("\0\0\0\x1cftypavif"))).toBe("avif");
    expect(sniffImageFormat(ascii("\0\0\0\x1cftypheic"))).toBe("heif");
    expect(sniffImageFormat(ascii("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImageFormat(ascii("\0\0\0\x1cftypM4A "))).toBeNull();
    expect(sniffImageFormat(ascii("<svg xmlns="))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });
});

describe("audio uploads", () => {
  let dataDir: string;
  let storage: Storage;
  let root: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-audio-"));
    const backend = diskBackend(dataDir);
    root = backend.root;
    storage = new Storage(backend);
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("accepts a WAV, reads its duration and stores it unchanged in audio/", async () => {
    // 8 eighth notes at 120 bpm (2 s) plus the 0.8 s tail the renderer adds.
    const wav = renderDemoTune({ rootHz: 220, bpm: 120, steps: [0, 4, 7, 12] }, 2);
    const audio = await storeAudioUpload(
      storage,
      new File([new Uint8Array(wav)], "min sang.mp3", { type: "audio/mpeg" }),
      inProcessImageEncoder,
    );
    expect(audio.key).toMatch(/^audio\/\d+-[0-9a-f]{32}\.wav$/);
    expect(audio.contentType).toBe("audio/wav");
    expect(audio.durationSeconds).not.toBeNull();
    expect(Math.abs(audio.durationSeconds! - 2.8)).toBeLessThan(0.2);
    expect(await storage.read(audio.key)).toEqual(wav);
    expect(await storedKeys(root)).toContain(audio.key);
  });

  it("reads the duration of a longer tune too", async () => {
    const wav = renderDemoTune({ rootHz: 196, bpm: 90, steps: [0, 2, 4, 5, 7, 9] });
    const expected = 18 * (60 / 90 / 2) + 0.8;
    const audio = await storeAudio(storage, wav, inProcessImageEncoder);
    expect(Math.abs(audio.durationSeconds! - expected)).toBeLessThan(0.2);
  });

  it("refuses a PNG or random bytes named .mp3 and stores nothing", async () => {
    const before = await storedKeys(root);
    const png = await solid(10, 10).png().toBuffer();
    const random = Uint8Array.from({ length: 4096 }, (_, index) => (index * 131 + 7) % 251);
    for (const bytes of [png, random]) {
      const error = await uploadError(
        storeAudioUpload(storage, new File([bytes], "sang.mp3", { type: "audio/mpeg" }), inProcessImageEncoder),
      );
      expect(error.message).toBe(AUDIO_REFUSED);
      expect(error.message).toBe("Kunne ikke uploade lydfilen");
    }
    expect(await storedKeys(root)).toEqual(before);
  });

  it("asks for a file when none was chosen", async () => {
    for (const upload of [null, new File([], "")]) {
      expect((await uploadError(storeAudioUpload(storage, upload, inProcessImageEncoder))).message).toBe(
        "Vælg en lydfil",
      );
    }
  });

  it("recognises the accepted audio formats by their first bytes", () => {
    const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
    const cases: [string, Uint8Array, ReturnType<typeof sniffAudioFormat>][] = [
      ["ID3 tag", ascii("ID3\x04\0\0\0\0\0\0"), "mp3"],
      ["MPEG-1 layer III frame sync", Uint8Array.from([0xff, 0xfb, 0x90, 0x64]), "mp3"],
      ["MPEG-2 layer III frame sync", Uint8Array.from([0xff, 0xf3, 0x48, 0xc4]), "mp3"],
      ["ADTS (AAC) frame sync", Uint8Array.from([0xff, 0xf1, 0x50, 0x80]), "aac"],
      ["Ogg", ascii("OggS\0\x02\0\0"), "ogg"],
      ["FLAC", ascii("fLaC\0\0\0\x22"), "flac"],
      ["WAV", ascii("RIFF\x24\0\0\0WAVEfmt "), "wav"],
      ["M4A", ascii("\0\0\0\x20ftypM4A \0\0\0\0"), "m4a"],
      ["MP4 (isom)", ascii("\0\0\0\x20ftypisom\0\0\0\0"), "m4a"],
      ["WebP is RIFF but not WAVE", ascii("RIFF\x24\0\0\0WEBPVP8 "), null],
      ["AVIF is ftyp but not audio", ascii("\0\0\0\x1cftypavif"), null],
      ["PNG", ascii("\x89PNG\r\n\x1a\n"), null],
      ["0xff without frame sync", Uint8Array.from([0xff, 0x1f, 0, 0]), null],
      ["text", ascii("hello world"), null],
      ["nothing", new Uint8Array(), null],
    ];
    for (const [name, bytes, format] of cases) expect(sniffAudioFormat(bytes), name).toBe(format);
  });

  it("recognises a rendered WAV", () => {
    expect(sniffAudioFormat(renderDemoTune({ rootHz: 220, bpm: 120, steps: [0] }, 1))).toBe("wav");
  });
});
