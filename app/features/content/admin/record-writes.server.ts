import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { storeAudioUpload } from "~/features/media/audio.server";
import { inProcessImageEncoder, type ImageEncoder } from "~/features/media/image-encoder.server";
import { UploadError } from "~/features/media/image.server";
import { encodeUploadNow, insertReadyImage, readyImageOf, writeAlt } from "~/features/media/library.server";
import { imageFileKeys, uploadMessages, type StoredImageRef } from "~/features/media/media";
import type { Storage } from "~/features/storage/storage.server";
import { fieldsOfKind, requiresFile, type ContentType } from "../registry";
import { normalizeRichText } from "../rich-text.server";
import { columnOf, tableOf } from "../tables.server";
import { isUuid } from "../schemas";
import { getRecord, mappingOf, toRecord, type Mapping, type Row } from "./records.server";

/**
 * The admin's writes of content rows: files first, then the row (a failed row write removes the files); the
 * picture through the media library (decision 020); publishing, copying and the manual order.
 */

export interface RecordInput {
  /** The schema's output: field name → value. */
  data: Record<string, unknown>;
  files: { image?: File | null; audio?: File | null };
  /** A library image chosen instead of uploading one ("Vælg fra biblioteket"); an upload wins. */
  mediaId?: string | null;
  published: boolean;
  parentId?: string;
  /** Who saves, for the library row a new upload becomes. */
  userId?: string | null;
}

interface Uploaded {
  columns: Row;
  /** The stored files, taken away again when the write fails. */
  written: string[];
  image: { ref: StoredImageRef; originalName: string } | null;
}

/** Uploads the entity's files, then writes with them; a failure of either takes the files away again. */
async function withUploads<T>(
  storage: Storage,
  images: ImageEncoder,
  mapping: Mapping,
  files: RecordInput["files"],
  required: boolean,
  write: (uploaded: Uploaded) => Promise<T>,
) {
  const uploaded: Uploaded = { columns: {}, written: [], image: null };
  try {
    if (mapping.image && files.image) {
      const ref = await encodeUploadNow(storage, images, files.image);
      uploaded.written.push(...imageFileKeys(ref));
      uploaded.image = { ref, originalName: files.image.name };
    }
    if (mapping.audio && (files.audio || required)) {
      const audio = await storeAudioUpload(storage, files.audio ?? null, images);
      uploaded.written.push(audio.key);
      Object.assign(uploaded.columns, {
        audio: audio.key,
        contentType: audio.contentType,
        durationSeconds: audio.durationSeconds,
      });
    }
    return await write(uploaded);
  } catch (error) {
    await storage.removeAll(uploaded.written);
    throw error;
  }
}

/**
 * The one place a content row's picture is written (decision 020): the library image `mediaId`, read in the
 * writing transaction and required to be ready, sets both `image_id` and `image`, its rendering copy. A new
 * upload first becomes a ready library row in the same transaction. The gallery's alt text goes to the
 * library image too, or to the image the row keeps (`keptImageId`) when none is chosen.
 */
async function withLibraryImage(
  tx: Database,
  mapping: Mapping,
  values: Row,
  input: RecordInput,
  uploaded: Uploaded["image"],
  keptImageId: string | null = null,
) {
  if (!mapping.image) return;
  const alt = mapping.alt ? input.data[mapping.alt.name] : undefined;
  const mediaId = uploaded
    ? await insertReadyImage(tx, {
        image: uploaded.ref,
        originalName: uploaded.originalName,
        alt: typeof alt === "string" ? alt : "",
        createdBy: input.userId,
      })
    : input.mediaId;
  if (mediaId) {
    values.image = await readyImageOf(tx, mediaId);
    values.imageId = mediaId;
  }
  const altOf = mediaId || keptImageId;
  if (altOf && typeof alt === "string" && alt !== "") await writeAlt(tx, altOf, alt);
}

