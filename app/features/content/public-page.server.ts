import { getDb } from "~/db/db.server";
import { getSessionUser } from "~/features/accounts/session.server";
import type { PageName } from "./page-names";
import { pageViewFrom } from "./page-view";
import { getPagesByName } from "./pages.server";

/** `?forhaandsvisning` shows drafts too, but only to the admin; anyone else gets the published page. */
export async function isAdminPreview(request: Request, url: URL) {
  if (!url.searchParams.has("forhaandsvisning")) return false;
  return (await getSessionUser(request))?.isAdmin === true;
}

/** A public page's own record (header, image, sections), by the same query as the page API. */
export async function loadPageView(name: PageName, includeDrafts: boolean) {
  return pageViewFrom(await getPagesByName(getDb(), name, { includeDrafts }));
}
