import type { Database } from "~/db/client.server";
import type { Auth } from "~/features/accounts/auth.server";
import { getSessionUser } from "~/features/accounts/session.server";
import type { PageName } from "./page-names";
import { pageViewFrom } from "./page-view";
import { getPagesByName } from "./pages.server";
import { richTextBlocks, richTextLead } from "./rich-text.server";

/** `?forhaandsvisning` shows drafts too, but only to the admin; anyone else gets the published page. */
export async function isAdminPreview(auth: Auth, request: Request, url: URL) {
  if (!url.searchParams.has("forhaandsvisning")) return false;
  return (await getSessionUser(auth, request))?.isAdmin === true;
}

/**
 * A public page's own record (header, image, sections), by the same query as the page API; the sections'
 * stored HTML made into the tree the page renders, and the first one's opening as the description.
 */
export async function loadPageView(db: Database, name: PageName, includeDrafts: boolean) {
  const pages = await getPagesByName(db, name, { includeDrafts });
  return pageViewFrom(
    pages.map((page) => ({
      header: page.header,
      image: page.image,
      sections: page.sections.map((section) => ({
        id: section.id,
        header: section.header,
        body: richTextBlocks(section.text),
        image: section.image,
      })),
      description: page.sections[0] ? richTextLead(page.sections[0].text) : "",
    })),
  );
}
