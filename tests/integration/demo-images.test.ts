import { mkdir, mkdtemp, readdir, rm, unlink, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoImages } from "~/db/seed/demo-content";
import { encodeDemoImage } from "~/db/seed/demo-images.server";
import { inProcessImageEncoder, type ImageEncoder } from "~/features/media/image-encoder.server";

describe("the demo image cache", () => {
  let cache: string;
  beforeEach(async () => {
    cache = await mkdtemp(path.join(tmpdir(), "scene-demo-cache-test-"));
  });
  afterEach(() => rm(cache, { recursive: true, force: true }));

  // A demo picture at the smallest stored width: the cache's behaviour does not depend on the size, and encoding
  // the full 1600 × 900 picture six times was most of this file's time.
  const spec = { ...Object.values(demoImages)[0]!, width: 480, height: 270 };

  it("keeps an encoded picture and gives the same files back on the next seed", async () => {
    const first = await encodeDemoImage(spec, "pages", cache);
    expect(await readdir(cache)).toHaveLength(1);
    const second = await encodeDemoImage(spec, "pages", cache);
    expect(second).toEqual(first);
    expect(first.derived.map((file) => file.suffix)).toContain("og.jpg");
    expect(second).toEqual(await encodeDemoImage(spec, "pages", undefined));
  });

  it("keeps a picture apart for each way it is encoded: a bucket without sharing cards gets none", async () => {
    const withCard = await encodeDemoImage(spec, "pages", cache);
    const withoutCard = await encodeDemoImage(spec, "stock", cache);
    expect(await readdir(cache)).toHaveLength(2);
    expect(withoutCard.derived).toHaveLength(withCard.derived.length - 1);
  });

  /** The machine's encoder, counting the pictures it encodes. */
  function countingEncoder() {
    const encoder = {
      ...inProcessImageEncoder,
      encodings: 0,
      encode: (...args: Parameters<ImageEncoder["encode"]>) => {
        encoder.encodings += 1;
        return inProcessImageEncoder.encode(...args);
      },
    };
    return encoder;
  }

  it("encodes a picture once when seeds ask for it at the same time, and gives each the same files", async () => {
    const encoder = countingEncoder();
    const seeds = await Promise.all([1, 2, 3].map(() => encodeDemoImage(spec, "pages", cache, encoder)));
    expect(encoder.encodings).toBe(1);
    expect(seeds[1]).toEqual(seeds[0]);
    expect(seeds[2]).toEqual(seeds[0]);
    expect(await readdir(cache)).toHaveLength(1);
  });

  it("takes over the lock of a seed that stopped while encoding, once it is a minute old", async () => {
    const first = await encodeDemoImage(spec, "stock", cache);
    const [entry] = await readdir(cache);
    await rm(path.join(cache, entry!), { recursive: true });
    const abandoned = path.join(cache, `${entry!}.lock`);
    await mkdir(abandoned);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(abandoned, anHourAgo, anHourAgo);
    expect(await encodeDemoImage(spec, "stock", cache)).toEqual(first);
    expect(await readdir(cache)).toEqual([entry]);
  });

  it("encodes again rather than trust an entry without its manifest", async () => {
    const first = await encodeDemoImage(spec, "stock", cache);
    const [entry] = await readdir(cache);
    await unlink(path.join(cache, entry!, "manifest.json"));
    expect(await encodeDemoImage(spec, "stock", cache)).toEqual(first);
  });
});
