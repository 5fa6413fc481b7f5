import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { albums } from "~/db/schema";
import { copenhagenDateTime, formatMoney, kronerForInput, parseKroner } from "~/lib/format";
import { altTexts } from "~/features/media/library.server";
import type { StoredAudioRef, StoredImageRef } from "~/features/media/media";
import { fieldsOfKind, titleField, type ContentType, type FieldKind } from "../registry";
import { richTextPlain } from "../rich-text.server";
import { isUuid } from "../schemas";
import { columnOf, tableOf } from "../tables.server";

// A content row as the admin reads it, mapped to and from its form by the type's registry entry (decision 025).

/** A stored instant as a datetime-local field shows it: Copenhagen time, "2026-12-04T20:00". */
function dateTimeField(value: unknown) {
  if (!(value instanceof Date)) return "";
  const { date, time } = copenhagenDateTime(value);
  return `${date}T${time}`;
}

/** What the form shows of a stored value, where it is not the value as text. */
const toForm: Partial<Record<FieldKind, (value: unknown) => string>> = {
  datetime: dateTimeField,
  youtube: (value) => `https://www.youtube.com/watch?v=${String(value)}`,
  money: (value) => (typeof value === "number" ? kronerForInput(value) : ""),
  // The form's echo is one text per field; option values hold no commas.
  choices: (value) => (Array.isArray(value) ? value.join(",") : ""),
};

/** A stored value as the form of a field of this kind shows it. */
export const formValue = (kind: FieldKind, value: unknown) => toForm[kind]?.(value) ?? String(value ?? "");

/** How a type's form fields map to its table, read from its registry entry. */
export function mappingOf(type: ContentType) {
  const stored = type.fields.filter((field) => field.column !== undefined);
  const columns = Object.fromEntries(stored.map((field) => [field.name, field.column!]));
  return {
    table: tableOf(type),
    /** Form field → column property. */
    columns,
    titleProperty: titleField(type).column!,
    searchColumns: fieldsOfKind(type, "text", "textarea", "richtext").map((field) => columnOf(type, field.column!)),
    positionColumn: type.ordered ? columnOf(type, "position") : undefined,
    parentColumn: type.parentColumn ? columnOf(type, type.parentColumn) : undefined,
    image: fieldsOfKind(type, "image")[0],
    /** The gallery's alt text: written to the library image. */
    alt: fieldsOfKind(type, "alt")[0],
    audio: fieldsOfKind(type, "audio")[0],
  };
}

export type Mapping = ReturnType<typeof mappingOf>;

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
}

export type Row = Record<string, unknown>;

export function toRecord(type: ContentType, row: Row): ContentRecord {
  const mapping = mappingOf(type);
  const values: Record<string, string> = {};
  for (const field of type.fields) {
    if (field.column === undefined) continue;
    values[field.name] = formValue(field.kind, row[field.column]);
  }
  return {
    id: row.id as string,
    title: String(row[mapping.titleProperty] ?? ""),
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
    parentId: type.parentColumn ? (row[type.parentColumn] as string) : null,
    createdAt: row.createdAt as Date,
    updatedAt: row.updatedAt as Date,
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

export async function listRecords(db: Database, type: ContentType, query: ListQuery = {}) {
  const mapping = mappingOf(type);
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
          ? [asc(sql`lower(${columnOf(type, mapping.titleProperty)})`), desc(table.createdAt)]
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
  return { records: rows.map((row) => toRecord(type, row)), total: total?.value ?? 0, page, pageCount, sort };
}

export async function getRecord(db: Database, type: ContentType, id: string): Promise<ContentRecord | null> {
  if (!isUuid(id)) return null;
  const { table, alt } = mappingOf(type);
  const [row] = (await db.select().from(table).where(eq(table.id, id))) as Row[];
  if (!row) return null;
  const record = toRecord(type, row);
  if (alt && record.imageId) record.values[alt.name] = (await altTexts(db, [record.imageId])).get(record.imageId) ?? "";
  return record;
}

export type FieldChoices = Record<string, { value: string; label: string }[]>;

/** The options of the type's selects that list other content (a concert's album), in the admin's order. */
export async function fieldChoices(db: Database, type: ContentType): Promise<FieldChoices> {
  const fields = type.fields.filter((field) => field.choicesFrom === "albums");
  if (fields.length === 0) return {};
  const rows = await db
    .select({ id: albums.id, title: albums.title, artist: albums.artist })
    .from(albums)
    .orderBy(asc(albums.position), asc(albums.createdAt));
  const options = rows.map((row) => ({ value: row.id, label: `${row.title} (${row.artist})` }));
  return Object.fromEntries(fields.map((field) => [field.name, options]));
}

/**
 * A record's form values as the admin list's line under the title shows them: formatted texts as plain text,
 * amounts as money ("1.250,00 kr."), chosen options by their labels.
 */
export function plainValues(type: ContentType, values: Record<string, string>): Record<string, string> {
  const plain = { ...values };
  for (const field of type.fields) {
    const value = plain[field.name];
    if (value === undefined) continue;
    if (field.kind === "richtext") plain[field.name] = richTextPlain(value);
    if (field.kind === "money") {
      const oere = parseKroner(value);
      plain[field.name] = oere === null ? value : formatMoney(oere);
    }
    if (field.kind === "choices") {
      const labels = new Map(field.options?.map((option) => [option.value, option.label]));
      plain[field.name] = value
        .split(",")
        .filter(Boolean)
        .map((chosen) => labels.get(chosen) ?? chosen)
        .join(", ");
    }
  }
  return plain;
}
