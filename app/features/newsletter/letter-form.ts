import { z } from "zod";
import { ALT_MAX } from "~/features/media/media";
import type { FieldErrors } from "~/lib/form";
import {
  BUTTON_LABEL_MAX,
  letterBlockNames,
  MAX_LETTER_BLOCKS,
  SUBJECT_MAX,
  type LetterBlock,
  type LetterBlockType,
} from "./letter";

/*
 * The letter's form on the admin's page (issue 37): the subject and every block's fields, posted together with
 * what the admin pressed (save, add a block, move one, remove one), so that the page works without JavaScript.
 * A draft may hold a block not filled in yet (a picture not chosen, a button without its text); the letter is
 * sent only once every block is complete (`letterProblems`).
 */

/** Longer than any letter's text needs; the form's body limit (64 KiB) bounds the whole letter anyway. */
export const LETTER_TEXT_MAX = 20_000;
export const LETTER_HREF_MAX = 2000;

export const SUBJECT_FIELD = "emne";

/** The form names of block `index`'s fields. */
export function blockFieldNames(index: number) {
  const prefix = `blok_${index}`;
  return {
    type: `${prefix}_type`,
    html: `${prefix}_tekst`,
    month: `${prefix}_maaned`,
    mediaId: `${prefix}_billede`,
    alt: `${prefix}_alt`,
    label: `${prefix}_knaptekst`,
    href: `${prefix}_adresse`,
  };
}

type BlockField = keyof ReturnType<typeof blockFieldNames>;

/** A button's address: http(s) with a host, or a path on the site ("/koncerter"), without spaces. */
export function isLetterHref(value: string) {
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  if (!/^https?:\/\//i.test(value)) return false;
  return URL.canParse(value) && new URL(value).hostname !== "";
}

const hrefMessage = "Skriv en adresse, der begynder med https://, http:// eller / (en side her på siden)";

const blockSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    html: z.string().max(LETTER_TEXT_MAX, "Teksten er for lang: højst 20.000 tegn"),
  }),
  z.object({
    type: z.literal("concerts"),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional(),
  }),
  z.object({
    type: z.literal("image"),
    mediaId: z.union([z.literal(""), z.uuid("Vælg et billede fra biblioteket")]),
    alt: z.string().trim().max(ALT_MAX, `Den alternative tekst må højst være ${ALT_MAX} tegn`),
  }),
  z.object({
    type: z.literal("button"),
    label: z.string().trim().max(BUTTON_LABEL_MAX, `Knappens tekst må højst være ${BUTTON_LABEL_MAX} tegn`),
    href: z
      .string()
      .trim()
      .max(LETTER_HREF_MAX, `Adressen må højst være ${LETTER_HREF_MAX} tegn`)
      .refine((href) => href === "" || isLetterHref(href), hrefMessage),
  }),
]);

export const letterDraftSchema = z.object({
  subject: z.string().trim().min(1, "Skriv et emne").max(SUBJECT_MAX, `Emnet må højst være ${SUBJECT_MAX} tegn`),
  blocks: z.array(blockSchema).max(MAX_LETTER_BLOCKS, `Et brev kan højst have ${MAX_LETTER_BLOCKS} blokke`),
});

/** The letter as the form gave it: the blocks' text still as typed (the server normalizes it). */
export type LetterDraft = z.output<typeof letterDraftSchema>;

/** What the admin pressed in the letter's form. */
export type EditorIntent =
  { kind: "save" } | { kind: "add"; type: LetterBlockType } | { kind: "up" | "down" | "remove"; index: number };

const addable = Object.keys(letterBlockNames) as LetterBlockType[];

