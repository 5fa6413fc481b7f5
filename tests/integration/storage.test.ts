import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStorage,
  derivedKey,
  diskBackend,
  s3Backend,
  Storage,
  storageKeySchema,
  type DiskBackend,
  type S3Backend,
} from "~/features/storage/storage.server";
import { startS3 } from "../support/s3";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | null) => (data === null ? null : new TextDecoder().decode(data));

interface BackendUnderTest {
  backend: DiskBackend | S3Backend;
  stop(): Promise<void>;
}

const backends: { name: "disk" | "s3"; start: () => Promise<BackendUnderTest> }[] = [
  {
    name: "disk",
    async start() {
      const dataDir = await mkdtemp(path.join(tmpdir(), "scene-storage-"));
      return { backend: diskBackend(dataDir), stop: () => rm(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: "s3",
    async start() {
      const s3 = await startS3();
      return { backend: s3Backend(s3.settings), stop: s3.stop };
    },
  },
];

describe.each(backends)("storage contract on $name", ({ name, start }) => {
  let underTest: BackendUnderTest;
  // Each test uses its own timestamps, so the tests do not see each other's files.
  const storageAt = (stamp: number) => new Storage(underTest.backend, () => stamp);
  /** Names without chance: every random part is "r", so a test can say which name a file gets. */
  const predictableStorageAt = (stamp: number, randomParts: string[] = []) =>
    new Storage(
      underTest.backend,
      () => stamp,
      () => randomParts.shift() ?? "r",
    );

  beforeAll(async () => {
    underTest = await start();
  });

  afterAll(async () => {
    await underTest?.stop();
  });

  it(`is the ${name} back end`, () => {
    expect(underTest.backend.kind).toBe(name);
  });

  it("names a stored file {bucket}/{timestamp}-{random}.{ext} and reads it back", async () => {
    const key = await storageAt(1_700_000_000_000).store("albums", "webp", bytes("cover"), "image/webp");
    expect(key).toMatch(/^albums\/1700000000000-[0-9a-f]{32}\.webp$/);
    expect(storageKeySchema.safeParse(key).success).toBe(true);
    expect(await underTest.backend.exists(key)).toBe(true);
    expect(text(await storageAt(0).read(key))).toBe("cover");
  });

  it("gives files stored in the same millisecond different names that cannot be guessed from the time", async () => {
    const storage = storageAt(1_700_000_000_050);
    const keys = await Promise.all(
      ["a", "b", "c"].map((content) => storage.store("users", "webp", bytes(content), "image/webp")),
    );
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^users\/1700000000050-[0-9a-f]{32}\.webp$/);
  });

  it("never overwrites: a taken name gets a new random part, and every content stays intact", async () => {
    const storage = predictableStorageAt(1_700_000_000_100, ["a", "a", "b", "a", "b", "c"]);
    const first = await storage.store("audio", "wav", bytes("first"), "audio/wav");
    const second = await storage.store("audio", "wav", bytes("second"), "audio/wav");
    const third = await storage.store("audio", "wav", bytes("third"), "audio/wav");
    expect([first, second, third]).toEqual([
      "audio/1700000000100-a.wav",
      "audio/1700000000100-b.wav",
      "audio/1700000000100-c.wav",
    ]);
    expect(text(await storage.read(first))).toBe("first");
    expect(text(await storage.read(second))).toBe("second");
    expect(text(await storage.read(third))).toBe("third");
  });

  it("keeps binary data byte for byte", async () => {
    const data = Uint8Array.from({ length: 4096 }, (_, index) => (index * 37 + 11) % 256);
    const key = await storageAt(1_700_000_000_150).store("stock", "bin", data, "application/octet-stream");
    expect(await storageAt(0).read(key)).toEqual(data);
  });

  it("answers false from putIfAbsent when the key is taken, and keeps the first content", async () => {
    const key = "pages/1700000000200-r.webp";
    expect(await underTest.backend.putIfAbsent(key, bytes("original"), "image/webp")).toBe(true);
    expect(await underTest.backend.putIfAbsent(key, bytes("intruder"), "image/webp")).toBe(false);
    expect(text(await underTest.backend.read(key))).toBe("original");
  });

  it("reads a missing key as null", async () => {
    expect(await storageAt(0).read("albums/404.webp")).toBeNull();
    expect(await underTest.backend.exists("albums/404.webp")).toBe(false);
  });

  it("removes files with removeAll, and a missing key is no error", async () => {
    const storage = storageAt(1_700_000_000_300);
    const a = await storage.store("articles", "webp", bytes("a"), "image/webp");
    const b = await storage.store("articles", "webp", bytes("b"), "image/webp");
    expect(await storage.removeAll([a, b, a, "articles/never-there.webp"])).toEqual([]);
    expect(await storage.read(a)).toBeNull();
    expect(await storage.read(b)).toBeNull();
    expect(await underTest.backend.exists(a)).toBe(false);
    await expect(underTest.backend.remove("articles/never-there.webp")).resolves.toBeUndefined();
    expect(await storage.removeAll(["articles/never-there.webp"])).toEqual([]);
  });

  it("frees the name again once a file is removed", async () => {
    const storage = predictableStorageAt(1_700_000_000_350);
    const key = await storage.store("banners", "webp", bytes("old"), "image/webp");
    await storage.removeAll([key]);
    expect(await storage.store("banners", "webp", bytes("new"), "image/webp")).toBe(key);
    expect(text(await storage.read(key))).toBe("new");
  });

  it("puts a derived file beside its original, and refuses to overwrite one", async () => {
    const storage = predictableStorageAt(1);
    const key = await storage.store("albums", "webp", bytes("full"), "image/webp");
    expect(key).toBe("albums/1-r.webp");
    const derived = await storage.storeDerived(key, "w480.avif", bytes("small"), "image/avif");
    expect(derived).toBe("albums/1-r.w480.avif");
    expect(text(await storage.read(derived))).toBe("small");
    expect(text(await storage.read(key))).toBe("full");
    await expect(storage.storeDerived(key, "w480.avif", bytes("again"), "image/avif")).rejects.toThrow(
      "albums/1-r.w480.avif exists already",
    );
    expect(text(await storage.read(derived))).toBe("small");
  });

  it.each([
    "albums/..",
    "albums/../secret",
    "../etc/passwd",
    "albums/a/b.webp",
    "albums/.hidden",
    "/albums/1.webp",
    "albums/",
    "Albums/1.webp",
    "albums\\1.webp",
  ])("refuses the key %j in every operation", async (key) => {
    await expect(underTest.backend.putIfAbsent(key, bytes("x"), "text/plain")).rejects.toThrow();
    await expect(underTest.backend.read(key)).rejects.toThrow();
    await expect(underTest.backend.exists(key)).rejects.toThrow();
    await expect(underTest.backend.remove(key)).rejects.toThrow();
    // removeAll is best effort: the refused key is reported, not thrown.
    expect(await storageAt(0).removeAll([key])).toEqual([key]);
  });

  it("refuses an unknown bucket or an extension that could change the path", async () => {
    const storage = predictableStorageAt(1_700_000_000_400);
    await expect(storage.store("../etc" as "albums", "webp", bytes("x"), "image/webp")).rejects.toThrow();
    await expect(storage.store("albums", "we/bp", bytes("x"), "image/webp")).rejects.toThrow();
    await expect(storage.store("albums", "../x", bytes("x"), "image/webp")).rejects.toThrow();
    expect(await underTest.backend.exists("albums/1700000000400-r.webp")).toBe(false);
  });
});

describe("disk back end", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-disk-"));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("writes under DATA_DIR/storage/{bucket}", async () => {
    const storage = new Storage(
      diskBackend(dataDir),
      () => 42,
      () => "r",
    );
    await storage.store("users", "webp", bytes("me"), "image/webp");
    expect(await readdir(path.join(dataDir, "storage", "users"))).toEqual(["42-r.webp"]);
  });

  it("does not write outside its root for a refused key", async () => {
    const backend = diskBackend(path.join(dataDir, "inner"));
    await writeFile(path.join(dataDir, "outside.txt"), "keep");
    await expect(backend.putIfAbsent("storage/../../outside.txt", bytes("x"), "text/plain")).rejects.toThrow();
    await expect(backend.remove("../outside.txt")).rejects.toThrow();
    expect((await readdir(dataDir)).sort()).toContain("outside.txt");
  });
});

