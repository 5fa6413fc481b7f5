import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { mediaImages } from "~/db/schema";
import { enqueue, type QueueHandler } from "~/features/queue/queue.server";
import type { Storage } from "~/features/storage/storage.server";
import type { Freshness } from "~/lib/freshness";
import type { Logger } from "~/lib/logger.server";
import type { ImageEncoder } from "./image-encoder.server";
import { imageUses, needsAlt } from "./uses.server";
import { saveEncodedImage, sniffImageFormat, storeImageUpload, UploadError } from "./image.server";
import { altNeededInGalleryMessage, inUseMessage, LIBRARY_PAGE_SIZE, originalNameOf, type ImageUse } from "./library";
import { IMAGE_MAX_BYTES, imageFileKeys, uploadMessages, type MediaImageStatus, type StoredImageRef } from "./media";

/**
 * The media library (decision 020): the images the content shows, each with its files, alt text and state.
 * Uploads are stored raw at once and encoded in the background; content rows point at a ready image.
 */

/** Library images are encoded into this bucket, every one with a sharing card. */
export const LIBRARY_BUCKET = "media" as const;
/** Raw uploads wait here until processed; never served (server/stored-files.ts). */
export const INCOMING_BUCKET = "incoming" as const;
/** The media queue: one job per upload to encode, keyed by its image. */
export const MEDIA_QUEUE = "media";

export type LibraryDependencies = { db: Database; storage: Storage };
export type ProcessingDependencies = LibraryDependencies & { images: ImageEncoder; logger: Logger };

/** A refusal with its Danish message and HTTP status; nothing was stored. */
export type Refusal = { ok: false; status: 400 | 404 | 409 | 413 | 415; message: string; reason: string };

const refuse = (status: Refusal["status"], message: string, reason: string): Refusal => ({
  ok: false,
  status,
  message,
  reason,
});

/**
 * Takes one uploaded file into the library: checks its size and magic bytes at once, stores it raw, and inserts a
 * "processing" row with its job in the media queue, in one transaction. The caller wakes the queue after.
 */
export async function acceptUpload(
  { db, storage }: LibraryDependencies,
  file: File | null,
  { userId, now = new Date() }: { userId: string | null; now?: Date },
): Promise<{ ok: true; id: string } | Refusal> {
  if (!file || file.size === 0) return refuse(400, uploadMessages.noFile, "No image uploaded");
  if (file.size > IMAGE_MAX_BYTES) {
    return refuse(413, `${uploadMessages.uploadFailed}: Billedet må højst fylde 15 MB.`, "Image too large");
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageFormat(bytes)) {
    return refuse(
      415,
      `${uploadMessages.uploadFailed}: Filen er ikke et billede (JPEG, PNG, WebP, GIF, AVIF eller HEIC).`,
      "Upload is not an image by its bytes",
    );
  }
  const uploadKey = await storage.store(INCOMING_BUCKET, "upload", bytes, "application/octet-stream");
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mediaImages)
        .values({ originalName: originalNameOf(file.name), uploadKey, createdBy: userId })
        .returning({ id: mediaImages.id });
      await enqueue(tx, MEDIA_QUEUE, { imageId: row!.id }, { key: row!.id, runAt: now });
      return row!.id;
    });
    return { ok: true, id };
  } catch (error) {
    await storage.removeAll([uploadKey]);
    throw error;
  }
}

/**
 * Encodes a row's raw upload with the one pipeline every image goes through (bytes sniffed, metadata
 * stripped, AVIF/WebP widths, a sharing card), and answers how it went: ready with its image, or failed with
 * the Danish reason. The raw upload is removed either way. A row deleted meanwhile gets its new files removed.
 */
export async function processMediaImage(
  { db, storage, images, logger }: ProcessingDependencies,
  id: string,
): Promise<MediaImageStatus | "gone"> {
  const [row] = await db
    .select({ uploadKey: mediaImages.uploadKey, status: mediaImages.status })
    .from(mediaImages)
    .where(eq(mediaImages.id, id));
  if (!row || row.status !== "processing") return "gone";
  const input = row.uploadKey ? await storage.read(row.uploadKey) : null;
  let outcome: { status: "ready"; image: StoredImageRef; failure: null } | { status: "failed"; failure: string };
  try {
    if (!input)
      throw new UploadError("Den uploadede fil findes ikke længere. Upload billedet igen.", "raw upload missing");
    const image = await saveEncodedImage(storage, LIBRARY_BUCKET, await images.encode(input, { sharingCard: true }));
    outcome = { status: "ready", image, failure: null };
  } catch (error) {
    const known = error instanceof UploadError;
    const reason = known ? error.reason : error instanceof Error ? error.message : String(error);
    logger.warn({ mediaImage: id, reason }, "library image failed");
    outcome = { status: "failed", failure: known ? (error.detail ?? error.message) : uploadMessages.uploadFailed };
  }
  const [settled] = await db
    .update(mediaImages)
    .set({ ...outcome, uploadKey: null, updatedAt: new Date() })
    .where(and(eq(mediaImages.id, id), eq(mediaImages.status, "processing")))
    .returning({ id: mediaImages.id });
  if (!settled && outcome.status === "ready") {
    await storage.removeAll(imageFileKeys(outcome.image));
    return "gone";
  }
  if (row.uploadKey) await storage.removeAll([row.uploadKey]);
  return settled ? outcome.status : "gone";
}

