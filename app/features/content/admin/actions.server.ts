import { data } from "react-router";
import { uploadMessages } from "~/features/media/media";
import { bodyMessages, tryReadFormData } from "~/lib/request-body.server";
import { UploadError } from "~/features/media/image.server";
import { MediaChoiceError } from "~/features/media/library.server";
import { redirectWithToast } from "~/features/toast/flash.server";
import { errorToast, successToast, type Toast } from "~/features/toast/toast";
import type { Collaborators } from "~/lib/collaborators.server";
import { answer, correctTheFieldsMessage, type ActionAnswer, type FieldErrors } from "~/lib/form";
import { REQUIRED } from "~/features/accounts/schemas";
import type { Database } from "~/db/client.server";
import type { RowForm } from "./forms";
import { capitalised, fieldsOfKind, requiresFile, typeByPath, type ContentType } from "../registry";
import {
  createRecord,
  deleteRecord,
  duplicateRecord,
  moveRecord,
  removeRecordImage,
  reorderRecords,
  setPublished,
  updateRecord,
  withStoredRichText,
} from "./record-writes.server";
import { fieldChoices } from "./records.server";
import { validateEntityForm } from "./validation";

/** The content type an admin page is about, by its path (/album/…); 404 for any other path. */
export function contentTypeOf(types: readonly ContentType[], url: URL) {
  const type = typeByPath(types, url.pathname);
  if (!type) throw data(null, { status: 404 });
  return type;
}

/**
 * What the admin's writes use: the rows, the stored files, the log for what went wrong with the files, and where
 * they say that the content changed.
 */
export type AdminDependencies = Pick<Collaborators, "db" | "storage" | "logger" | "freshness">;

/** Besides the one answer shape: which form the errors belong to ("record", "new" or a child's id). */
export type AdminAnswer = ActionAnswer & { form?: string };

/** The submitted form, or the answer to give when it is too large (server/body-limits.ts) or no form at all. */
export async function readAdminForm(request: Request) {
  const form = await tryReadFormData(request);
  if (form === "unreadable") throw data({ error: bodyMessages.unreadable }, { status: 400 });
  if (form === "too-large") {
    return {
      tooLarge: answer({ toast: errorToast(uploadMessages.uploadFailed, "Filen er for stor.") }, 413),
    };
  }
  return { formData: form };
}

export function done(to: string, message: string) {
  return redirectWithToast(to, successToast(message));
}

/** Validates and saves a new or changed entity; answers errors, or null when saved (with the new id). */
export async function saveEntity(
  { db, storage, images, logger, freshness }: AdminDependencies & Pick<Collaborators, "images">,
  type: ContentType,
  formData: FormData,
  target: { id?: string; parentId?: string; form?: string; userId?: string },
) {
  const isNew = target.id === undefined;
  const validated = validateEntityForm(type, formData, { requireFiles: isNew && requiresFile(type) });
  const refusal = (fieldErrors: FieldErrors, toast: Toast) => ({
    error: answer<AdminAnswer>({ fieldErrors, values: validated.values, toast, form: target.form }, 400),
  });
  if (!validated.success) {
    if (validated.noFile) logger.info({ resource: type.name }, "No image uploaded");
    return refusal(validated.fieldErrors, validated.toast);
  }
  // A required formatted text that holds nothing once sanitized (only tags, only a script) is refused.
  const stored = withStoredRichText(type, validated.data);
  const blank = fieldsOfKind(type, "richtext").filter((field) => !field.optional && stored[field.name] === "");
  if (blank.length) {
    return refusal(
      Object.fromEntries(blank.map((field) => [field.name, [REQUIRED]])),
      errorToast(correctTheFieldsMessage),
    );
  }
  const unknownChoice = await unknownChoiceOf(db, type, stored);
  if (unknownChoice) {
    const message = "Det valgte findes ikke længere. Vælg igen.";
    return refusal({ [unknownChoice]: [message] }, errorToast(correctTheFieldsMessage));
  }
  const input = {
    data: stored,
    files: validated.files,
    mediaId: validated.mediaId,
    published: validated.published,
    parentId: target.parentId,
    userId: target.userId ?? null,
  };
  try {
    if (isNew) {
      const id = await createRecord(db, storage, type, input, images);
      await freshness.changed("content");
      return { id };
    }
    const result = await updateRecord(db, storage, type, target.id!, input, images);
    if (!result.found) throw data(null, { status: 404 });
    await freshness.changed("content");
    if (result.failedRemovals.length)
      logger.warn({ keys: result.failedRemovals }, "replaced files could not be removed");
    return { id: target.id! };
  } catch (error) {
    const [image] = fieldsOfKind(type, "image");
    // The chosen library image is gone or not ready: nothing was written.
    if (error instanceof MediaChoiceError) {
      return refusal({ [image!.name]: [error.message] }, errorToast(correctTheFieldsMessage));
    }
    if (!(error instanceof UploadError)) throw error;
    logger.warn({ resource: type.name, reason: error.reason }, "upload refused");
    const field = (error.message === uploadMessages.noFile && image) || fieldsOfKind(type, "image", "audio")[0]!;
    return refusal({ [field.name]: [error.detail ?? error.message] }, errorToast(error.message));
  }
}

