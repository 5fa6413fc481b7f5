import { access, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { banners, mediaImages, queueJobs, stockImages } from "~/db/schema";
import { saveEntity } from "~/features/content/admin/actions.server";
import { createRecord, deleteRecord } from "~/features/content/admin/record-writes.server";
import { getRecord } from "~/features/content/admin/records.server";
import { contentTypes } from "~/features/content/content-types";
import { getStockImages } from "~/features/content/public.server";
import { inProcessImageEncoder } from "~/features/media/image-encoder.server";
import { altNeededInGalleryMessage } from "~/features/media/library";
import {
  acceptUpload,
  deleteMediaImage,
  mediaHandler,
  MEDIA_QUEUE,
  processMediaImage,
  removeLibraryRow,
  setMediaAlt,
} from "~/features/media/library.server";
import { altMissingMessage, imageFileKeys, socialImageKey, uploadMessages } from "~/features/media/media";
import { imageUses } from "~/features/media/uses.server";
import { claimNext, workQueue } from "~/features/queue/queue.server";
import { QueueWorker } from "~/features/queue/worker.server";
import { diskBackend, Storage } from "~/features/storage/storage.server";
import { setCollaborators } from "~/lib/collaborators.server";
import { action as uploadAction } from "~/routes/admin.medier.upload";
import { testCollaborators, testFreshness } from "../support/collaborators";
import { createSession, createUser } from "../support/factories";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

const logger = pino({ level: "silent" });

/** A camera-like JPEG with a GPS position, as a phone sends it. */
async function photo(name = "foto.jpg", background = "#8a5a2b") {
  const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .withExif({ IFD0: { Make: "Hemmelig Kamera" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "56/1 9/1 0/1" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(buffer)], name, { type: "image/jpeg" });
}

/** A PNG's magic bytes and then nothing sharp can read: passes the quick check, fails in processing. */
const brokenPng = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8])], "ødelagt.png", {
    type: "image/png",
  });

