import { randomUUID } from "node:crypto";
import { access, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { albums, mediaImages, tracks } from "~/db/schema";
import {
  createRecord,
  deleteRecord,
  moveRecord,
  reorderRecords,
  setPublished,
  updateRecord,
} from "~/features/content/admin/record-writes.server";
import { getRecord, listRecords } from "~/features/content/admin/records.server";
import { contentTypes } from "~/features/content/content-types";
import { getAlbumsWithTracks } from "~/features/content/public.server";
import { UploadError } from "~/features/media/image.server";
import { imageFileKeys, uploadMessages } from "~/features/media/media";
import { diskBackend, Storage } from "~/features/storage/storage.server";
import {
  albumData,
  createAlbum as createAlbumRecord,
  createTrack as createTrackRecord,
  pngUpload as pngFile,
  wavUpload as wavFile,
} from "../support/factories";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/test-database";

describe.each(databaseKinds)("content records on %s", (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let storage: Storage;
  let root: string;

  const fileExists = (key: string) =>
    access(path.join(root, key)).then(
      () => true,
      () => false,
    );
  const filesIn = async (bucket: string) => {
    try {
      return (await readdir(path.join(root, bucket))).sort();
    } catch {
      return [];
    }
  };
  const albumCount = async () => (await database.db.select({ n: count() }).from(albums))[0]?.n;

  const createAlbum = (title: string, options: { published?: boolean; color?: string } = {}) =>
    createAlbumRecord(database.db, storage, title, options);
  const createTrack = (albumId: string, title: string, published = true) =>
    createTrackRecord(database.db, storage, albumId, title, published);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = await mkdtemp(path.join(tmpdir(), "scene-records-"));
    const backend = diskBackend(dataDir);
    root = backend.root;
    storage = new Storage(backend);
  });

  afterAll(async () => {
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("creates an album with its cover files on disk", async () => {
    const id = await createRecord(database.db, storage, contentTypes.album, {
      data: albumData("Fra kajen", 2023),
      files: { image: await pngFile("#aa3311", 600, 600) },
      published: true,
    });
    const record = await getRecord(database.db, contentTypes.album, id);
    expect(record).toMatchObject({
      id,
      title: "Fra kajen",
      values: { album_artist: "Kajens Kvartet", album_year: "2023", album_title: "Fra kajen" },
      published: true,
      audio: null,
    });
    expect(record!.image).toMatchObject({ width: 600, height: 600, widths: [480, 600] });
    // The upload became a library image (decision 020), with its files in the library's bucket.
    expect(record!.image!.key).toMatch(/^media\/\d+-[0-9a-f]{32}\.webp$/);
    expect(record!.imageId).toMatch(/^[0-9a-f-]{36}$/);
    for (const key of imageFileKeys(record!.image!)) expect(await fileExists(key), key).toBe(true);
  });

  it("replaces the cover on update: a new library image; the old one stays in the library with its files", async () => {
    const id = await createAlbum("Før");
    const before = (await getRecord(database.db, contentTypes.album, id))!;
    const oldKeys = imageFileKeys(before.image!);

    const result = await updateRecord(database.db, storage, contentTypes.album, id, {
      data: albumData("Efter", 2025),
      files: { image: await pngFile("#119955", 200, 100) },
      published: true,
    });
    expect(result).toEqual({ found: true, failedRemovals: [] });

    const after = (await getRecord(database.db, contentTypes.album, id))!;
    expect(after.values).toEqual({ album_artist: "Kajens Kvartet", album_year: "2025", album_title: "Efter" });
    expect(after.image).toMatchObject({ width: 200, height: 100 });
    expect(after.image!.key).not.toBe(before.image!.key);
    expect(after.imageId).not.toBe(before.imageId);
    for (const key of oldKeys) expect(await fileExists(key), key).toBe(true);
    for (const key of imageFileKeys(after.image!)) expect(await fileExists(key), key).toBe(true);
  });

  it("keeps the cover when an update brings no new image", async () => {
    const id = await createAlbum("Uden nyt billede");
    const before = (await getRecord(database.db, contentTypes.album, id))!;
    await updateRecord(database.db, storage, contentTypes.album, id, {
      data: albumData("Nyt navn"),
      files: { image: null },
      published: false,
    });
    const after = (await getRecord(database.db, contentTypes.album, id))!;
    expect(after).toMatchObject({ title: "Nyt navn", published: false });
    expect(after.image).toEqual(before.image);
    for (const key of imageFileKeys(after.image!)) expect(await fileExists(key), key).toBe(true);
  });

  it("answers not found when updating a record that does not exist, and writes no file", async () => {
    const albumFiles = await filesIn("media");
    const result = await updateRecord(database.db, storage, contentTypes.album, randomUUID(), {
      data: albumData("Findes ikke"),
      files: { image: await pngFile("#000000") },
      published: true,
    });
    expect(result).toEqual({ found: false });
    expect(await filesIn("media")).toEqual(albumFiles);
  });

  it("creates a track with its duration and audio file", async () => {
    const albumId = await createAlbum("Med numre");
    const id = await createRecord(database.db, storage, contentTypes.audio, {
      data: { audio_title: "Havnevals", audio_text: "Tekst og musik: Mette" },
      files: { audio: wavFile(4) },
      published: true,
      parentId: albumId,
    });
    const record = (await getRecord(database.db, contentTypes.audio, id))!;
    expect(record).toMatchObject({
      title: "Havnevals",
      parentId: albumId,
      // Plain text is stored as formatted text (decision 017).
      values: { audio_title: "Havnevals", audio_text: "<p>Tekst og musik: Mette</p>" },
    });
    expect(record.audio!.contentType).toBe("audio/wav");
    expect(record.audio!.key).toMatch(/^audio\/\d+-[0-9a-f]{32}\.wav$/);
    expect(Math.abs(record.audio!.durationSeconds! - 1.8)).toBeLessThan(0.2);
    const [row] = await database.db
      .select({ durationSeconds: tracks.durationSeconds })
      .from(tracks)
      .where(eq(tracks.id, id));
    expect(Math.abs(row!.durationSeconds! - 1.8)).toBeLessThan(0.2);
    expect(await fileExists(record.audio!.key)).toBe(true);
  });

  it("stores formatted text sanitized, on creation and on update", async () => {
    const albumId = await createAlbum("Med formateret tekst");
    const id = await createRecord(database.db, storage, contentTypes.audio, {
      data: {
        audio_title: "Farlig",
        audio_text:
          '<p onclick="alert(1)"><strong>Fed</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
      },
      files: { audio: wavFile(2) },
      published: true,
      parentId: albumId,
    });
    expect((await getRecord(database.db, contentTypes.audio, id))!.values.audio_text).toBe(
      "<p><strong>Fed</strong> x</p>",
    );
    await updateRecord(database.db, storage, contentTypes.audio, id, {
      data: { audio_title: "Farlig", audio_text: '<p>Skriv til a@b.dk</p><img src=x onerror="alert(1)">' },
      files: {},
      published: true,
    });
    expect((await getRecord(database.db, contentTypes.audio, id))!.values.audio_text).toBe(
      '<p>Skriv til <a href="mailto:a@b.dk">a@b.dk</a></p>',
    );
  });

  it("replaces a track's audio on update and removes the old file", async () => {
    const albumId = await createAlbum("Udskiftet lyd");
    const id = await createTrack(albumId, "Første version");
    const oldKey = (await getRecord(database.db, contentTypes.audio, id))!.audio!.key;
    await updateRecord(database.db, storage, contentTypes.audio, id, {
      data: { audio_title: "Anden version", audio_text: "" },
      files: { audio: wavFile(8) },
      published: true,
    });
    const audio = (await getRecord(database.db, contentTypes.audio, id))!.audio!;
    expect(audio.key).not.toBe(oldKey);
    expect(Math.abs(audio.durationSeconds! - 2.8)).toBeLessThan(0.2);
    expect(await fileExists(oldKey)).toBe(false);
    expect(await fileExists(audio.key)).toBe(true);
  });

  it("deletes an album with its tracks and their audio files; the cover stays in the library", async () => {
    const albumId = await createAlbum("Slettes");
    const trackIds = [await createTrack(albumId, "Et"), await createTrack(albumId, "To")];
    const cover = (await getRecord(database.db, contentTypes.album, albumId))!.image!;
    const audioKeys = await Promise.all(
      trackIds.map(async (trackId) => (await getRecord(database.db, contentTypes.audio, trackId))!.audio!.key),
    );
    const keys = [...imageFileKeys(cover), ...audioKeys];
    for (const key of keys) expect(await fileExists(key), key).toBe(true);
    const coverId = (await getRecord(database.db, contentTypes.album, albumId))!.imageId!;

    expect(await deleteRecord(database.db, storage, contentTypes.album, albumId)).toEqual({
      found: true,
      failedRemovals: [],
    });

    expect(await getRecord(database.db, contentTypes.album, albumId)).toBeNull();
    const [left] = await database.db.select({ n: count() }).from(tracks).where(eq(tracks.albumId, albumId));
    expect(left?.n).toBe(0);
    for (const trackId of trackIds) expect(await getRecord(database.db, contentTypes.audio, trackId)).toBeNull();
    for (const key of audioKeys) expect(await fileExists(key), key).toBe(false);
    for (const key of imageFileKeys(cover)) expect(await fileExists(key), key).toBe(true);
    const [library] = await database.db.select({ n: count() }).from(mediaImages).where(eq(mediaImages.id, coverId));
    expect(library?.n).toBe(1);
  });

  it("deletes a single track and its file but keeps the album", async () => {
    const albumId = await createAlbum("Beholdes");
    const keep = await createTrack(albumId, "Bliver");
    const gone = await createTrack(albumId, "Går");
    const goneKey = (await getRecord(database.db, contentTypes.audio, gone))!.audio!.key;
    const keepKey = (await getRecord(database.db, contentTypes.audio, keep))!.audio!.key;
    expect(await deleteRecord(database.db, storage, contentTypes.audio, gone)).toEqual({
      found: true,
      failedRemovals: [],
    });
    expect(await fileExists(goneKey)).toBe(false);
    expect(await fileExists(keepKey)).toBe(true);
    expect(await getRecord(database.db, contentTypes.album, albumId)).not.toBeNull();
    expect(await getRecord(database.db, contentTypes.audio, keep)).not.toBeNull();
  });

  it("answers not found when deleting a record that does not exist", async () => {
    expect(await deleteRecord(database.db, storage, contentTypes.album, randomUUID())).toEqual({
      found: false,
      failedRemovals: [],
    });
  });

  it("leaves no orphan file when the row cannot be written (track of a missing album)", async () => {
    const audioFiles = await filesIn("audio");
    await expect(
      createRecord(database.db, storage, contentTypes.audio, {
        data: { audio_title: "Forældreløs", audio_text: "" },
        files: { audio: wavFile(1) },
        published: true,
        parentId: randomUUID(),
      }),
    ).rejects.toThrow();
    expect(await filesIn("audio")).toEqual(audioFiles);
  });

  it("leaves no orphan cover when the database refuses the album", async () => {
    const albumFiles = await filesIn("media");
    const albumsBefore = await albumCount();
    await expect(
      createRecord(database.db, storage, contentTypes.album, {
        // Past the schema, the database's own check still refuses a blank artist.
        data: { album_artist: "   ", album_year: 2024, album_title: "Blank kunstner" },
        files: { image: await pngFile("#663399") },
        published: true,
      }),
    ).rejects.toThrow();
    expect(await filesIn("media")).toEqual(albumFiles);
    expect(await albumCount()).toBe(albumsBefore);
  });

  it("writes no row when the upload is refused", async () => {
    const albumsBefore = await albumCount();
    const albumFiles = await filesIn("media");
    const refused = createRecord(database.db, storage, contentTypes.album, {
      data: albumData("Tekst som billede"),
      files: { image: new File(["ikke et billede"], "cover.png", { type: "image/png" }) },
      published: true,
    });
    await expect(refused).rejects.toBeInstanceOf(UploadError);
    await expect(refused).rejects.toThrow(uploadMessages.uploadFailed);
    expect(await albumCount()).toBe(albumsBefore);
    expect(await filesIn("media")).toEqual(albumFiles);
  });

  it("requires a cover on creation", async () => {
    const albumsBefore = await albumCount();
    await expect(
      createRecord(database.db, storage, contentTypes.album, {
        data: albumData("Uden billede"),
        files: {},
        published: true,
      }),
    ).rejects.toThrow(uploadMessages.noFile);
    expect(await albumCount()).toBe(albumsBefore);
  });

  it("moves and reorders albums in the manual order", async () => {
    const [a, b, c] = [await createAlbum("Orden A"), await createAlbum("Orden B"), await createAlbum("Orden C")];
    const ours = new Set([a, b, c]);
    const manual = async () =>
      (await listRecords(database.db, contentTypes.album, { sort: "manual", pageSize: 1000 })).records.map(
        (record) => record.id,
      );
    const ourOrder = async () => (await manual()).filter((id) => ours.has(id));
    expect(await ourOrder()).toEqual([a, b, c]);

    expect(await moveRecord(database.db, contentTypes.album, c, "up")).toBe(true);
    expect(await ourOrder()).toEqual([a, c, b]);
    expect(await moveRecord(database.db, contentTypes.album, a, "down")).toBe(true);
    expect(await ourOrder()).toEqual([c, a, b]);

    const all = await manual();
    expect(await moveRecord(database.db, contentTypes.album, all[0]!, "up")).toBe(false);
    expect(await moveRecord(database.db, contentTypes.album, all[all.length - 1]!, "down")).toBe(false);
    expect(await moveRecord(database.db, contentTypes.album, randomUUID(), "up")).toBe(false);
    expect(await manual()).toEqual(all);

    const reversed = [...all].reverse();
    expect(await reorderRecords(database.db, contentTypes.album, reversed)).toBe(true);
    expect(await manual()).toEqual(reversed);
  });

  it("refuses a reorder whose id list is not exactly the current one, and changes nothing", async () => {
    const list = async () =>
      (await listRecords(database.db, contentTypes.album, { sort: "manual", pageSize: 1000 })).records.map(
        (record) => record.id,
      );
    const current = await list();
    expect(current.length).toBeGreaterThan(2);
    const wrong = [
      current.slice(1), // one missing
      [...current, randomUUID()], // one extra
      [...current.slice(1), randomUUID()], // one replaced
      [current[1]!, ...current.slice(1)], // a duplicate instead of one
      [],
    ];
    for (const ids of wrong) expect(await reorderRecords(database.db, contentTypes.album, ids)).toBe(false);
    expect(await list()).toEqual(current);
  });

  it("orders tracks within their own album only", async () => {
    const first = await createAlbum("Album et");
    const second = await createAlbum("Album to");
    const [x, y, z] = [await createTrack(first, "X"), await createTrack(first, "Y"), await createTrack(first, "Z")];
    const other = await createTrack(second, "Andet");
    const order = async (albumId: string) =>
      (await listRecords(database.db, contentTypes.audio, { parentId: albumId, sort: "manual" })).records.map(
        (record) => record.id,
      );
    expect(await order(first)).toEqual([x, y, z]);
    expect(await order(second)).toEqual([other]);

    expect(await moveRecord(database.db, contentTypes.audio, z, "up", first)).toBe(true);
    expect(await order(first)).toEqual([x, z, y]);
    expect(await reorderRecords(database.db, contentTypes.audio, [y, x, z], first)).toBe(true);
    expect(await order(first)).toEqual([y, x, z]);
    // A track of another album does not belong in this album's order.
    expect(await reorderRecords(database.db, contentTypes.audio, [y, x, other], first)).toBe(false);
    expect(await order(first)).toEqual([y, x, z]);
    expect(await order(second)).toEqual([other]);
  });

  it("hides an unpublished album from visitors but not from the preview", async () => {
    const id = await createAlbum("Kladdealbum");
    const track = await createTrack(id, "Kladdenummer");
    const visible = async (includeDrafts = false) =>
      (await getAlbumsWithTracks(database.db, { includeDrafts })).map((album) => album.id);
    expect(await visible()).toContain(id);

    expect(await setPublished(database.db, contentTypes.album, id, false)).toBe(true);
    expect(await visible()).not.toContain(id);
    expect(await visible(true)).toContain(id);
    expect((await getRecord(database.db, contentTypes.album, id))?.published).toBe(false);

    expect(await setPublished(database.db, contentTypes.album, id, true)).toBe(true);
    expect(await visible()).toContain(id);

    expect(await setPublished(database.db, contentTypes.audio, track, false)).toBe(true);
    const album = (await getAlbumsWithTracks(database.db)).find((candidate) => candidate.id === id);
    expect(album?.tracks.map((candidate) => candidate.id)).not.toContain(track);
    const preview = (await getAlbumsWithTracks(database.db, { includeDrafts: true })).find(
      (candidate) => candidate.id === id,
    );
    expect(preview?.tracks.map((candidate) => candidate.id)).toContain(track);

    expect(await setPublished(database.db, contentTypes.album, randomUUID(), false)).toBe(false);
  });

  it("creates a draft when asked to", async () => {
    const id = await createAlbum("Ny kladde", { published: false });
    expect((await getAlbumsWithTracks(database.db)).map((album) => album.id)).not.toContain(id);
    expect((await getAlbumsWithTracks(database.db, { includeDrafts: true })).map((album) => album.id)).toContain(id);
  });

  it("finds records by search and answers null for ids that are not uuids", async () => {
    await createAlbum("Søgbar 100% titel");
    const found = await listRecords(database.db, contentTypes.album, { search: "100%" });
    expect(found.records.map((record) => record.title)).toEqual(["Søgbar 100% titel"]);
    expect(await getRecord(database.db, contentTypes.album, "../etc/passwd")).toBeNull();
  });
});
