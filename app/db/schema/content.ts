import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The public pages whose texts the admin edits; the first four are the spec's page_page choices. */
export const pageNames = ["frontpage", "music", "videos", "images", "prices", "practical", "terms", "privacy"] as const;
export type PageName = (typeof pageNames)[number];

export const pageNameEnum = pgEnum("page_name", pageNames);

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    page: pageNameEnum("page").notNull(),
    header: text("header").notNull(),
    /** Storage key "{bucket}/{file}" of the page's image. */
    image: text("image"),
    published: boolean("published").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    index("pages_page_idx").on(table.page),
    check("pages_header_not_blank", sql`length(btrim(${table.header})) > 0`),
  ],
);

export const sections = pgTable(
  "sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    header: text("header").notNull(),
    text: text("text").notNull(),
    image: text("image"),
    position: integer("position").notNull(),
    ...timestamps,
  },
  (table) => [
    index("sections_page_position_idx").on(table.pageId, table.position),
    check("sections_header_not_blank", sql`length(btrim(${table.header})) > 0`),
    check("sections_position_not_negative", sql`${table.position} >= 0`),
  ],
);

export const pagesRelations = relations(pages, ({ many }) => ({ sections: many(sections) }));
export const sectionsRelations = relations(sections, ({ one }) => ({
  page: one(pages, { fields: [sections.pageId], references: [pages.id] }),
}));
