import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pages, sections, type PageName } from "~/db/schema";
import type { StoredImageRef } from "~/features/media/media";
import { normalizeRichText } from "./rich-text.server";

export interface SectionInput {
  header: string;
  /** Formatted text (HTML of decision 017, or plain text): stored as `normalizeRichText` makes it. */
  text: string;
  /** A library image (decision 020): its id and its file ref, together. */
  image?: StoredImageRef | null;
  imageId?: string | null;
  published?: boolean;
}

export interface PageInput {
  page: PageName;
  header: string;
  image?: StoredImageRef | null;
  imageId?: string | null;
  published?: boolean;
  sections?: SectionInput[];
}

/** Creates a page and its sections in one transaction. Used by the demo seed and tests. */
export async function createPage(db: Database, input: PageInput) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(pages)
      .values({
        page: input.page,
        header: input.header,
        image: input.image ?? null,
        imageId: input.imageId ?? null,
        published: input.published ?? true,
      })
      .returning({ id: pages.id });
    if (!created) throw new Error("Page insert returned no row");
    if (input.sections?.length) {
      await tx.insert(sections).values(
        input.sections.map((section, position) => ({
          pageId: created.id,
          header: section.header,
          text: normalizeRichText(section.text),
          image: section.image ?? null,
          imageId: section.imageId ?? null,
          published: section.published ?? true,
          position,
        })),
      );
    }
    return created;
  });
}

/**
 * Published pages of a kind, newest first, each with its published sections in order (spec §7: a list).
 * With `includeDrafts` (the admin's preview) hidden pages and sections come too.
 */
export async function getPagesByName(db: Database, name: PageName, { includeDrafts = false } = {}) {
  return db.query.pages.findMany({
    columns: { id: true, page: true, header: true, image: true, updatedAt: true },
    where: includeDrafts ? eq(pages.page, name) : and(eq(pages.page, name), eq(pages.published, true)),
    orderBy: [desc(pages.updatedAt)],
    with: {
      sections: {
        columns: { id: true, header: true, text: true, image: true },
        where: includeDrafts ? undefined : eq(sections.published, true),
        orderBy: [asc(sections.position), asc(sections.createdAt)],
      },
    },
  });
}