function columnValues(type: ContentType, data: Record<string, unknown>): Row {
  const stored = withStoredRichText(type, data);
  return Object.fromEntries(
    Object.entries(mappingOf(type).columns).map(([field, property]) => [property, stored[field]]),
  );
}

/**
 * A submission's formatted texts as they are stored (decision 017): sanitized and normalized by the one
 * function for it. Every write of the admin passes here; the other fields are left as they are.
 */
export function withStoredRichText(type: ContentType, data: Record<string, unknown>): Record<string, unknown> {
  const stored = { ...data };
  for (const field of fieldsOfKind(type, "richtext")) {
    const value = stored[field.name];
    if (typeof value === "string") stored[field.name] = normalizeRichText(value);
  }
  return stored;
}

export async function createRecord(
  db: Database,
  storage: Storage,
  type: ContentType,
  input: RecordInput,
  images: ImageEncoder = inProcessImageEncoder,
): Promise<string> {
  const mapping = mappingOf(type);
  return withUploads(storage, images, mapping, input.files, requiresFile(type), (uploaded) =>
    db.transaction(async (tx) => {
      const values: Row = { ...columnValues(type, input.data), ...uploaded.columns, published: input.published };
      await withLibraryImage(tx, mapping, values, input, uploaded.image);
      if (mapping.image && !values.imageId && requiresFile(type)) {
        throw new UploadError(uploadMessages.noFile, "No image uploaded");
      }
      if (type.parentColumn) values[type.parentColumn] = input.parentId;
      if (mapping.positionColumn) {
        const scope =
          mapping.parentColumn && input.parentId ? sql` where ${mapping.parentColumn} = ${input.parentId}` : sql``;
        values.position = sql`(select coalesce(max(${mapping.positionColumn}) + 1, 0) from ${mapping.table}${scope})`;
      }
      const [created] = (await tx.insert(mapping.table).values(values).returning({ id: mapping.table.id })) as {
        id: string;
      }[];
      if (!created) throw new Error(`Insert into ${type.name} returned no row`);
      return created.id;
    }),
  );
}

/**
 * Saves the fields; a new upload or a library choice replaces the picture (the old one stays in the library),
 * a new audio file replaces the old one, which is removed after the save commits.
 */
export async function updateRecord(
  db: Database,
  storage: Storage,
  type: ContentType,
  id: string,
  input: RecordInput,
  images: ImageEncoder = inProcessImageEncoder,
) {
  const mapping = mappingOf(type);
  const previous = await getRecord(db, type, id);
  if (!previous) return { found: false as const };
  const uploaded = await withUploads(storage, images, mapping, input.files, false, (upload) =>
    db.transaction(async (tx) => {
      const values: Row = {
        ...columnValues(type, input.data),
        ...upload.columns,
        published: input.published,
        updatedAt: new Date(),
      };
      await withLibraryImage(tx, mapping, values, input, upload.image, previous.imageId);
      await tx.update(mapping.table).set(values).where(eq(mapping.table.id, id));
      return upload;
    }),
  );
  const replaced = uploaded.columns.audio && previous.audio ? [previous.audio.key] : [];
  return { found: true as const, failedRemovals: await storage.removeAll(replaced) };
}

/** Takes the picture off an entity whose image is optional (a section's); the image stays in the library. */
export async function removeRecordImage(db: Database, type: ContentType, id: string) {
  const previous = await getRecord(db, type, id);
  return previous?.image ? updateRow(db, type, id, { image: null, imageId: null }) : false;
}

/**
 * Deletes the row (children by cascade) and then its audio files and its children's; pictures belong to the
 * library (decision 020) and stay there.
 */
