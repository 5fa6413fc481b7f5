import { mkdtemp, readdir, rm, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoImages } from "~/db/seed/demo-content";
import { encodeDemoImage } from "~/db/seed/demo-images.server";

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

  it("encodes again rather than trust an entry without its manifest", async () => {
    const first = await encodeDemoImage(spec, "stock", cache);
    const [entry] = await readdir(cache);
    await unlink(path.join(cache, entry!, "manifest.json"));
    expect(await encodeDemoImage(spec, "stock", cache)).toEqual(first);
  });
});
