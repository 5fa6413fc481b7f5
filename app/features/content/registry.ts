import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type * as contentSchema from "~/db/schema/content";

/**
 * What a content type is (decision 025): one entry says everything the site needs to know about it, and the
 * routes, access rules, menus, record mappings, form schemas, media library uses and sitemap are derived from
 * the entries (`content-types.ts`). This module is read by the browser too (the menus, the admin's forms):
 * tables are named, not imported, so the database schema stays on the server.
 */

export type FieldKind =
  | "text"
  | "textarea"
  /** Formatted text (decision 017): the editor on admin pages, a textarea without JavaScript. */
  | "richtext"
  | "number"
  | "range"
  | "select"
  /** A library picture (decision 020): the row's `image_id` and its rendering copy `image`. */
  | "image"
  /** A sound file: the row's `audio`, `content_type` and `duration_seconds`. */
  | "audio"
  /** The picture's alt text, kept by its library image. */
  | "alt"
  /** A Copenhagen date and time (datetime-local). */
  | "datetime"
  /** A wall-clock time, "HH:MM". */
  | "time"
  /** A web address. */
  | "url"
  /** A YouTube address, stored as its video id. */
  | "youtube"
  /** A price in kroner as Danes type it ("1.250,50"), stored as whole øre; `min` and `max` are kroner. */
  | "money"
  /** Checkboxes of the `options`, any number of them, stored as an array column. */
  | "choices";

/** The kinds that are one input, where it is not a plain text line of the full width. */
export const plainInputs: Partial<
  Record<FieldKind, { type: string; inputMode?: "numeric" | "decimal" | "url"; width?: string }>
> = {
  number: { type: "text", inputMode: "numeric", width: " max-w-40" },
  money: { type: "text", inputMode: "decimal", width: " max-w-40" },
  datetime: { type: "datetime-local", width: " max-w-xs" },
  time: { type: "time", width: " max-w-40" },
  url: { type: "url", inputMode: "url" },
};

export interface FieldDef<Column extends string = string> {
  /** The form input's name, exactly as the spec gives it. */
  name: string;
  /** Where it is stored: the table's property. Pictures, sound files and alt texts have their fixed places. */
  column?: Column;
  label: string;
  kind: FieldKind;
  hint?: string;
  /** May be left empty (the label says so); every other field is required. */
  optional?: boolean;
  /**
   * A text's most characters (200 unless given); a number's bounds (spec §5's 0 to 999999.9999 unless given); an
   * amount's bounds in kroner (0 to 1,000,000 unless given).
   */
  min?: number;
  max?: number;
  /** A number that must be whole. */
  whole?: boolean;
  /** What the field says when it is wrong, where the kind's own message does not fit (empty, for a text). */
  message?: string;
  options?: readonly { value: string; label: string }[];
  /** A value for a new record ("current year"), and what a copy starts from. */
  defaultValue?: () => string;
  /** A select whose options are rows of another content type, read when the form is shown. */
  choicesFrom?: "albums";
}

/** The columns every content table has. */
export type ContentTable = PgTable & { id: PgColumn; published: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

type ContentSchema = typeof contentSchema;
export type ContentTableName = {
  [Name in keyof ContentSchema]: ContentSchema[Name] extends ContentTable ? Name : never;
}[keyof ContentSchema];
type ColumnOf<Name extends ContentTableName> = Extract<keyof ContentSchema[Name]["$inferSelect"], string>;

/** A form's values after its schema: field name → value. */
export type FormValues = Record<string, unknown>;

export interface ContentTypeOf<Column extends string> {
  /** Its name in forms, logs and the media library's uses: "album", "youtube" … */
  name: string;
  /**
   * Its table: the name of its export in `app/db/schema/content.ts`. A type only the server knows (a test's
   * own) may give the table itself.
   */
  table: ContentTableName | ContentTable;
  names: {
    /** The singular with its article, for messages: "albummet", "artiklen". */
    the: string;
    /** The list's title and menu label: "Mine albums" (spec §2). */
    plural: string;
    /** "Opret album", "Opret Billede", "Opret video link". */
    create: string;
    /** How the media library names a row that shows a picture, when not `the` ("galleribilledet"). */
    imageUse?: string;
  };
  /** The admin's list (`/album`), create (`/album/create`) and edit (`/album/{id}`) pages; none for a child. */
  path?: string;
  /** Where its list and create entries sit in the admin menu (see `adminMenu`); none for a child. */
  menu?: number;
  fields: readonly FieldDef<Column>[];
  /** Kept in the admin's own order (a `position` column); otherwise newest first. */
  ordered?: boolean;
  /** A child's parent column: its rows are managed on the parent's edit page. */
  parentColumn?: Column;
  /** The type whose rows belong to this one's (an album's tracks), managed on this one's edit page. */
  child?: ContentType;
  /** The list offers "Kopiér"; a copy is a draft whose `reset` fields start again from their default. */
  duplicable?: { reset: readonly string[] };
  /** The public page that shows it ("Forhåndsvis" opens it with drafts), by the record's form values. */
  publicPath?: string | ((values: Record<string, string>) => string);
  /**
   * Its sitemap entries: pages whose last change is its newest published row, and a page for each published
   * row (the row as the table holds it).
   */
  sitemap?: { pages?: readonly string[]; row?: (row: Record<string, unknown>) => string };
  /**
   * The line under a record's title in the admin list, from its form values as the list shows them (formatted
   * texts as plain text, amounts as "1.250,00 kr.", chosen options by their labels, joined by ", ").
   */
  subtitle?: (values: Record<string, string>) => string;
  /** What the admin list shows where a row has no picture. */
  noImageMark?: string;
  /** Rules across fields, after each field is read: reports problems, answers the values to store. */
  refine?: (values: FormValues, problem: (field: string, message: string) => void) => FormValues;
}

export type ContentType = ContentTypeOf<string>;

/** An entry of the registry, its columns checked against its table. */
export function contentType<Name extends ContentTableName>(
  type: ContentTypeOf<ColumnOf<Name>> & { table: Name },
): ContentType {
  return type;
}

/** A type with admin pages of its own. */
export type AdminContentType = ContentType & { path: string };
export const hasAdminPages = (type: ContentType): type is AdminContentType => type.path !== undefined;

/** The type an admin page is about, by the first segment of its path (`/album/…`). */
export function typeByPath(types: readonly ContentType[], pathname: string): AdminContentType | undefined {
  const segment = `/${pathname.split("/")[1] ?? ""}`;
  return types.filter(hasAdminPages).find((type) => type.path === segment);
}

/** Every type of the list with its children. */
export function withChildren(types: readonly ContentType[]): ContentType[] {
  return types.flatMap((type) => (type.child ? [type, type.child] : [type]));
}

export const fieldsOfKind = (type: ContentType, ...kinds: FieldKind[]) =>
  type.fields.filter((field) => kinds.includes(field.kind));

/** The field that names a record: its first text field. */
export function titleField(type: ContentType) {
  const field = type.fields.find((candidate) => candidate.kind === "text");
  if (!field?.column) throw new Error(`${type.name} has no text field to name its records`);
  return field;
}

/** Whether the type needs a file on creation (the images of all but sections and concerts, every track's audio). */
export function requiresFile(type: ContentType) {
  return fieldsOfKind(type, "image", "audio").some((field) => !field.optional);
}

/** "Albummet": the singular at the start of a sentence. */
export function capitalised(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