export async function deleteRecord(db: Database, storage: Storage, type: ContentType, id: string) {
  if (!isUuid(id)) return { found: false as const, failedRemovals: [] };
  const mapping = mappingOf(type);
  const files = await db.transaction(async (tx) => {
    const [row] = (await tx.select().from(mapping.table).where(eq(mapping.table.id, id)).for("update")) as Row[];
    if (!row) return null;
    const record = toRecord(type, row);
    const keys = record.audio ? [record.audio.key] : [];
    if (type.child && mappingOf(type.child).audio) {
      const children = (await tx
        .select({ audio: columnOf(type.child, "audio") })
        .from(tableOf(type.child))
        .where(eq(columnOf(type.child, type.child.parentColumn!), id))) as { audio: string }[];
      keys.push(...children.map((child) => child.audio));
    }
    await tx.delete(mapping.table).where(eq(mapping.table.id, id));
    return keys;
  });
  if (!files) return { found: false as const, failedRemovals: [] };
  return { found: true as const, failedRemovals: await storage.removeAll(files) };
}

/** What a copy starts afresh from: the `reset` fields' defaults, or nothing. */
function copyResets(type: ContentType): Row {
  const reset = type.fields.filter((field) => field.column && type.duplicable?.reset.includes(field.name));
  return Object.fromEntries(reset.map((field) => [field.column, field.defaultValue?.() ?? null]));
}

/**
 * A draft copy of an entity's fields, for the next concert of a series, without the original's picture.
 * Returns the copy's id, or null when there is no such entity.
 */
export async function duplicateRecord(db: Database, type: ContentType, id: string): Promise<string | null> {
  if (!type.duplicable || !isUuid(id)) return null;
  const mapping = mappingOf(type);
  const [row] = (await db.select().from(mapping.table).where(eq(mapping.table.id, id))) as Row[];
  if (!row) return null;
  const fields = Object.fromEntries(Object.values(mapping.columns).map((property) => [property, row[property]]));
  const [copy] = (await db
    .insert(mapping.table)
    .values({ ...fields, ...copyResets(type), published: false })
    .returning({ id: mapping.table.id })) as { id: string }[];
  return copy?.id ?? null;
}

export const setPublished = (db: Database, type: ContentType, id: string, published: boolean) =>
  updateRow(db, type, id, { published });

/** Sets columns of one row and its time of change; false when there is no such row. */
async function updateRow(db: Database, type: ContentType, id: string, values: Row) {
  if (!isUuid(id)) return false;
  const table = tableOf(type);
  const updated = await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  return updated.length > 0;
}

async function orderedIds(db: Database, mapping: Mapping, parentId: string | null) {
  const where = mapping.parentColumn && parentId ? eq(mapping.parentColumn, parentId) : undefined;
  const rows = (await db
    .select({ id: mapping.table.id })
    .from(mapping.table)
    .where(where)
    .orderBy(asc(mapping.positionColumn!), asc(mapping.table.createdAt))
    .for("update")) as { id: string }[];
  return rows.map((row) => row.id);
}

async function writeOrder(db: Database, mapping: Mapping, ids: string[]) {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::uuid then ${index}::integer`),
    sql` `,
  );
  await db
    .update(mapping.table)
    .set({ position: sql`case ${mapping.table.id} ${cases} end` } as Row)
    .where(inArray(mapping.table.id, ids));
}

/** Moves one entity a step up or down in the manual order (the keyboard alternative to dragging). */
export async function moveRecord(
  db: Database,
  type: ContentType,
  id: string,
  direction: "up" | "down",
  parentId: string | null = null,
) {
  const mapping = mappingOf(type);
  if (!mapping.positionColumn) return false;
  return db.transaction(async (tx) => {
    const ids = await orderedIds(tx, mapping, parentId);
    const index = ids.indexOf(id);
    const target = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || target < 0 || target >= ids.length) return false;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    await writeOrder(tx, mapping, ids);
    return true;
  });
}

/** Puts the entities in the given order (after a drag and drop); the list must hold exactly the current ids. */
export async function reorderRecords(db: Database, type: ContentType, ids: string[], parentId: string | null = null) {
  const mapping = mappingOf(type);
  if (!mapping.positionColumn) return false;
  return db.transaction(async (tx) => {
    const current = await orderedIds(tx, mapping, parentId);
    if (current.length !== ids.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id)))
      return false;
    await writeOrder(tx, mapping, ids);
    return true;
  });
}
