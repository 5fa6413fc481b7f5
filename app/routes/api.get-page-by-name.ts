import { createHash } from "node:crypto";
import { pageNames } from "~/features/content/page-names";
import { getPagesByName } from "~/features/content/pages.server";
import { publicFileUrl } from "~/features/storage/storage";
import { collaborators } from "~/lib/collaborators.server";
import type { Route } from "./+types/api.get-page-by-name";

/** Spec §7: `{ data: [...pages] }`; an unknown name is an empty list, like a name with no page. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = collaborators();
  const name = pageNames.find((candidate) => candidate === params.name);
  const pages = name ? await getPagesByName(db, name) : [];
  const body = JSON.stringify({
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
  });
  // Revalidated on every use, answered with 304 when nothing changed.
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { "Cache-Control": "public, max-age=0, must-revalidate", ETag: etag };
  const known = request.headers
    .get("If-None-Match")
    ?.split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  if (known?.includes(etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}
