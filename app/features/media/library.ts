import { z } from "zod";
import { adminContentTypes } from "~/features/content/content-types";
import { fieldsOfKind, withChildren } from "~/features/content/registry";
import { ALT_MAX, uploadMessages, type MediaImageStatus } from "./media";

/**
 * The media library's rules and words (decision 020), for the server and the browser alike: where an image is
 * used, said in Danish, what its state is called, and the forms of the library page.
 */

/** One content row that shows an image. */
export interface ImageUse {
  /** Its content type's name in the registry (decision 025). */
  kind: string;
  id: string;
  title: string;
  /** The row whose admin page edits it: its own, or for a child (a section) its parent's. */
  editId: string;
}

/** The content types with a picture, each with the admin list whose edit pages edit it (a child's parent's). */
const imageUsers = new Map(
  adminContentTypes.flatMap((type) =>
    withChildren([type])
      .filter((user) => fieldsOfKind(user, "image").length)
      .map((user) => [user.name, { the: user.names.imageUse ?? user.names.the, path: type.path }] as const),
  ),
);

/** The admin page where the use is edited (a section on its page's page). */
export function useEditPath(use: Pick<ImageUse, "kind" | "editId">) {
  return `${imageUsers.get(use.kind)?.path}/${use.editId}`;
}

/** One use in words: "albummet "Natlys"". */
export function useName(use: Pick<ImageUse, "kind" | "title">) {
  return `${imageUsers.get(use.kind)?.the ?? use.kind} "${use.title}"`;
}

/** "albummet "X", banneret "Y"", at most `limit` names and then how many more. */
export function usesText(uses: readonly Pick<ImageUse, "kind" | "title">[], limit = 5) {
  const named = uses.slice(0, limit).map(useName);
  const more = uses.length - named.length;
  return more > 0 ? `${named.join(", ")} og ${more} mere` : named.join(", ");
}

/** Why an image in use cannot be deleted, and what to do. */
export function inUseMessage(uses: readonly Pick<ImageUse, "kind" | "title">[]) {
  return `Billedet bruges stadig: ${usesText(uses)}. Vælg et andet billede dér først.`;
}

/** An image's state in words. */
export function statusText(status: MediaImageStatus, failure: string | null) {
  if (status === "failed") return `Fejlede: ${failure ?? uploadMessages.uploadFailed}`;
  return status === "ready" ? "Klar" : "Behandles…";
}

export const altNeededInGalleryMessage =
  "Billedet vises i galleriet og skal have en alternativ tekst. Skriv hvad billedet viser.";

export const ORIGINAL_NAME_MAX = 200;

/** The uploaded file's name as the library keeps it: its last part, no control characters, at most 200. */
export function originalNameOf(name: string | null | undefined) {
  const last = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return Array.from(clean || "billede")
    .slice(0, ORIGINAL_NAME_MAX)
    .join("");
}

const mediaId = z.uuid("Ukendt billede.");
export const altTextSchema = z.string().trim().max(ALT_MAX, `Højst ${ALT_MAX} tegn`);

/** The library page's forms. */
export const libraryForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("alt"), id: mediaId, alt: altTextSchema.default("") }),
  z.object({ intent: z.literal("delete"), id: mediaId }),
]);

/** A content form's choice from the library (`<field>_media`): empty, or a library image's id. */
export const mediaChoiceSchema = z
  .string({ error: "Vælg et billede fra biblioteket igen." })
  .trim()
  .transform((value) => (value === "" ? null : value))
  .pipe(z.uuid("Vælg et billede fra biblioteket igen.").nullable());

/** How many library images a page shows, newest first. */
export const LIBRARY_PAGE_SIZE = 48;