describe.each(databaseKinds)("media library on %s", (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let storage: Storage;
  const deps = () => ({
    db: database.db,
    storage,
    images: inProcessImageEncoder,
    logger,
    freshness: testFreshness(database.db),
  });

  const storedKeys = async () =>
    (await readdir(path.join(dataDir, "storage"), { recursive: true }).catch(() => []))
      .filter((entry) => entry.includes("."))
      .sort();
  const exists = (key: string) =>
    access(path.join(dataDir, "storage", key)).then(
      () => true,
      () => false,
    );
  const libraryCount = async () => (await database.db.select({ n: count() }).from(mediaImages))[0]!.n;
  const rowOf = async (id: string) => (await database.db.select().from(mediaImages).where(eq(mediaImages.id, id)))[0];

  /** A ready library image, uploaded and processed as the library page does it. */
  async function readyImage(name = "scene.jpg") {
    const accepted = await acceptUpload({ db: database.db, storage }, await photo(name), { userId: null });
    if (!accepted.ok) throw new Error(accepted.message);
    expect(await processMediaImage(deps(), accepted.id)).toBe("ready");
    return accepted.id;
  }

  const bannerInput = (title: string, mediaId: string | null) => ({
    data: { banner_title: title, banner_text: "Tekst", banner_range: 50 },
    files: {},
    mediaId,
    published: true,
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-media-library-"));
    database = await createTestDatabase(kind);
    storage = new Storage(diskBackend(dataDir));
  });

  afterAll(async () => {
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses bad bytes, a missing file and a file past 15 MB at once, storing nothing", async () => {
    const before = await storedKeys();
    const text = new File(["Dette er ikke et billede."], "ferie.jpg", { type: "image/jpeg" });
    const refused = await acceptUpload({ db: database.db, storage }, text, { userId: null });
    expect(refused).toMatchObject({ ok: false, status: 415 });
    if (!refused.ok)
      expect(refused.message).toBe(
        `${uploadMessages.uploadFailed}: Filen er ikke et billede (JPEG, PNG, WebP, GIF, AVIF eller HEIC).`,
      );
    expect(await acceptUpload({ db: database.db, storage }, null, { userId: null })).toMatchObject({
      ok: false,
      status: 400,
      message: uploadMessages.noFile,
    });
    const huge = new File([new Uint8Array(15 * 1024 * 1024 + 1)], "stor.png");
    expect(await acceptUpload({ db: database.db, storage }, huge, { userId: null })).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(await storedKeys()).toEqual(before);
    expect(await libraryCount()).toBe(0);
  });

  it("processes an upload in the background to ready: EXIF gone, every width, a sharing card, the raw file removed", async () => {
    const accepted = await acceptUpload({ db: database.db, storage }, await photo("Koncert\u0007 aften.jpg"), {
      userId: null,
    });
    if (!accepted.ok) throw new Error(accepted.message);
    const waiting = (await rowOf(accepted.id))!;
    expect(waiting).toMatchObject({ status: "processing", image: null, originalName: "Koncert aften.jpg" });
    expect(waiting.uploadKey).toMatch(/^incoming\//);
    expect(await exists(waiting.uploadKey!)).toBe(true);

    expect(await processMediaImage(deps(), accepted.id)).toBe("ready");
    const ready = (await rowOf(accepted.id))!;
    expect(ready).toMatchObject({ status: "ready", uploadKey: null, failure: null });
    expect(ready.image).toMatchObject({ width: 900, height: 600, widths: [480, 900], social: true });
    expect(ready.image!.key).toMatch(/^media\//);
    for (const key of imageFileKeys(ready.image!)) expect(await exists(key), key).toBe(true);
    expect(await exists(waiting.uploadKey!)).toBe(false);
    const stored = await sharp(path.join(dataDir, "storage", ready.image!.key)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(await exists(socialImageKey(ready.image!))).toBe(true);
    // Processed once: a second call finds nothing to do.
    expect(await processMediaImage(deps(), accepted.id)).toBe("gone");
  });

  it("marks an image sharp cannot read as failed with a Danish reason, and removes the raw file", async () => {
    const accepted = await acceptUpload({ db: database.db, storage }, brokenPng(), { userId: null });
    if (!accepted.ok) throw new Error(accepted.message);
    const uploadKey = (await rowOf(accepted.id))!.uploadKey!;
    expect(await processMediaImage(deps(), accepted.id)).toBe("failed");
    expect(await rowOf(accepted.id)).toMatchObject({
      status: "failed",
      image: null,
      uploadKey: null,
      failure: "Filen er ikke et billede (JPEG, PNG, WebP, GIF, AVIF eller HEIC).",
    });
    expect(await exists(uploadKey)).toBe(false);
  });

  it("puts each upload's encoding in the media queue once, where a worker does it, and a crash's cut-off one again", async () => {
    // The other tests' uploads are encoded by hand: their jobs are not this test's.
    await database.db.delete(queueJobs);
    const now = new Date();
    const accepted = await acceptUpload({ db: database.db, storage }, await photo("kø.jpg"), { userId: null, now });
    if (!accepted.ok) throw new Error(accepted.message);
    const jobs = await database.db.select().from(queueJobs).where(eq(queueJobs.key, accepted.id));
    expect(jobs).toMatchObject([{ queue: MEDIA_QUEUE, payload: { imageId: accepted.id }, doneAt: null }]);
    // An instance took the job and died before encoding: after its lease, a worker does it.
    expect(await claimNext(database.db, MEDIA_QUEUE, { now })).not.toBeNull();
    const handler = mediaHandler(deps());
    expect(await workQueue(database.db, logger, handler, { now })).toEqual({ done: 0, failed: 0 });
    expect(await workQueue(database.db, logger, handler, { now: new Date(now.getTime() + 31_000) })).toEqual({
      done: 1,
      failed: 0,
    });
    expect((await rowOf(accepted.id))!.status).toBe("ready");
  });

  it("picks a ready image by id for a banner, and refuses an unknown or unprocessed one, changing nothing", async () => {
    const ready = await readyImage("banner.jpg");
    const id = await createRecord(database.db, storage, contentTypes.banner, bannerInput("Med bibliotek", ready));
    const banner = (await getRecord(database.db, contentTypes.banner, id))!;
    expect(banner.imageId).toBe(ready);
    expect(banner.image).toEqual((await rowOf(ready))!.image);

    const processing = await acceptUpload({ db: database.db, storage }, await photo("venter.jpg"), { userId: null });
    if (!processing.ok) throw new Error(processing.message);
    const bannersBefore = (await database.db.select({ n: count() }).from(banners))[0]!.n;
    const form = (mediaId: string) => {
      const data = new FormData();
      data.set("banner_title", "Nyt");
      data.set("banner_text", "Tekst");
      data.set("banner_range", "50");
      data.set("banner_image", new File([], ""));
      data.set("banner_image_media", mediaId);
      return data;
    };
    const save = (mediaId: string, target = {}) =>
      saveEntity({ ...deps(), logger }, contentTypes.banner, form(mediaId), target);
    for (const [mediaId, message] of [
      [randomUUID(), "Billedet findes ikke længere i biblioteket. Vælg et andet."],
      [processing.id, "Billedet er ikke klar endnu. Vent til det er behandlet, eller vælg et andet."],
      ["ikke-et-id", "Vælg et billede fra biblioteket igen."],
    ] as const) {
      const saved = await save(mediaId);
      if (!("error" in saved) || !saved.error) throw new Error(`a banner with ${mediaId} was saved`);
      expect(saved.error.init?.status).toBe(400);
      expect(saved.error.data.fieldErrors?.banner_image).toEqual([message]);
      const updated = await save(mediaId, { id });
      if (!("error" in updated)) throw new Error(`a banner was changed to ${mediaId}`);
    }
    expect((await database.db.select({ n: count() }).from(banners))[0]!.n).toBe(bannersBefore);
    expect((await getRecord(database.db, contentTypes.banner, id))!.imageId).toBe(ready);
  });

  it("refuses to delete an image in use, saying where; deleting the content keeps it; then it goes with its files", async () => {
    const image = await readyImage("i-brug.jpg");
    const bannerId = await createRecord(database.db, storage, contentTypes.banner, bannerInput("Aftener", image));
    const albumId = await createRecord(database.db, storage, contentTypes.album, {
      data: { album_title: "Natlys", album_artist: "Kajens Kvartet", album_year: 2025 },
      files: {},
      mediaId: image,
      published: true,
    });
    expect((await imageUses(database.db, [image])).get(image)).toEqual([
      { kind: "album", id: albumId, title: "Natlys", editId: albumId },
      { kind: "banner", id: bannerId, title: "Aftener", editId: bannerId },
    ]);
    const files = imageFileKeys((await rowOf(image))!.image!);

    expect(await deleteMediaImage({ db: database.db, storage }, image)).toMatchObject({
      ok: false,
      status: 409,
      message: 'Billedet bruges stadig: albummet "Natlys", banneret "Aftener". Vælg et andet billede dér først.',
    });
    // The database's own refusal (on delete restrict) says the same, for a delete that skipped the check.
    const direct = await removeLibraryRow(database.db, image).then(
      () => null,
      (error: unknown) => error,
    );
    expect(direct).toMatchObject({ uses: [{ kind: "album" }, { kind: "banner" }] });

    await deleteRecord(database.db, storage, contentTypes.album, albumId);
    await deleteRecord(database.db, storage, contentTypes.banner, bannerId);
    for (const key of files) expect(await exists(key), key).toBe(true);
    expect(await deleteMediaImage({ db: database.db, storage }, image)).toEqual({ ok: true, failedRemovals: [] });
    for (const key of files) expect(await exists(key), key).toBe(false);
    expect(await rowOf(image)).toBeUndefined();
    expect(await deleteMediaImage({ db: database.db, storage }, image)).toMatchObject({ ok: false, status: 404 });
  });

  it("never leaves a banner on a deleted image when a delete and an assignment race", async () => {
    for (let round = 0; round < 5; round++) {
      const image = await readyImage(`kapløb-${round}.jpg`);
      const [deleted, assigned] = await Promise.allSettled([
        deleteMediaImage({ db: database.db, storage }, image),
        createRecord(database.db, storage, contentTypes.banner, bannerInput(`Kapløb ${round}`, image)),
      ]);
      if (deleted.status === "rejected") throw deleted.reason;
      const bannerSaved = assigned.status === "fulfilled";
      // Exactly one of them wins: the image is deleted and the banner refused, or the banner shows it and it stays.
      expect(deleted.value.ok, `round ${round}`).toBe(!bannerSaved);
      if (bannerSaved) {
        expect((await rowOf(image))?.status).toBe("ready");
        await deleteRecord(database.db, storage, contentTypes.banner, assigned.value);
      } else {
        expect(await rowOf(image)).toBeUndefined();
      }
    }
  });

  it("needs alt text for a gallery image, writes it to the library image, and refuses clearing it there", async () => {
    const image = await readyImage("galleri.jpg");
    const form = (alt: string | null) => {
      const data = new FormData();
      data.set("stock_title", "Baren");
      data.set("stock_text", "Baren en fredag");
      if (alt !== null) data.set("stock_alt", alt);
      data.set("stock_image", new File([], ""));
      data.set("stock_image_media", image);
      data.set("published", "on");
      return data;
    };
    const stockBefore = (await database.db.select({ n: count() }).from(stockImages))[0]!.n;
    for (const alt of [null, "   "]) {
      const refused = await saveEntity(deps(), contentTypes.stock, form(alt), {});
      if (!("error" in refused) || !refused.error) throw new Error("a gallery image without alt text was saved");
      expect(refused.error.data.fieldErrors?.stock_alt).toEqual([altMissingMessage]);
    }
    expect((await database.db.select({ n: count() }).from(stockImages))[0]!.n).toBe(stockBefore);

    const saved = await saveEntity(deps(), contentTypes.stock, form("Fadøl i baren"), {});
    if ("error" in saved) throw new Error("the gallery image was refused");
    expect((await rowOf(image))!.alt).toBe("Fadøl i baren");
    expect((await getRecord(database.db, contentTypes.stock, saved.id))!.values.stock_alt).toBe("Fadøl i baren");
    const gallery = await getStockImages(database.db);
    expect(gallery.find((item) => item.id === saved.id)).toMatchObject({
      alt: "Fadøl i baren",
      text: "Baren en fredag",
    });

    expect(await setMediaAlt({ db: database.db, freshness: testFreshness(database.db) }, image, "")).toMatchObject({
      ok: false,
      message: altNeededInGalleryMessage,
    });
    expect((await rowOf(image))!.alt).toBe("Fadøl i baren");
    expect(
      await setMediaAlt({ db: database.db, freshness: testFreshness(database.db) }, image, "Baren med fadøl"),
    ).toEqual({ ok: true });
    const unused = await readyImage("ubrugt.jpg");
    expect(await setMediaAlt({ db: database.db, freshness: testFreshness(database.db) }, unused, "")).toEqual({
      ok: true,
    });
  });
});

describe("the upload route", () => {
  let database: TestDatabase;
  let dataDir: string;
  let cookie: string;

  let queue: QueueWorker;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-media-upload-"));
    database = await createTestDatabase("pglite");
    queue = new QueueWorker(database.db, logger, true);
    const collaborators = testCollaborators(database, { dataDir, queue });
    const { db, storage, images } = collaborators;
    await queue.start({ handlers: [mediaHandler({ db, storage, images, logger })], recurring: [] }, { polling: false });
    setCollaborators(collaborators);
    const admin = await createUser(database.db, { role: "admin", name: "Chef" });
    cookie = await createSession(collaborators.auth, admin.id);
  });

  afterAll(async () => {
    await queue.stop();
    setCollaborators(undefined);
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = async (file: File) => {
    const body = new FormData();
    body.set("file", file);
    const answer = (await uploadAction(
      routeArgs("/medier/upload", { method: "POST", body, headers: { Cookie: cookie, Accept: "application/json" } }),
    )) as unknown as { data: { id?: string; error?: string }; init: { status: number } | null };
    return { status: answer.init?.status, body: answer.data };
  };

  it("answers 202 with the new image's id before it is processed, and 415 in Danish for a file that is no image", async () => {
    const accepted = await send(await photo());
    expect(accepted.status).toBe(202);
    const [row] = await database.db
      .select({ createdBy: mediaImages.createdBy, originalName: mediaImages.originalName })
      .from(mediaImages)
      .where(eq(mediaImages.id, accepted.body.id!));
    expect(row).toMatchObject({ originalName: "foto.jpg" });
    expect(row!.createdBy).not.toBeNull();
    // The route woke the media queue: the picture is encoded after the answer.
    const statusOf = async (id: string) =>
      (await database.db.select({ status: mediaImages.status }).from(mediaImages).where(eq(mediaImages.id, id)))[0];
    await vi.waitFor(async () => expect(await statusOf(accepted.body.id!)).toEqual({ status: "ready" }), {
      timeout: 20_000,
    });

    const refused = await send(new File(["<html>"], "side.png", { type: "image/png" }));
    expect(refused).toEqual({
      status: 415,
      body: {
        error: `${uploadMessages.uploadFailed}: Filen er ikke et billede (JPEG, PNG, WebP, GIF, AVIF eller HEIC).`,
      },
    });
    expect((await database.db.select({ n: count() }).from(mediaImages))[0]!.n).toBe(1);
  });

  it("sends a plain form (no JavaScript) back to the library with a toast", async () => {
    const body = new FormData();
    body.set("file", await photo("uden-js.jpg"));
    const answer = (await uploadAction(
      routeArgs("/medier/upload", { method: "POST", body, headers: { Cookie: cookie } }),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/medier");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^scene-toast=/);
    expect((await database.db.select({ n: count() }).from(mediaImages))[0]!.n).toBe(2);
  });
});