/**
 * The media queue's work: an upload encoded outside the request, so the answer does not wait for sharp. A picture
 * that cannot be encoded is the row's failure, not the job's; a job fails (and is tried again) when storage or the
 * database did.
 */
export function mediaHandler(deps: ProcessingDependencies): QueueHandler<{ imageId: string }> {
  return {
    queue: MEDIA_QUEUE,
    payload: z.object({ imageId: z.uuid() }),
    maxAttempts: 5,
    keepDoneDays: 1,
    run: async ({ imageId }) => void (await processMediaImage(deps, imageId)),
    // Storage or the database failed every try: the admin sees the upload failed and may upload it again.
    givenUp: async ({ imageId }) => {
      const [row] = await deps.db
        .select({ uploadKey: mediaImages.uploadKey })
        .from(mediaImages)
        .where(and(eq(mediaImages.id, imageId), eq(mediaImages.status, "processing")));
      if (!row) return;
      await deps.db
        .update(mediaImages)
        .set({ status: "failed", failure: uploadMessages.uploadFailed, uploadKey: null, updatedAt: new Date() })
        .where(and(eq(mediaImages.id, imageId), eq(mediaImages.status, "processing")));
      if (row.uploadKey) await deps.storage.removeAll([row.uploadKey]);
    },
  };
}

/**
 * The content form's upload (entity-form): the admin waits for the save anyway, so the file is encoded at once
 * through the same encoder and becomes a ready library row in the caller's transaction (`insertReadyImage`).
 */
export async function encodeUploadNow(storage: Storage, images: ImageEncoder, file: File | null) {
  return storeImageUpload(storage, LIBRARY_BUCKET, file, images);
}

/** A ready library row for files already stored; inside the transaction that points a content row at it. */
export async function insertReadyImage(
  db: Database,
  input: { image: StoredImageRef; originalName: string; alt?: string; createdBy?: string | null },
) {
  const [row] = await db
    .insert(mediaImages)
    .values({
      image: input.image,
      status: "ready",
      originalName: originalNameOf(input.originalName),
      alt: input.alt ?? "",
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: mediaImages.id });
  return row!.id;
}

/** Why a chosen library image cannot be used; for the field's error. */
export class MediaChoiceError extends Error {
  override name = "MediaChoiceError";
}

/**
 * The file ref of a library image that a content row may show: it must exist and be ready. Read inside the
 * writing transaction, with a share lock, so a concurrent delete waits for it (or it sees the delete).
 */
export async function readyImageOf(db: Database, id: string): Promise<StoredImageRef> {
  const [row] = await db
    .select({ status: mediaImages.status, image: mediaImages.image })
    .from(mediaImages)
    .where(eq(mediaImages.id, id))
    .for("share");
  if (!row) throw new MediaChoiceError("Billedet findes ikke længere i biblioteket. Vælg et andet.");
  if (row.status !== "ready" || !row.image) {
    throw new MediaChoiceError("Billedet er ikke klar endnu. Vent til det er behandlet, eller vælg et andet.");
  }
  return row.image;
}

/** A foreign key's refusal: 23001 (restrict_violation, our "on delete restrict") or 23503 (foreign_key_violation). */
function isForeignKeyViolation(error: unknown) {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (code === "23001" || code === "23503") return true;
    if (!(current instanceof Error)) break;
  }
  return false;
}

const gone = { ok: false, status: 404, message: "Billedet findes ikke længere." } as const;

export type DeleteResult =
  { ok: true; failedRemovals: string[] } | { ok: false; status: 404 | 409; message: string; uses?: ImageUse[] };

/**
 * Deletes a library image and then its files; refused while a content row shows it, saying where. The check
 * runs under the row's lock, and the foreign keys (on delete restrict) make the same refusal hold against a
 * concurrent assignment: that violation is answered with the same message.
 */
