import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pages, sections, type PageName } from "~/db/schema";

export interface SectionInput {
  header: string;
  text: string;
  image?: string | null;
}

export interface PageInput {
  page: PageName;
  header: string;
  image?: string | null;
  published?: boolean;
  sections?: SectionInput[];
}

/** Creates a page and its sections in one transaction. Used by the admin, the demo seed and tests. */
export async function createPage(db: Database, input: PageInput) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(pages)
      .values({ page: input.page, header: input.header, image: input.image ?? null, published: input.published ?? true })
      .returning({ id: pages.id });
    if (!created) throw new Error("Page insert returned no row");
    if (input.sections?.length) {
      await tx.insert(sections).values(
        input.sections.map((section, position) => ({
          pageId: created.id,
          header: section.header,
          text: section.text,
          image: section.image ?? null,
          position,
        })),
      );
    }
    return created;
  });
}

export interface PublicSection {
  id: string;
  header: string;
  text: string;
  image: string | null;
}

export interface PublicPage {
  id: string;
  page: PageName;
  header: string;
  image: string | null;
  updatedAt: Date;
  sections: PublicSection[];
}

/** Published pages of a kind, newest first, each with its sections in order (spec §7: a list). */
export async function getPublishedPagesByName(db: Database, name: PageName): Promise<PublicPage[]> {
  return db.query.pages.findMany({
    columns: { id: true, page: true, header: true, image: true, updatedAt: true },
    where: and(eq(pages.page, name), eq(pages.published, true)),
    orderBy: [desc(pages.updatedAt)],
    with: {
      sections: {
        columns: { id: true, header: true, text: true, image: true },
        orderBy: [asc(sections.position)],
      },
    },
  });
}