describe("S3 back end against s3rver", () => {
  let s3: Awaited<ReturnType<typeof startS3>>;

  beforeAll(async () => {
    s3 = await startS3();
  });

  afterAll(async () => {
    await s3?.stop();
  });

  it("serves an object with its content type, and a byte range for seeking", async () => {
    const backend = s3Backend(s3.settings);
    const storage = new Storage(backend, () => 7);
    const key = await storage.store("audio", "mp3", bytes("0123456789"), "audio/mpeg");
    const whole = await backend.getObject(key);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(await whole.text()).toBe("0123456789");
    const part = await backend.getObject(key, "bytes=2-5");
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("2345");
  });

  it("reports an error answer instead of taking it for a missing file", async () => {
    const wrongBucket = s3Backend({ ...s3.settings, bucket: "no-such-bucket" });
    await expect(wrongBucket.putIfAbsent("albums/1.webp", bytes("x"), "image/webp")).rejects.toThrow(
      /S3 (HEAD|PUT) albums\/1\.webp failed/,
    );
  });
});

describe("createStorage", () => {
  it("picks the disk under DATA_DIR/storage when S3_BUCKET is not set", () => {
    const storage = createStorage({
      DATA_DIR: "/tmp/scene-data",
      S3_REGION: "eu-central-1",
      S3_ENDPOINT: "http://127.0.0.1:1",
    });
    expect(storage.backend.kind).toBe("disk");
    expect((storage.backend as DiskBackend).root).toBe(path.resolve("/tmp/scene-data", "storage"));
    expect(createStorage({ DATA_DIR: "/tmp/scene-data", S3_BUCKET: "", S3_REGION: "eu-central-1" }).backend.kind).toBe(
      "disk",
    );
  });

  it("picks S3 when S3_BUCKET is set, and it works against an S3-compatible store", async () => {
    const s3 = await startS3();
    try {
      const storage = createStorage({
        DATA_DIR: "/tmp/scene-data",
        S3_ENDPOINT: s3.settings.endpoint,
        S3_BUCKET: s3.settings.bucket,
        S3_REGION: s3.settings.region,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      });
      expect(storage.backend.kind).toBe("s3");
      const key = await storage.store("sections", "webp", bytes("via config"), "image/webp");
      expect(text(await storage.read(key))).toBe("via config");
    } finally {
      await s3.stop();
    }
  });
});

describe("storage keys", () => {
  it("derives a variant key by replacing the extension", () => {
    expect(derivedKey("albums/1.webp", "w480.avif")).toBe("albums/1.w480.avif");
    expect(derivedKey("albums/1-2.webp", "w960.webp")).toBe("albums/1-2.w960.webp");
  });

  it("accepts generated keys and refuses traversal and nesting", () => {
    for (const key of [
      "albums/1.webp",
      "audio/1700000000000-3.wav",
      "albums/1.w480.avif",
      "users/1700000000000-0123456789abcdef0123456789abcdef.webp",
      "albums/1700000000000-0123456789abcdef0123456789abcdef.w480.avif",
    ])
      expect(storageKeySchema.safeParse(key).success).toBe(true);
    for (const key of ["albums/..", "albums/../x", "../x", "albums/a/b", "albums/.x", "albums", "", "albums/a b"]) {
      expect(storageKeySchema.safeParse(key).success, key).toBe(false);
    }
  });
});
