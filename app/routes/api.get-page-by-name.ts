import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { pageNames } from "~/db/schema";
import { getPagesByName } from "~/features/content/pages.server";
import { publicFileUrl } from "~/features/storage/storage";
import type { Route } from "./+types/api.get-page-by-name";

/** Spec §7: `{ data: [...pages] }`; an unknown name is an empty list, like a name with no page. */
export async function loader({ params }: Route.LoaderArgs) {
  const name = pageNames.find((candidate) => candidate === params.name);
  const pages = name ? await getPagesByName(getDb(), name) : [];
  return data(
    {
      data: pages.map((page) => ({
        id: page.id,
        page_page: page.page,
        page_header: page.header,
        page_image: page.image ? publicFileUrl(page.image.key) : null,
        updated_at: page.updatedAt.toISOString(),
        sections: page.sections.map((section) => ({
          id: section.id,
          section_header: section.header,
          section_text: section.text,
          section_image: section.image ? publicFileUrl(section.image.key) : null,
        })),
      })),
    },
    { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } },
  );
}
