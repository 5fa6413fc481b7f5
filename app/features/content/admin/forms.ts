import { z } from "zod";

const id = z.string().min(1);
/** On a page with two lists (an album and its tracks), which list a row's form is about. */
const list = z.enum(["records", "children"]).default("records");

/**
 * The small forms every list offers on a row: publish or hide, move, reorder (drag and drop), remove, delete;
 * copy where the content type allows it.
 */
const rowFormOptions = [
  z.object({ intent: z.literal(["publish", "unpublish", "remove-image", "delete", "duplicate"]), id, list }),
  z.object({ intent: z.literal("move"), id, list, direction: z.enum(["up", "down"]) }),
  z.object({
    intent: z.literal("reorder"),
    list,
    ids: z.string().transform((ids) => ids.split(",").filter(Boolean)),
  }),
] as const;

export const rowForms = z.discriminatedUnion("intent", [...rowFormOptions]);
export type RowForm = z.output<typeof rowForms>;
export type RowFormIntent = RowForm["intent"];

/** The edit page's forms: the record's own fields, a new child, a child's fields, and the row forms of both lists. */
export const editForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(["save", "child-create"]) }),
  z.object({ intent: z.literal("child-save"), id }),
  ...rowFormOptions,
]);
