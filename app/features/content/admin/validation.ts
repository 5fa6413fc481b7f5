import { mediaChoiceSchema } from "~/features/media/library";
import { uploadMessages } from "~/features/media/media";
import { errorToast, type Toast } from "~/features/toast/toast";
import { correctTheFieldsMessage, parseSubmission, type FieldErrors } from "~/lib/form";
import type { ContentType } from "../registry";
import { formSchemaOf } from "../schemas";

export type EntityFormResult = { values: Record<string, string> } & (
  | {
      success: true;
      data: Record<string, unknown>;
      files: { image: File | null; audio: File | null };
      /** The library image chosen in the image field (`<field>_media`), when no file was. */
      mediaId: string | null;
      published: boolean;
    }
  | { success: false; fieldErrors: FieldErrors; toast: Toast; noFile: boolean }
);

/** A form's file input: a chosen file, or null (browsers send an empty, nameless file when none is chosen). */
export function chosenFile(value: FormDataEntryValue | null | undefined): File | null {
  return typeof File !== "undefined" && value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

/** The hidden input that carries an image field's choice from the library. */
export function mediaFieldName(field: string) {
  return `${field}_media`;
}

/**
 * Validates an entity form, in the browser before sending and again on the server: the schema its fields
 * make (`formSchemaOf`), and a chosen file where one is required (`requireFiles` on creation).
 */
export function validateEntityForm(
  type: ContentType,
  formData: FormData,
  { requireFiles }: { requireFiles: boolean },
): EntityFormResult {
  const lists = type.fields.filter((field) => field.kind === "choices").map((field) => field.name);
  const values: Record<string, string> = {};
  for (const field of type.fields) {
    const value = lists.includes(field.name)
      ? formData
          .getAll(field.name)
          .filter((item) => typeof item === "string")
          .join(",")
      : formData.get(field.name);
    if (typeof value === "string") values[field.name] = value;
  }
  const submission = parseSubmission(formData, formSchemaOf(type), { lists });
  const fieldErrors: FieldErrors = submission.ok ? {} : { ...submission.answer.fieldErrors };

  const files = { image: null as File | null, audio: null as File | null };
  let mediaId: string | null = null;
  let noFile = false;
  for (const field of type.fields) {
    if (field.kind !== "image" && field.kind !== "audio") continue;
    const file = chosenFile(formData.get(field.name));
    files[field.kind] = file;
    if (field.kind === "image") {
      const choice = mediaChoiceSchema.safeParse(formData.get(mediaFieldName(field.name)) ?? "");
      if (choice.success) mediaId = choice.data;
      else fieldErrors[field.name] = choice.error.issues.map((issue) => issue.message);
      if (!choice.success || choice.data) continue;
    }
    if (!file && requireFiles && !field.optional) {
      noFile = true;
      fieldErrors[field.name] = [field.kind === "image" ? uploadMessages.noFile : "Vælg en lydfil"];
    }
  }
  const published = formData.get("published") === "on";
  if (submission.ok && !noFile && Object.keys(fieldErrors).length === 0) {
    return { success: true, data: submission.value, files, mediaId, published, values };
  }
  const imageMissing = noFile && type.fields.some((field) => field.kind === "image" && !field.optional && !files.image);
  return {
    success: false,
    fieldErrors,
    values,
    noFile,
    toast: errorToast(imageMissing ? uploadMessages.noFile : correctTheFieldsMessage),
  };
}