export async function deleteMediaImage({ db, storage }: LibraryDependencies, id: string): Promise<DeleteResult> {
  let removed: { image: StoredImageRef | null; uploadKey: string | null } | null;
  try {
    removed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ image: mediaImages.image, uploadKey: mediaImages.uploadKey })
        .from(mediaImages)
        .where(eq(mediaImages.id, id))
        .for("update");
      if (!row) return null;
      const uses = (await imageUses(tx, [id])).get(id) ?? [];
      if (uses.length) throw new InUse(uses);
      await removeLibraryRow(tx, id);
      return row;
    });
  } catch (error) {
    if (error instanceof InUse) return { ok: false, status: 409, message: inUseMessage(error.uses), uses: error.uses };
    throw error;
  }
  if (!removed) return gone;
  const keys = [
    ...(removed.image ? imageFileKeys(removed.image) : []),
    ...(removed.uploadKey ? [removed.uploadKey] : []),
  ];
  return { ok: true, failedRemovals: await storage.removeAll(keys) };
}

class InUse extends Error {
  constructor(readonly uses: ImageUse[]) {
    super("image in use");
  }
}

/**
 * Deletes the library row; a foreign key violation (a content row took it meanwhile) becomes the in-use refusal
 * with the places read again. Exported so the tests can show the database's own refusal.
 */
export async function removeLibraryRow(db: Database, id: string) {
  try {
    await db.transaction(async (savepoint) => {
      await savepoint.delete(mediaImages).where(eq(mediaImages.id, id));
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw new InUse((await imageUses(db, [id])).get(id) ?? []);
  }
}

/**
 * Saves an image's alt text; clearing it is refused while a gallery row shows the image (the gallery needs
 * it, decision 020).
 */
export async function setMediaAlt({ db, freshness }: { db: Database; freshness: Freshness }, id: string, alt: string) {
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: mediaImages.id }).from(mediaImages).where(eq(mediaImages.id, id)).for("update");
    if (!row) return gone;
    if (alt === "") {
      const inGallery = (await imageUses(tx, [id])).get(id)?.some(needsAlt);
      if (inGallery) return { ok: false as const, status: 400 as const, message: altNeededInGalleryMessage };
    }
    await writeAlt(tx, id, alt);
    return { ok: true as const };
  });
  // The galleries and the pictures on visitors' pages read the alt text.
  if (saved.ok) await freshness.changed("content");
  return saved;
}

/** A page of the library, newest first, each image with where it is used; and whether any is processing. */
export async function listMediaImages(db: Database, { page = 1 }: { page?: number } = {}) {
  const [{ total, processing } = { total: 0, processing: 0 }] = await db
    .select({
      total: sql<number>`count(*)::int`,
      processing: sql<number>`(count(*) filter (where ${mediaImages.status} = 'processing'))::int`,
    })
    .from(mediaImages);
  const pageCount = Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select({
      id: mediaImages.id,
      status: mediaImages.status,
      image: mediaImages.image,
      alt: mediaImages.alt,
      originalName: mediaImages.originalName,
      failure: mediaImages.failure,
      createdAt: mediaImages.createdAt,
    })
    .from(mediaImages)
    .orderBy(desc(mediaImages.createdAt), desc(mediaImages.id))
    .limit(LIBRARY_PAGE_SIZE)
    .offset((current - 1) * LIBRARY_PAGE_SIZE);
  const uses = await imageUses(
    db,
    rows.map((row) => row.id),
  );
  const images = rows.map((row) => ({ ...row, uses: uses.get(row.id) ?? [] }));
  return { images, total, page: current, pageCount, processing: processing > 0 };
}

/** A ready picture the admin can choose for an image field. */
export type ChoosableImage = Awaited<ReturnType<typeof choosableImages>>[number];

/** The ready images a content form may choose from ("Vælg fra biblioteket"), newest first, bounded. */
export async function choosableImages(db: Database, limit = 200) {
  const rows = await db
    .select({
      id: mediaImages.id,
      image: mediaImages.image,
      alt: mediaImages.alt,
      originalName: mediaImages.originalName,
    })
    .from(mediaImages)
    .where(and(eq(mediaImages.status, "ready"), isNotNull(mediaImages.image)))
    .orderBy(desc(mediaImages.createdAt), desc(mediaImages.id))
    .limit(limit);
  return rows.flatMap((row) => (row.image ? [{ ...row, image: row.image }] : []));
}

/** The alt texts of library images, by id (the gallery's reader and the gallery form). */
export async function altTexts(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: mediaImages.id, alt: mediaImages.alt })
    .from(mediaImages)
    .where(inArray(mediaImages.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.alt]));
}

/** Writes an image's alt text inside the caller's transaction (the gallery form). */
export async function writeAlt(db: Database, id: string, alt: string) {
  await db.update(mediaImages).set({ alt, updatedAt: new Date() }).where(eq(mediaImages.id, id));
}
