import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { albums, articles, banners, events, pages, sections, stockImages, tracks, videoLinks } from "~/db/schema";
import { copenhagenDateTime } from "~/lib/format";
import { storeAudioUpload } from "~/features/media/audio.server";
import { inProcessImageEncoder, type ImageEncoder } from "~/features/media/image-encoder.server";
import { UploadError } from "~/features/media/image.server";
import { altTexts, encodeUploadNow, insertReadyImage, readyImageOf, writeAlt } from "~/features/media/library.server";
import { imageFileKeys, uploadMessages, type StoredAudioRef, type StoredImageRef } from "~/features/media/media";
import type { Storage } from "~/features/storage/storage.server";
import { normalizeRichText, richTextPlain } from "../rich-text.server";
import type { ResourceDef, ResourceName } from "./resources";

/** The columns every content table has. */
type ContentTable = PgTable & {
  id: PgColumn;
  published: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

interface Mapping {
  table: ContentTable;
  /** Form field → column property, for the text and number fields. */
  columns: Record<string, string>;
  /** Database value → what the form shows. */
  toForm?: Partial<Record<string, (value: unknown) => string>>;
  titleColumn: PgColumn;
  searchColumns: PgColumn[];
  positionColumn?: PgColumn;
  parentColumn?: PgColumn;
  parentProperty?: string;
  /** The image field; `altField`: the form's alt text, written to the library image (the gallery's). */
  image?: { field: string; altField?: string };
  audio?: { field: string };
  /** What a copy starts from besides the fields: a copied concert is planned again, whatever the original's state. */
  copyResets?: Row;
  /** Files of child rows that the database removes by cascade. */
  childFiles?: (db: Database, id: string) => Promise<string[]>;
}

/** A stored instant as a datetime-local field shows it: Copenhagen time, "2026-12-04T20:00". */
function dateTimeField(value: unknown) {
  if (!(value instanceof Date)) return "";
  const { date, time } = copenhagenDateTime(value);
  return `${date}T${time}`;
}

const mappings: Record<ResourceName, Mapping> = {
  album: {
    table: albums,
    columns: { album_artist: "artist", album_year: "year", album_title: "title" },
    titleColumn: albums.title,
    searchColumns: [albums.title, albums.artist],
    positionColumn: albums.position,
    image: { field: "album_image" },
    childFiles: async (db, id) =>
      (await db.select({ audio: tracks.audio }).from(tracks).where(eq(tracks.albumId, id))).map((row) => row.audio),
  },
  audio: {
    table: tracks,
    columns: { audio_title: "title", audio_text: "text" },
    titleColumn: tracks.title,
    searchColumns: [tracks.title],
    positionColumn: tracks.position,
    parentColumn: tracks.albumId,
    parentProperty: "albumId",
    audio: { field: "audio_audio" },
  },
  article: {
    table: articles,
    columns: { article_header: "header", article_text: "text" },
    titleColumn: articles.header,
    searchColumns: [articles.header, articles.text],
    image: { field: "article_image" },
  },
  banner: {
    table: banners,
    columns: { banner_range: "range", banner_title: "title", banner_text: "text" },
    titleColumn: banners.title,
    searchColumns: [banners.title, banners.text],
    positionColumn: banners.position,
    image: { field: "banner_image" },
  },
  event: {
    table: events,
    columns: {
      event_title: "title",
      event_performers: "performers",
      event_album: "albumId",
      event_start: "startsAt",
      event_doors: "doorsOpen",
      event_end: "endsAt",
      event_room: "room",
      event_price: "price",
      event_age: "ageLimit",
      event_ticket_url: "ticketUrl",
      event_status: "status",
      event_moved_to: "movedTo",
      event_text: "description",
    },
    toForm: { event_start: dateTimeField, event_end: dateTimeField, event_moved_to: dateTimeField },
    titleColumn: events.title,
    searchColumns: [events.title, events.performers],
    image: { field: "event_image" },
    copyResets: { status: "planlagt", movedTo: null },
  },
  page: {
    table: pages,
    columns: { page_page: "page", page_header: "header" },
    titleColumn: pages.header,
    searchColumns: [pages.header],
    image: { field: "page_image" },
  },
  section: {
    table: sections,
    columns: { section_header: "header", section_text: "text" },
    titleColumn: sections.header,
    searchColumns: [sections.header],
    positionColumn: sections.position,
    parentColumn: sections.pageId,
    parentProperty: "pageId",
    image: { field: "section_image" },
  },
  stock: {
    table: stockImages,
    columns: { stock_title: "title", stock_text: "text" },
    titleColumn: stockImages.title,
    searchColumns: [stockImages.title, stockImages.text],
    positionColumn: stockImages.position,
    image: { field: "stock_image", altField: "stock_alt" },
  },
  youtube: {
    table: videoLinks,
    columns: { youtube_title: "title", youtube_link: "videoId" },
    toForm: { youtube_link: (value) => `https://www.youtube.com/watch?v=${String(value)}` },
    titleColumn: videoLinks.title,
    searchColumns: [videoLinks.title],
  },
};

export interface ContentRecord {
  id: string;
  title: string;
  values: Record<string, string>;
  image: StoredImageRef | null;
  /** The library image the row shows (decision 020). */
  imageId: string | null;
  audio: StoredAudioRef | null;
  published: boolean;
  position: number | null;
  parentId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The video id, for a thumbnail-free preview. */
  videoId?: string;
}

type Row = Record<string, unknown>;

function toRecord(resource: ResourceDef, row: Row): ContentRecord {
  const mapping = mappings[resource.name];
  const values: Record<string, string> = {};
  for (const [field, property] of Object.entries(mapping.columns)) {
    const convert = mapping.toForm?.[field];
    values[field] = convert ? convert(row[property]) : String(row[property] ?? "");
  }
  const titleProperty = Object.entries(mapping.columns).find(
    ([, property]) => mapping.table[property as keyof ContentTable] === mapping.titleColumn,
  )?.[1];
  return {
    id: row.id as string,
    title: String(row[titleProperty ?? "title"] ?? ""),
    values,
    image: (row.image as StoredImageRef | null | undefined) ?? null,
    imageId: (row.imageId as string | null | undefined) ?? null,
    audio: mapping.audio
      ? {
          key: row.audio as string,
          contentType: row.contentType as string,
          durationSeconds: (row.durationSeconds as number | null) ?? null,
        }
      : null,
    published: row.published as boolean,
    position: (row.position as number | undefined) ?? null,
    parentId: mapping.parentProperty ? (row[mapping.parentProperty] as string) : null,
    createdAt: row.createdAt as Date,
    updatedAt: row.updatedAt as Date,
    ...(resource.name === "youtube" ? { videoId: row.videoId as string } : {}),
  };
}

export type SortOrder = "manual" | "newest" | "oldest" | "title";
export const PAGE_SIZE = 20;

export interface ListQuery {
  search?: string;
  sort?: SortOrder;
  page?: number;
  parentId?: string;
  pageSize?: number;
}

export async function listRecords(db: Database, resource: ResourceDef, query: ListQuery = {}) {
  const mapping = mappings[resource.name];
  const table = mapping.table;
  const conditions: SQL[] = [];
  if (mapping.parentColumn && query.parentId) conditions.push(eq(mapping.parentColumn, query.parentId));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(or(...mapping.searchColumns.map((column) => ilike(column, pattern)))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = query.sort ?? (mapping.positionColumn ? "manual" : "newest");
  const orderBy =
    sort === "manual" && mapping.positionColumn
      ? [asc(mapping.positionColumn), asc(table.createdAt)]
      : sort === "oldest"
        ? [asc(table.createdAt)]
        : sort === "title"
          ? [asc(sql`lower(${mapping.titleColumn})`), desc(table.createdAt)]
          : [desc(table.createdAt)];
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const [total] = await db.select({ value: count() }).from(table).where(where);
  const pageCount = Math.max(1, Math.ceil((total?.value ?? 0) / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = (await db
    .select()
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as Row[];
  return { records: rows.map((row) => toRecord(resource, row)), total: total?.value ?? 0, page, pageCount, sort };
}

export async function getRecord(db: Database, resource: ResourceDef, id: string): Promise<ContentRecord | null> {
  if (!isUuid(id)) return null;
  const table = mappings[resource.name].table;
  const [row] = (await db.select().from(table).where(eq(table.id, id))) as Row[];
  if (!row) return null;
  const record = toRecord(resource, row);
  const altField = mappings[resource.name].image?.altField;
  if (altField && record.imageId)
    record.values[altField] = (await altTexts(db, [record.imageId])).get(record.imageId) ?? "";
  return record;
}

export type FieldChoices = Record<string, { value: string; label: string }[]>;

/** The options of the resource's selects that list other content (a concert's album), in the admin's order. */
export async function fieldChoices(db: Database, resource: ResourceDef): Promise<FieldChoices> {
  const fields = resource.fields.filter((field) => field.choicesFrom === "albums");
  if (fields.length === 0) return {};
  const rows = await db
    .select({ id: albums.id, title: albums.title, artist: albums.artist })
    .from(albums)
    .orderBy(asc(albums.position), asc(albums.createdAt));
  const options = rows.map((row) => ({ value: row.id, label: `${row.title} (${row.artist})` }));
  return Object.fromEntries(fields.map((field) => [field.name, options]));
}

export function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

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

/** Uploads the entity's files; what is written is listed, so a failure later can take it away again. */
async function uploadFiles(
  storage: Storage,
  images: ImageEncoder,
  mapping: Mapping,
  files: RecordInput["files"],
  required: boolean,
) {
  const columns: Row = {};
  const written: string[] = [];
  let image: { ref: StoredImageRef; originalName: string } | null = null;
  try {
    if (mapping.image && files.image) {
      const ref = await encodeUploadNow(storage, images, files.image);
      written.push(...imageFileKeys(ref));
      image = { ref, originalName: files.image.name };
    }
    if (mapping.audio && (files.audio || required)) {
      const audio = await storeAudioUpload(storage, files.audio ?? null, images);
      written.push(audio.key);
      Object.assign(columns, {
        audio: audio.key,
        contentType: audio.contentType,
        durationSeconds: audio.durationSeconds,
      });
    }
  } catch (error) {
    await storage.removeAll(written);
    throw error;
  }
  return { columns, written, image };
}

/**
 * The one place a content row's picture is written (decision 020): the library image `mediaId`, read in the
 * writing transaction and required to be ready, sets both `image_id` and `image`, its rendering copy. A new
 * upload first becomes a ready library row in the same transaction. The gallery's alt text goes to the
 * library image too.
 */
async function withLibraryImage(
  tx: Database,
  mapping: Mapping,
  values: Row,
  input: RecordInput,
  uploaded: Awaited<ReturnType<typeof uploadFiles>>["image"],
) {
  if (!mapping.image) return;
  const altField = mapping.image.altField;
  const alt = altField ? input.data[altField] : undefined;
  const mediaId = uploaded
    ? await insertReadyImage(tx, {
        image: uploaded.ref,
        originalName: uploaded.originalName,
        alt: typeof alt === "string" ? alt : "",
        createdBy: input.userId,
      })
    : input.mediaId;
  if (!mediaId) return;
  values.image = await readyImageOf(tx, mediaId);
  values.imageId = mediaId;
  if (typeof alt === "string" && alt !== "") await writeAlt(tx, mediaId, alt);
}

function columnValues(resource: ResourceDef, data: Record<string, unknown>): Row {
  const stored = withStoredRichText(resource, data);
  return Object.fromEntries(
    Object.entries(mappings[resource.name].columns).map(([field, property]) => [property, stored[field]]),
  );
}

/**
 * A submission's formatted texts as they are stored (decision 017): sanitized and normalized by the one
 * function for it. Every write of the admin passes here; the other fields are left as they are.
 */
export function withStoredRichText(resource: ResourceDef, data: Record<string, unknown>): Record<string, unknown> {
  const stored = { ...data };
  for (const field of resource.fields) {
    const value = stored[field.name];
    if (field.kind === "richtext" && typeof value === "string") stored[field.name] = normalizeRichText(value);
  }
  return stored;
}

/** A record's form values with its formatted texts as plain text: the admin list's line under the title. */
export function plainValues(resource: ResourceDef, values: Record<string, string>): Record<string, string> {
  const plain = { ...values };
  for (const field of resource.fields) {
    const value = plain[field.name];
    if (field.kind === "richtext" && value !== undefined) plain[field.name] = richTextPlain(value);
  }
  return plain;
}

/** Whether the entity needs a file on creation (images of all but sections, every track's audio). */
export function requiresFile(resource: ResourceDef) {
  return resource.fields.some((field) => (field.kind === "image" || field.kind === "audio") && !field.optional);
}

export async function createRecord(
  db: Database,
  storage: Storage,
  resource: ResourceDef,
  input: RecordInput,
  images: ImageEncoder = inProcessImageEncoder,
): Promise<string> {
  const mapping = mappings[resource.name];
  const uploaded = await uploadFiles(storage, images, mapping, input.files, requiresFile(resource));
  try {
    return await db.transaction(async (tx) => {
      const values: Row = { ...columnValues(resource, input.data), ...uploaded.columns, published: input.published };
      await withLibraryImage(tx, mapping, values, input, uploaded.image);
      if (mapping.image && !values.imageId && requiresFile(resource)) {
        throw new UploadError(uploadMessages.noFile, "No image uploaded");
      }
      if (mapping.parentProperty) values[mapping.parentProperty] = input.parentId;
      if (mapping.positionColumn) {
        const scope =
          mapping.parentColumn && input.parentId ? sql` where ${mapping.parentColumn} = ${input.parentId}` : sql``;
        values.position = sql`(select coalesce(max(${mapping.positionColumn}) + 1, 0) from ${mapping.table}${scope})`;
      }
      const [created] = (await tx.insert(mapping.table).values(values).returning({ id: mapping.table.id })) as {
        id: string;
      }[];
      if (!created) throw new Error(`Insert into ${resource.name} returned no row`);
      return created.id;
    });
  } catch (error) {
    await storage.removeAll(uploaded.written);
    throw error;
  }
}

/**
 * Saves the fields; a new upload or a library choice replaces the picture (the old one stays in the library),
 * a new audio file replaces the old one, which is removed after the save commits.
 */
export async function updateRecord(
  db: Database,
  storage: Storage,
  resource: ResourceDef,
  id: string,
  input: RecordInput,
  images: ImageEncoder = inProcessImageEncoder,
) {
  const mapping = mappings[resource.name];
  const previous = await getRecord(db, resource, id);
  if (!previous) return { found: false as const };
  const uploaded = await uploadFiles(storage, images, mapping, input.files, false);
  try {
    await db.transaction(async (tx) => {
      const values: Row = {
        ...columnValues(resource, input.data),
        ...uploaded.columns,
        published: input.published,
        updatedAt: new Date(),
      };
      await withLibraryImage(tx, mapping, values, input, uploaded.image);
      // The gallery's alt text belongs to the image it keeps when none is chosen.
      const altField = mapping.image?.altField;
      const alt = altField ? input.data[altField] : undefined;
      if (!values.imageId && previous.imageId && typeof alt === "string" && alt !== "") {
        await writeAlt(tx, previous.imageId, alt);
      }
      await tx.update(mapping.table).set(values).where(eq(mapping.table.id, id));
    });
  } catch (error) {
    await storage.removeAll(uploaded.written);
    throw error;
  }
  const replaced = uploaded.columns.audio && previous.audio ? [previous.audio.key] : [];
  return { found: true as const, failedRemovals: await storage.removeAll(replaced) };
}

/** Takes the picture off an entity whose image is optional (a section's); the image stays in the library. */
export async function removeRecordImage(db: Database, resource: ResourceDef, id: string) {
  const mapping = mappings[resource.name];
  const previous = await getRecord(db, resource, id);
  if (!previous?.image) return false;
  await db
    .update(mapping.table)
    .set({ image: null, imageId: null, updatedAt: new Date() } as Row)
    .where(eq(mapping.table.id, id));
  return true;
}

/**
 * Deletes the row (children by cascade) and then its audio files and its children's; pictures belong to the
 * library (decision 020) and stay there.
 */
export async function deleteRecord(db: Database, storage: Storage, resource: ResourceDef, id: string) {
  if (!isUuid(id)) return { found: false as const, failedRemovals: [] };
  const mapping = mappings[resource.name];
  const files = await db.transaction(async (tx) => {
    const [row] = (await tx.select().from(mapping.table).where(eq(mapping.table.id, id)).for("update")) as Row[];
    if (!row) return null;
    const record = toRecord(resource, row);
    const keys = record.audio ? [record.audio.key] : [];
    if (mapping.childFiles) keys.push(...(await mapping.childFiles(tx, id)));
    await tx.delete(mapping.table).where(eq(mapping.table.id, id));
    return keys;
  });
  if (!files) return { found: false as const, failedRemovals: [] };
  return { found: true as const, failedRemovals: await storage.removeAll(files) };
}

/**
 * A draft copy of an entity's fields, for the next concert of a series, without the original's picture. Returns the copy's id, or null when there is no such entity.
 */
export async function duplicateRecord(db: Database, resource: ResourceDef, id: string): Promise<string | null> {
  if (!resource.duplicable || !isUuid(id)) return null;
  const mapping = mappings[resource.name];
  const [row] = (await db.select().from(mapping.table).where(eq(mapping.table.id, id))) as Row[];
  if (!row) return null;
  const fields = Object.fromEntries(Object.values(mapping.columns).map((property) => [property, row[property]]));
  const [copy] = (await db
    .insert(mapping.table)
    .values({ ...fields, ...mapping.copyResets, published: false })
    .returning({ id: mapping.table.id })) as { id: string }[];
  return copy?.id ?? null;
}

export async function setPublished(db: Database, resource: ResourceDef, id: string, published: boolean) {
  if (!isUuid(id)) return false;
  const table = mappings[resource.name].table;
  const updated = await db
    .update(table)
    .set({ published, updatedAt: new Date() } as Row)
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
  resource: ResourceDef,
  id: string,
  direction: "up" | "down",
  parentId: string | null = null,
) {
  const mapping = mappings[resource.name];
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
export async function reorderRecords(
  db: Database,
  resource: ResourceDef,
  ids: string[],
  parentId: string | null = null,
) {
  const mapping = mappings[resource.name];
  if (!mapping.positionColumn) return false;
  return db.transaction(async (tx) => {
    const current = await orderedIds(tx, mapping, parentId);
    if (current.length !== ids.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id)))
      return false;
    await writeOrder(tx, mapping, ids);
    return true;
  });
}
