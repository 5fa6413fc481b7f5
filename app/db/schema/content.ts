import { relations, sql } from "drizzle-orm";
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
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { StoredImageRef } from "~/features/media/media";
import { mediaImageStatuses } from "~/features/media/media";
import { users } from "./accounts";

import { pageNames } from "~/features/content/page-names";
import { eventStatuses } from "~/features/program/event-status";

export { pageNames, type PageName } from "~/features/content/page-names";

export const pageNameEnum = pgEnum("page_name", pageNames);

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

const id = uuid("id").primaryKey().defaultRandom();
/** Drafts are hidden from visitors; the admin sees and previews them. */
const published = boolean("published").notNull().default(true);
/** Manual order chosen by the admin (drag and drop or "Flyt op/ned"); ties fall back to creation time. */
const position = integer("position").notNull().default(0);
const image = jsonb("image").$type<StoredImageRef>();

const notBlank = (name: string, column: { name: string }) =>
  check(name, sql`length(btrim(${sql.identifier(column.name)})) > 0`);

export const mediaImageStatusEnum = pgEnum("media_image_status", mediaImageStatuses);

/**
 * The media library (decision 020): every picture the content shows is one of these, and its files belong to
 * it. An upload is a row at once ("processing"), encoded in the background, then "ready" with its `image`.
 */