/** The first select naming a row (a concert's album) that is not there any more, e.g. deleted meanwhile. */
async function unknownChoiceOf(db: Database, type: ContentType, data: Record<string, unknown>) {
  const choices = await fieldChoices(db, type);
  return Object.keys(choices).find((field) => {
    const chosen = data[field];
    return typeof chosen === "string" && !choices[field]!.some((option) => option.value === chosen);
  });
}

/** Carries out a row form (publish, move, reorder, remove the image, delete) and tells how it went. */
export async function rowIntent(
  deps: AdminDependencies,
  type: ContentType,
  row: RowForm,
  parentId: string | null = null,
): Promise<Toast> {
  const toast = await carryOutRow(deps, type, row, parentId);
  // Said after a refusal too: a deleted row whose files stayed behind was still deleted.
  await deps.freshness.changed("content");
  return toast;
}

async function carryOutRow(
  { db, storage, logger }: AdminDependencies,
  type: ContentType,
  row: RowForm,
  parentId: string | null,
): Promise<Toast> {
  const the = capitalised(type.names.the);
  switch (row.intent) {
    case "publish":
    case "unpublish": {
      const changed = await setPublished(db, type, row.id, row.intent === "publish");
      if (!changed) throw data(null, { status: 404 });
      return successToast(`${the} er ${row.intent === "publish" ? "publiceret" : "skjult"}`);
    }
    case "move":
      await moveRecord(db, type, row.id, row.direction, parentId);
      return successToast("Rækkefølgen er gemt");
    case "reorder":
      return (await reorderRecords(db, type, row.ids, parentId))
        ? successToast("Rækkefølgen er gemt")
        : errorToast("Rækkefølgen kunne ikke gemmes. Genindlæs siden og prøv igen.");
    case "remove-image":
      await removeRecordImage(db, type, row.id);
      return successToast("Billedet er fjernet");
    case "duplicate":
      if (!(await duplicateRecord(db, type, row.id))) throw data(null, { status: 404 });
      return successToast(`${the} er kopieret som kladde. Ret dato og tid, og publicér den.`);
    case "delete": {
      let result: Awaited<ReturnType<typeof deleteRecord>>;
      try {
        result = await deleteRecord(db, storage, type, row.id);
      } catch (error) {
        // A concert with ticket orders is kept by them (decision 038): it is cancelled, not deleted.
        if (foreignKeyViolated(error)) {
          return errorToast(
            `${the} kan ikke slettes, fordi der er solgt billetter til den. Sæt den til Aflyst i stedet.`,
          );
        }
        logger.error({ err: error, resource: type.name }, "delete failed");
        return errorToast(uploadMessages.deleteFailed);
      }
      if (!result.found) throw data(null, { status: 404 });
      if (result.failedRemovals.length) {
        logger.warn({ keys: result.failedRemovals }, "deleted entity's files could not be removed");
        return errorToast(uploadMessages.deleteFailed);
      }
      return successToast(`${the} er slettet`);
    }
  }
}

/** Whether a statement failed on a foreign key (PostgreSQL's 23503), whichever driver raised it. */
function foreignKeyViolated(error: unknown) {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === "23503";
}

/** A row form's answer: its toast, 400 when it did not go through. */
export function rowAnswer(toast: Toast) {
  return answer({ toast }, toast.kind === "error" ? 400 : 200);
}
