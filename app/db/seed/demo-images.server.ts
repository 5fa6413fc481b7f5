import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { setTimeout } from "node:timers/promises";
import path from "node:path";
import { inProcessImageEncoder, type ImageEncoder } from "~/features/media/image-encoder.server";
import { hasSharingCard, IMAGE_ENCODING, loadSharp, type EncodedImage } from "~/features/media/image.server";
import { IMAGE_WIDTHS } from "~/features/media/media";
import type { Bucket } from "~/features/storage/storage.server";

export interface DemoImageSpec {
  /** Two colours of the background gradient. */
  from: string;
  to: string;
  /** Colours of the stage lights drawn on top. */
  lights: string[];
  width: number;
  height: number;
}

/** Draws an abstract "stage lights" picture, so the demo needs no downloaded or committed photos. */
export function demoImageSvg({ from, to, lights, width, height }: DemoImageSpec) {
  const beams = lights
    .map((colour, index) => {
      const x = ((index + 1) / (lights.length + 1)) * width;
      const spread = width / (lights.length + 2);
      return `<polygon points="${x},0 ${x - spread},${height} ${x + spread},${height}" fill="${colour}" opacity="0.28" filter="url(#blur)"/>
<circle cx="${x}" cy="${height * 0.08}" r="${height * 0.035}" fill="${colour}" opacity="0.9"/>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <filter id="blur"><feGaussianBlur stdDeviation="${Math.round(width / 60)}"/></filter>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${beams}
<rect y="${height * 0.82}" width="100%" height="${height * 0.18}" fill="#0b0b10" opacity="0.75"/>
</svg>`;
}

function renderDemoImage(spec: DemoImageSpec, images: ImageEncoder) {
  return images.rasterize(Buffer.from(demoImageSvg(spec)), { format: "webp", quality: 72 });
}

/**
 * The demo picture `spec` encoded for `bucket` as every stored image is. Encoding the demo's pictures takes
 * most of a seed's time (about 15 s), and the tests seed fresh databases again and again: with `cacheDirectory`
 * the encoded files are kept there, under a key of everything that shapes them, and a later seed copies them.
 */
export async function encodeDemoImage(
  spec: DemoImageSpec,
  bucket: Bucket,
  cacheDirectory: string | undefined,
  images: ImageEncoder = inProcessImageEncoder,
): Promise<EncodedImage> {
  const sharingCard = hasSharingCard(bucket);
  const encode = async () => images.encode(await renderDemoImage(spec, images), { sharingCard });
  if (!cacheDirectory) return encode();
  // Only the tests keep a cache (DEMO_IMAGE_CACHE_DIR); its key names sharp's and libvips' versions, so sharp loads.
  const { versions } = await loadSharp();
  const key = createHash("sha256")
    .update(JSON.stringify([demoImageSvg(spec), sharingCard, IMAGE_WIDTHS, IMAGE_ENCODING, versions]))
    .digest("hex");
  return encodedOnce(path.join(cacheDirectory, key), encode);
}

/** A lock older than this was left by a process that stopped while encoding: the longest encoding here took 3.7 s. */
const ABANDONED_LOCK_MS = 60_000;

/**
 * The cached picture, encoded by one process while the others that need it wait: on a fresh machine the tests
 * start servers and seeds side by side, and each encoded every picture (53 encodings of 22, about 45 s of CPU).
 */
async function encodedOnce(entry: string, encode: () => Promise<EncodedImage>): Promise<EncodedImage> {
  const lock = `${entry}.lock`;
  await mkdir(path.dirname(entry), { recursive: true });
  for (;;) {
    const cached = await readCachedImage(entry);
    if (cached) return cached;
    if (await claim(lock)) {
      try {
        const encoded = await encode();
        await writeCachedImage(entry, encoded);
        return encoded;
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    }
    if (await isAbandoned(lock)) await rm(lock, { recursive: true, force: true });
    else await setTimeout(100);
  }
}

/** Makes the lock directory; only one process succeeds. */
async function claim(lock: string) {
  try {
    await mkdir(lock);
    return true;
  } catch {
    return false;
  }
}

async function isAbandoned(lock: string) {
  try {
    return Date.now() - (await stat(lock)).mtimeMs > ABANDONED_LOCK_MS;
  } catch {
    return false; // released in the meantime
  }
}

interface CachedImageManifest extends Pick<EncodedImage, "width" | "height" | "widths"> {
  derived: { suffix: string; contentType: string }[];
}

async function readCachedImage(entry: string): Promise<EncodedImage | null> {
  const manifest = await readFile(path.join(entry, "manifest.json"), "utf8").then(
    (text) => JSON.parse(text) as CachedImageManifest,
    () => null,
  );
  if (!manifest) return null;
  const file = (name: string) => readFile(path.join(entry, name));
  return {
    width: manifest.width,
    height: manifest.height,
    widths: manifest.widths,
    largest: await file("largest"),
    derived: await Promise.all(
      manifest.derived.map(async (derived) => ({ ...derived, data: await file(derived.suffix) })),
    ),
  };
}

/** Written beside the entry and renamed into place, so a seed running at the same time never reads half of it. */
async function writeCachedImage(entry: string, encoded: EncodedImage) {
  const staging = await mkdtemp(`${entry}.`);
  const manifest: CachedImageManifest = {
    width: encoded.width,
    height: encoded.height,
    widths: encoded.widths,
    derived: encoded.derived.map(({ suffix, contentType }) => ({ suffix, contentType })),
  };
  await writeFile(path.join(staging, "largest"), encoded.largest);
  await Promise.all(encoded.derived.map((derived) => writeFile(path.join(staging, derived.suffix), derived.data)));
  await writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest));
  await rename(staging, entry).catch(() => rm(staging, { recursive: true, force: true }));
}
