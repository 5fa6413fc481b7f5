import { relations, sql, type BuildExtraConfigColumns } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  uuid,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from "drizzle-orm/pg-core";
import type { StoredImageRef } from "~/features/media/media";
import { mediaImageStatuses } from "~/features/media/media";
import { users } from "./accounts";
import { createdAt, instant, updatedAt, uuidId } from "./columns";
import { addOnUnit, addOnVat, customerType } from "./rental";

import { pageNames } from "~/features/content/page-names";
import { eventStatuses, ticketSaleModes } from "./values/content";

export { pageNames, type PageName } from "~/features/content/page-names";

export const pageNameEnum = pgEnum("page_name", pageNames);

/** Manual order chosen by the admin (drag and drop or "Flyt op/ned"); ties fall back to creation time. */
const position = () => integer("position").notNull().default(0);
const image = () => jsonb("image").$type<StoredImageRef>();

/** `<table>_<column>_not_blank` for each of the columns. */
const notBlank = (table: string, ...columns: { name: string }[]) =>
  columns.map(({ name }) => check(`${table}_${name}_not_blank`, sql`length(btrim(${sql.identifier(name)})) > 0`));

const contentColumns = () => ({
  id: uuidId(),
  /** Drafts are hidden from visitors; the admin sees and previews them. */
  published: boolean("published").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

type ContentColumns = ReturnType<typeof contentColumns>;

/** A content table: its own columns between the id and what every content row has. */
function contentTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extraConfig: (table: BuildExtraConfigColumns<TName, ContentColumns & TColumns, "pg">) => PgTableExtraConfigValue[],
) {
  const { id, ...rest } = contentColumns();
  return pgTable<TName, ContentColumns & TColumns>(name, { id, ...columns, ...rest }, extraConfig);
}

export const mediaImageStatusEnum = pgEnum("media_image_status", mediaImageStatuses);

/**
 * The media library (decision 020): every picture the content shows is one of these, and its files belong to
 * it. An upload is a row at once ("processing"), encoded in the background, then "ready" with its `image`.
 */
export const mediaImages = pgTable(
  "media_images",
  {
    id: uuidId(),
    /** The encoded files (immutable); null until processed. */
    image: image(),
    status: mediaImageStatusEnum("status").notNull().default("processing"),
    alt: text("alt").notNull().default(""),
    /** The uploaded file's name, shown to the admin only, as text. */
    originalName: text("original_name").notNull(),
    /** Why processing failed, in Danish. */
    failure: text("failure"),
    /** The raw upload, kept in storage until processed. */
    uploadKey: text("upload_key"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("media_images_created_idx").on(table.createdAt),
    check("media_images_ready_has_image", sql`(${table.status} = 'ready') = (${table.image} is not null)`),
    check("media_images_original_name_length", sql`char_length(${table.originalName}) between 1 and 200`),
    check("media_images_alt_length", sql`char_length(${table.alt}) <= 500`),
  ],
);

/**
 * A content row's picture: `image_id` is the library image, `image` its rendering copy (the same immutable
 * file ref, so the public readers need no join). Written together, in records.server.ts only.
 */
const imageId = () => uuid("image_id").references(() => mediaImages.id, { onDelete: "restrict" });
const picture = () => ({ image: image().notNull(), imageId: imageId().notNull() });
/** A picture the row may go without. */
const optionalPicture = () => ({ image: image(), imageId: imageId() });
const imageTogether = (name: string) => check(name, sql`("image" is null) = ("image_id" is null)`);

export const pages = contentTable(
  "pages",
  {
    page: pageNameEnum("page").notNull(),
    header: text("header").notNull(),
    ...optionalPicture(),
  },
  (table) => [
    index("pages_page_idx").on(table.page),
    ...notBlank("pages", table.header),
    imageTogether("pages_image_with_id"),
  ],
);

export const sections = contentTable(
  "sections",
  {
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    header: text("header").notNull(),
    text: text("text").notNull(),
    ...optionalPicture(),
    position: position(),
  },
  (table) => [
    index("sections_page_position_idx").on(table.pageId, table.position),
    imageTogether("sections_image_with_id"),
    ...notBlank("sections", table.header, table.text),
    check("sections_position_not_negative", sql`${table.position} >= 0`),
  ],
);

export const albums = contentTable(
  "albums",
  {
    artist: text("artist").notNull(),
    year: integer("year").notNull(),
    title: text("title").notNull(),
    ...picture(),
    position: position(),
  },
  (table) => [
    ...notBlank("albums", table.artist, table.title),
    check("albums_year_range", sql`${table.year} between 0 and 999999`),
  ],
);

/** A track of an album (the spec's "audio"). */
export const tracks = contentTable(
  "tracks",
  {
    albumId: uuid("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    text: text("text").notNull().default(""),
    audio: text("audio").notNull(),
    contentType: text("content_type").notNull(),
    durationSeconds: real("duration_seconds"),
    position: position(),
  },
  (table) => [
    index("tracks_album_position_idx").on(table.albumId, table.position),
    ...notBlank("tracks", table.title),
    check("tracks_duration_positive", sql`${table.durationSeconds} is null or ${table.durationSeconds} > 0`),
  ],
);

export const articles = contentTable(
  "articles",
  {
    header: text("header").notNull(),
    text: text("text").notNull(),
    ...picture(),
  },
  (table) => [index("articles_created_idx").on(table.createdAt), ...notBlank("articles", table.header, table.text)],
);

export const banners = contentTable(
  "banners",
  {
    /** Vertical focal point of the image in percent: what stays visible when cropped, and the parallax anchor. */
    range: real("range").notNull().default(50),
    title: text("title").notNull(),
    text: text("text").notNull(),
    ...picture(),
    position: position(),
  },
  (table) => [
    ...notBlank("banners", table.title, table.text),
    check("banners_range_percent", sql`${table.range} between 0 and 100`),
  ],
);

export const stockImages = contentTable(
  "stock_images",
  {
    title: text("title").notNull(),
    text: text("text").notNull(),
    ...picture(),
    position: position(),
  },
  (table) => notBlank("stock_images", table.title, table.text),
);

export const videoLinks = contentTable(
  "video_links",
  {
    title: text("title").notNull(),
    /** The YouTube video id (11 characters), whatever address form the admin pasted. */
    videoId: text("video_id").notNull(),
  },
  (table) => [
    ...notBlank("video_links", table.title),
    check("video_links_video_id_format", sql`${table.videoId} ~ '^[A-Za-z0-9_-]{11}$'`),
  ],
);

export const eventStatusEnum = pgEnum("event_status", eventStatuses);

/** A concert of the programme (Koncerter). Times are instants; the site shows them in Copenhagen time. */
export const ticketSaleModeEnum = pgEnum("ticket_sale_mode", ticketSaleModes);

export const events = contentTable(
  "events",
  {
    title: text("title").notNull(),
    performers: text("performers").notNull().default(""),
    /** The album the concert is about, if any ("Hør albummet"); forgotten when the album is deleted. */
    albumId: uuid("album_id").references(() => albums.id, { onDelete: "set null" }),
    startsAt: instant("starts_at").notNull(),
    /** Doors open: a Copenhagen wall-clock time on the concert's day (of the new day when moved), "HH:MM". */
    doorsOpen: text("doors_open"),
    /** When it ends, after the start (the new start when moved). */
    endsAt: instant("ends_at"),
    room: text("room").notNull().default(""),
    price: text("price").notNull().default(""),
    ageLimit: integer("age_limit"),
    ticketUrl: text("ticket_url"),
    /** How tickets are sold: at another company's page (`ticket_url`), here (decision 038), or not at all. */
    ticketSale: ticketSaleModeEnum("ticket_sale").notNull().default("link"),
    status: eventStatusEnum("status").notNull().default("planlagt"),
    /** The new start of a moved concert; the programme lists it there. */
    movedTo: instant("moved_to"),
    description: text("description").notNull().default(""),
    ...optionalPicture(),
  },
  (table) => [
    index("events_starts_at_idx").on(table.startsAt),
    imageTogether("events_image_with_id"),
    ...notBlank("events", table.title),
    check("events_age_limit_range", sql`${table.ageLimit} is null or ${table.ageLimit} between 0 and 99`),
    check(
      "events_doors_open_format",
      sql`${table.doorsOpen} is null or ${table.doorsOpen} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check(
      "events_ends_after_start",
      sql`${table.endsAt} is null or ${table.endsAt} > coalesce(${table.movedTo}, ${table.startsAt})`,
    ),
    check("events_moved_has_new_time", sql`(${table.status} = 'flyttet') = (${table.movedTo} is not null)`),
    check("events_ticket_url_web", sql`${table.ticketUrl} is null or ${table.ticketUrl} ~ '^https?://'`),
  ],
);

/** An add-on (tilvalg) a booker of the hall may choose, in the admin's order; `published` means it is offered. */
export const addOns = contentTable(
  "add_ons",
  {
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    unit: addOnUnit("unit").notNull(),
    /** The price with moms, per unit. */
    priceOere: integer("price_oere").notNull(),
    vat: addOnVat("vat").notNull().default("standard"),
    /** The customer types that always get it (Slutrengøring for private parties, say). */
    requiredFor: customerType("required_for").array().notNull().default([]),
    position: position(),
  },
  (table) => [
    ...notBlank("add_ons", table.name),
    check("add_ons_price_range", sql`${table.priceOere} between 0 and 100000000`),
  ],
);

export const pagesRelations = relations(pages, ({ many }) => ({ sections: many(sections) }));
export const sectionsRelations = relations(sections, ({ one }) => ({
  page: one(pages, { fields: [sections.pageId], references: [pages.id] }),
}));
export const albumsRelations = relations(albums, ({ many }) => ({ tracks: many(tracks) }));
export const tracksRelations = relations(tracks, ({ one }) => ({
  album: one(albums, { fields: [tracks.albumId], references: [albums.id] }),
}));