/** The form's `intent` ("save", "add-image", "up-2", "remove-0" …) as an editor intent; null for anything else. */
export function editorIntentOf(value: FormDataEntryValue | null): EditorIntent | null {
  if (value === "save") return { kind: "save" };
  if (typeof value !== "string") return null;
  const added = /^add-(\w+)$/.exec(value)?.[1];
  if (added) return addable.includes(added as LetterBlockType) ? { kind: "add", type: added as LetterBlockType } : null;
  const moved = /^(up|down|remove)-(\d{1,2})$/.exec(value);
  return moved ? { kind: moved[1] as "up" | "down" | "remove", index: Number(moved[2]) } : null;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The fields whose errors are shown by the field; the rest (a block's type, a digest's month) only come tampered. */
const shownFields: Record<string, BlockField> = {
  html: "html",
  mediaId: "mediaId",
  alt: "alt",
  label: "label",
  href: "href",
};

/**
 * The letter's form read and checked: the subject and the blocks in their order (block 0, 1, … until one is
 * missing; one more than a letter may have is read, so that too many is refused, not cut off). Errors are by the
 * fields' form names.
 */
export function readLetterForm(
  form: FormData,
):
  | { ok: true; value: LetterDraft }
  | { ok: false; fieldErrors: FieldErrors; formError?: string; subject: string; posted: LetterBlock[] } {
  const blocks: Record<string, string | undefined>[] = [];
  for (let index = 0; index <= MAX_LETTER_BLOCKS; index += 1) {
    const names = blockFieldNames(index);
    const type = form.get(names.type);
    if (typeof type !== "string") break;
    blocks.push({
      type,
      html: text(form, names.html),
      month: text(form, names.month) || undefined,
      mediaId: text(form, names.mediaId),
      alt: text(form, names.alt),
      label: text(form, names.label),
      href: text(form, names.href),
    });
  }
  const parsed = letterDraftSchema.safeParse({ subject: text(form, SUBJECT_FIELD), blocks });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: FieldErrors = {};
  let formError: string | undefined;
  for (const issue of parsed.error.issues) {
    const [top, index, key] = issue.path;
    const field =
      top === "subject"
        ? SUBJECT_FIELD
        : typeof index === "number" && typeof key === "string" && shownFields[key]
          ? blockFieldNames(index)[shownFields[key]]
          : null;
    if (field) (fieldErrors[field] ??= []).push(issue.message);
    else formError ??= top === "blocks" && index === undefined ? issue.message : "Brevet har en ukendt blok.";
  }
  return { ok: false, fieldErrors, formError, subject: text(form, SUBJECT_FIELD), posted: blocks.flatMap(postedBlock) };
}

/** A block as it was posted, to show the form again as it was sent; one of no known kind is left out. */
function postedBlock(raw: Record<string, string | undefined>): LetterBlock[] {
  switch (raw.type) {
    case "text":
      return [{ type: "text", html: raw.html ?? "" }];
    case "concerts":
      return [raw.month ? { type: "concerts", month: raw.month } : { type: "concerts" }];
    case "image":
      return [{ type: "image", mediaId: raw.mediaId ?? "", alt: raw.alt ?? "" }];
    case "button":
      return [{ type: "button", label: raw.label ?? "", href: raw.href ?? "" }];
    default:
      return [];
  }
}

/** A new block as "Tilføj …" puts it at the end: empty, to be filled in. */
export function newBlock(type: LetterBlockType): LetterBlock {
  switch (type) {
    case "text":
      return { type, html: "" };
    case "concerts":
      return { type };
    case "image":
      return { type, mediaId: "", alt: "" };
    case "button":
      return { type, label: "", href: "" };
  }
}

/** A new letter: a text to begin with, and the next concerts. */
export const newLetterDraft = (): Pick<LetterDraft, "subject" | "blocks"> => ({
  subject: "Nyt fra spillestedet",
  blocks: [newBlock("text"), newBlock("concerts")],
});

/** The blocks after the admin's add, move or remove; a refusal in Danish for one more than a letter may have. */
export function changedBlocks<Block>(
  blocks: readonly Block[],
  intent: EditorIntent,
  made: (type: LetterBlockType) => Block,
): { ok: true; blocks: Block[] } | { ok: false; message: string } {
  const next = [...blocks];
  if (intent.kind === "save") return { ok: true, blocks: next };
  if (intent.kind === "add") {
    if (next.length >= MAX_LETTER_BLOCKS) {
      return { ok: false, message: `Et brev kan højst have ${MAX_LETTER_BLOCKS} blokke.` };
    }
    return { ok: true, blocks: [...next, made(intent.type)] };
  }
  const { index } = intent;
  if (index >= next.length) return { ok: true, blocks: next };
  if (intent.kind === "remove") {
    next.splice(index, 1);
    return { ok: true, blocks: next };
  }
  const other = intent.kind === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= next.length) return { ok: true, blocks: next };
  [next[index], next[other]] = [next[other]!, next[index]!];
  return { ok: true, blocks: next };
}

/** Whether a block has anything to send: a text with words, a chosen picture, a button with text and address. */
export function blockIsComplete(block: LetterBlock) {
  switch (block.type) {
    case "text":
      return block.html.trim() !== "";
    case "concerts":
      return true;
    case "image":
      return block.mediaId !== "";
    case "button":
      return block.label !== "" && block.href !== "";
  }
}

/** The blocks a preview and a test mail show: those not filled in yet are left out. */
export const completeBlocks = (blocks: readonly LetterBlock[]) => blocks.filter(blockIsComplete);

/** What keeps a letter from being sent, in Danish, one line per block that is not filled in; empty when ready. */
export function letterProblems(blocks: readonly LetterBlock[]): string[] {
  const problems = blocks.flatMap((block, index) => {
    const name = `Blok ${index + 1} (${letterBlockNames[block.type]})`;
    if (block.type === "image" && !block.mediaId) return [`${name}: vælg et billede.`];
    if (block.type === "button" && !block.label) return [`${name}: skriv knappens tekst.`];
    if (block.type === "button" && !block.href) return [`${name}: skriv knappens adresse.`];
    return [];
  });
  if (!blocks.some(blockIsComplete)) problems.unshift("Brevet har intet indhold endnu.");
  return problems;
}
