import { inArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { adminContentTypes } from "~/features/content/content-types";
import { fieldsOfKind, titleField, withChildren } from "~/features/content/registry";
import { columnOf, tableOf } from "~/features/content/tables.server";
import type { ImageUse } from "./library";

/**
 * The content types with a picture (decision 025): the table, the column that names a row, the row the admin
 * edits it on (a child's parent), and whether the picture needs an alt text (the gallery's).
 */
const usageSources = adminContentTypes.flatMap((type) =>
  withChildren([type])
    .filter((user) => fieldsOfKind(user, "image").length)
    .map((user) => ({
      kind: user.name,
      table: tableOf(user),
      imageId: columnOf(user, "imageId"),
      id: columnOf(user, "id"),
      title: columnOf(user, titleField(user).column!),
      editId: columnOf(user, user.parentColumn ?? "id"),
      needsAlt: fieldsOfKind(user, "alt").some((field) => !field.optional),
    })),
);

/** Where each of the images is used: one query over the content tables with a picture. */
export async function imageUses(db: Database, ids: readonly string[]): Promise<Map<string, ImageUse[]>> {
  const uses = new Map<string, ImageUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return uses;
  const [first, second, ...rest] = usageSources.map(({ kind, table, imageId, id, title, editId }) =>
    db
      .select({
        imageId: sql<string>`${imageId}`.as("image_id"),
        kind: sql<string>`${kind}::text`.as("kind"),
        id: sql<string>`${id}`.as("id"),
        title: sql<string>`${title}`.as("title"),
        editId: sql<string>`${editId}`.as("edit_id"),
      })
      .from(table)
      .where(inArray(imageId, [...ids])),
  );
  const rows = await unionAll(first!, second!, ...rest).orderBy(sql`kind`, sql`title`);
  for (const { imageId, ...use } of rows) uses.get(imageId)?.push(use);
  return uses;
}

/** Whether the use needs its picture to have an alt text: the gallery's (its type asks for one). */
export function needsAlt(use: ImageUse) {
  return usageSources.some((source) => source.kind === use.kind && source.needsAlt);
}