export const mediaImages = pgTable(
  "media_images",
  {
    id,
    /** The encoded files (immutable); null until processed. */
    image: jsonb("image").$type<StoredImageRef>(),
    status: mediaImageStatusEnum("status").notNull().default("processing"),
    alt: text("alt").notNull().default(""),
    /** The uploaded file's name, shown to the admin only, as text. */
    originalName: text("original_name").notNull(),
    /** Why processing failed, in Danish. */
    failure: text("failure"),
    /** The raw upload, kept in storage until processed. */
    uploadKey: text("upload_key"),
    /** When an instance took the row to process it; an old claim may be taken over. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
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
const imageTogether = (name: string) => check(name, sql`("image" is null) = ("image_id" is null)`);

export const pages = pgTable(
  "pages",
  {
    id,
    page: pageNameEnum("page").notNull(),
    header: text("header").notNull(),
    image,
    imageId: imageId(),
    published,
    ...timestamps,
  },
  (table) => [
    index("pages_page_idx").on(table.page),
    notBlank("pages_header_not_blank", table.header),
    imageTogether("pages_image_with_id"),
  ],
);

export const sections = pgTable(
  "sections",
  {
    id,
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    header: text("header").notNull(),
    text: text("text").notNull(),
    image,
    imageId: imageId(),
    published,
    position,
    ...timestamps,
  },
  (table) => [
    index("sections_page_position_idx").on(table.pageId, table.position),
    imageTogether("sections_image_with_id"),
    notBlank("sections_header_not_blank", table.header),
    notBlank("sections_text_not_blank", table.text),
    check("sections_position_not_negative", sql`${table.position} >= 0`),
  ],
);

export const albums = pgTable(
  "albums",
  {
    id,
    artist: text("artist").notNull(),
    year: integer("year").notNull(),
    title: text("title").notNull(),
    image: image.notNull(),
    imageId: imageId().notNull(),
    published,
    position,
    ...timestamps,
  },
  (table) => [
    notBlank("albums_artist_not_blank", table.artist),
    notBlank("albums_title_not_blank", table.title),
    check("albums_year_range", sql`${table.year} between 0 and 999999`),
  ],
);

/** A track of an album (the spec's "audio"). */
export const tracks = pgTable(
  "tracks",
  {
    id,
    albumId: uuid("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    text: text("text").notNull().default(""),
    audio: text("audio").notNull(),
    contentType: text("content_type").notNull(),
    durationSeconds: real("duration_seconds"),
    published,
    position,
    ...timestamps,
  },
  (table) => [
    index("tracks_album_position_idx").on(table.albumId, table.position),
    notBlank("tracks_title_not_blank", table.title),
    check("tracks_duration_positive", sql`${table.durationSeconds} is null or ${table.durationSeconds} > 0`),
  ],
);

export const articles = pgTable(
  "articles",
  {
    id,
    header: text("header").notNull(),
    text: text("text").notNull(),
    image: image.notNull(),
    imageId: imageId().notNull(),
    published,
    ...timestamps,
  },
  (table) => [
    index("articles_created_idx").on(table.createdAt),
    notBlank("articles_header_not_blank", table.header),
    notBlank("articles_text_not_blank", table.text),
  ],
);

export const banners = pgTable(
  "banners",
  {
    id,
    /** Vertical focal point of the image in percent: what stays visible when cropped, and the parallax anchor. */
    range: real("range").notNull().default(50),
    title: text("title").notNull(),
    text: text("text").notNull(),
    image: image.notNull(),
    imageId: imageId().notNull(),
    published,
    position,
    ...timestamps,
  },
  (table) => [
    notBlank("banners_title_not_blank", table.title),
    notBlank("banners_text_not_blank", table.text),
    check("banners_range_percent", sql`${table.range} between 0 and 100`),
  ],
);

export const stockImages = pgTable(
  "stock_images",
  {
    id,
    title: text("title").notNull(),
    text: text("text").notNull(),
    image: image.notNull(),
    imageId: imageId().notNull(),
    published,
    position,
    ...timestamps,
  },
  (table) => [
    notBlank("stock_images_title_not_blank", table.title),
    notBlank("stock_images_text_not_blank", table.text),
  ],
);

export const videoLinks = pgTable(
  "video_links",
  {
    id,
    title: text("title").notNull(),
    /** The YouTube video id (11 characters), whatever address form the admin pasted. */
    videoId: text("video_id").notNull(),
    published,
    ...timestamps,
  },
  (table) => [
    notBlank("video_links_title_not_blank", table.title),
    check("video_links_video_id_format", sql`${table.videoId} ~ '^[A-Za-z0-9_-]{11}$'`),
  ],
);

export { eventStatuses, type EventStatus } from "~/features/program/event-status";
export const eventStatusEnum = pgEnum("event_status", eventStatuses);

/** A concert of the programme (Koncerter). Times are instants; the site shows them in Copenhagen time. */
export const events = pgTable(
  "events",
  {
    id,
    title: text("title").notNull(),
    performers: text("performers").notNull().default(""),
    /** The album the concert is about, if any ("Hør albummet"); forgotten when the album is deleted. */
    albumId: uuid("album_id").references(() => albums.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** Doors open: a Copenhagen wall-clock time on the concert's day (of the new day when moved), "HH:MM". */
    doorsOpen: text("doors_open"),
    /** When it ends, after the start (the new start when moved). */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    room: text("room").notNull().default(""),
    price: text("price").notNull().default(""),
    ageLimit: integer("age_limit"),
    ticketUrl: text("ticket_url"),
    status: eventStatusEnum("status").notNull().default("planlagt"),
    /** The new start of a moved concert; the programme lists it there. */
    movedTo: timestamp("moved_to", { withTimezone: true }),
    description: text("description").notNull().default(""),
    // A column of its own: `image.notNull()` above changed the shared builder for every later table.
    image: jsonb("image").$type<StoredImageRef>(),
    imageId: imageId(),
    published,
    ...timestamps,
  },
  (table) => [
    index("events_starts_at_idx").on(table.startsAt),
    imageTogether("events_image_with_id"),
    notBlank("events_title_not_blank", table.title),
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

export const pagesRelations = relations(pages, ({ many }) => ({ sections: many(sections) }));
export const sectionsRelations = relations(sections, ({ one }) => ({
  page: one(pages, { fields: [sections.pageId], references: [pages.id] }),
}));
export const albumsRelations = relations(albums, ({ many }) => ({ tracks: many(tracks) }));
export const tracksRelations = relations(tracks, ({ one }) => ({
  album: one(albums, { fields: [tracks.albumId], references: [albums.id] }),
}));
