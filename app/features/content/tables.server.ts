import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import * as contentSchema from "~/db/schema/content";
import type { ContentTable, ContentType } from "./registry";

/** A content type's table: the export of `app/db/schema/content.ts` its entry names, or the table it gives. */
export function tableOf(type: ContentType): ContentTable {
  return typeof type.table === "string" ? contentSchema[type.table] : type.table;
}

/** A column of the type's table, by its property ("title", "albumId"). */
export function columnOf(type: ContentType, property: string): PgColumn {
  const column = getTableColumns(tableOf(type))[property];
  if (!column) throw new Error(`The table of ${type.name} has no column ${property}`);
  return column;
}
