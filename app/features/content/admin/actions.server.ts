import { data } from "react-router";
import { uploadMessages } from "~/features/media/media";
import { bodyMessages, tryReadFormData } from "~/lib/request-body.server";
import { UploadError } from "~/features/media/image.server";
import { MediaChoiceError } from "~/features/media/library.server";
import { redirectWithToast } from "~/features/toast/flash.server";
import { errorToast, successToast, type Toast } from "~/features/toast/toast";
import type { Collaborators } from "~/lib/collaborators.server";
import { answer, correctTheFieldsMessage, type ActionAnswer } from "~/lib/form";
import { REQUIRED } from "~/features/accounts/schemas";
import type { Database } from "~/db/client.server";
import type { RowForm } from "./forms";
import {
  createRecord,
  deleteRecord,
  duplicateRecord,
  fieldChoices,
  moveRecord,
  removeRecordImage,
  reorderRecords,
  requiresFile,
  setPublished,
  updateRecord,
  withStoredRichText,
} from "./records.server";
import { resourceByPath, type ResourceDef } from "./resources";
import { validateEntityForm } from "./validation";

/** The content type an admin page is about, by its path (/album/…); 404 for any other path. */
export function resourceOf(url: URL) {
  const resource = resourceByPath(url.pathname);
  if (!resource) throw data(null, { status: 404 });
  return resource;
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

function capitalised(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Validates and saves a new or changed entity; answers errors, or null when saved (with the new id). */
export async function saveEntity(
  { db, storage, images, logger, freshness }: AdminDependencies & Pick<Collaborators, "images">,
  resource: ResourceDef,
  formData: FormData,
  target: { id?: string; parentId?: string; form?: string; userId?: string },
) {
  const isNew = target.id === undefined;
  const validated = validateEntityForm(resource, formData, { requireFiles: isNew && requiresFile(resource) });
  if (!validated.success) {
    if (validated.noFile) logger.info({ resource: resource.name }, "No image uploaded");
    return {
      error: answer<AdminAnswer>(
        { fieldErrors: validated.fieldErrors, values: validated.values, toast: validated.toast, form: target.form },
        400,
      ),
    };
  }
  const submittedValues = () =>
    Object.fromEntries(
      resource.fields
        .filter((field) => field.kind !== "image" && field.kind !== "audio")
        .map((field) => [field.name, String(formData.get(field.name) ?? "")]),
    );
  // A required formatted text that holds nothing once sanitized (only tags, only a script) is refused.
  const stored = withStoredRichText(resource, validated.data);
  const blank = resource.fields.filter(
    (field) => field.kind === "richtext" && !field.optional && stored[field.name] === "",
  );
  if (blank.length) {
    return {
      error: answer<AdminAnswer>(
        {
          fieldErrors: Object.fromEntries(blank.map((field) => [field.name, [REQUIRED]])),
          values: submittedValues(),
          toast: errorToast(correctTheFieldsMessage),
          form: target.form,
        },
        400,
      ),
    };
  }
  const unknownChoice = await unknownChoiceOf(db, resource, stored);
  if (unknownChoice) {
    return {
      error: answer<AdminAnswer>(
        {
          fieldErrors: { [unknownChoice]: ["Det valgte findes ikke længere. Vælg igen."] },
          values: submittedValues(),
          toast: errorToast(correctTheFieldsMessage),
          form: target.form,
        },
        400,
      ),
    };
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
      const id = await createRecord(db, storage, resource, input, images);
      await freshness.changed("content");
      return { id };
    }
    const result = await updateRecord(db, storage, resource, target.id!, input, images);
    if (!result.found) throw data(null, { status: 404 });
    await freshness.changed("content");
    if (result.failedRemovals.length)
      logger.warn({ keys: result.failedRemovals }, "replaced files could not be removed");
    return { id: target.id! };
  } catch (error) {
    if (error instanceof MediaChoiceError) {
      // The chosen library image is gone or not ready: nothing was written.
      const field = resource.fields.find((candidate) => candidate.kind === "image")!;
      return {
        error: answer<AdminAnswer>(
          {
            fieldErrors: { [field.name]: [error.message] },
            values: submittedValues(),
            toast: errorToast(correctTheFieldsMessage),
            form: target.form,
          },
          400,
        ),
      };
    }
    if (!(error instanceof UploadError)) throw error;
    logger.warn({ resource: resource.name, reason: error.reason }, "upload refused");
    const field =
      resource.fields.find((candidate) => candidate.kind === "image" && error.message === uploadMessages.noFile) ??
      resource.fields.find((candidate) => candidate.kind === "image" || candidate.kind === "audio")!;
    return {
      error: answer<AdminAnswer>(
        {
          fieldErrors: { [field.name]: [error.detail ?? error.message] },
          values: submittedValues(),
          toast: errorToast(error.message),
          form: target.form,
        },
        400,
      ),
    };
  }
}

/** The first select naming a row (a concert's album) that is not there any more, e.g. deleted meanwhile. */
async function unknownChoiceOf(db: Database, resource: ResourceDef, data: Record<string, unknown>) {
  const choices = await fieldChoices(db, resource);
  return Object.keys(choices).find((field) => {
    const chosen = data[field];
    return typeof chosen === "string" && !choices[field]!.some((option) => option.value === chosen);
  });
}

/** Carries out a row form (publish, move, reorder, remove the image, delete) and tells how it went. */
export async function rowIntent(
  deps: AdminDependencies,
  resource: ResourceDef,
  row: RowForm,
  parentId: string | null = null,
): Promise<Toast> {
  const toast = await carryOutRow(deps, resource, row, parentId);
  // Said after a refusal too: a deleted row whose files stayed behind was still deleted.
  await deps.freshness.changed("content");
  return toast;
}

async function carryOutRow(
  { db, storage, logger }: AdminDependencies,
  resource: ResourceDef,
  row: RowForm,
  parentId: string | null,
): Promise<Toast> {
  switch (row.intent) {
    case "publish":
    case "unpublish": {
      const changed = await setPublished(db, resource, row.id, row.intent === "publish");
      if (!changed) throw data(null, { status: 404 });
      return successToast(
        row.intent === "publish"
          ? `${capitalised(resource.the)} er publiceret`
          : `${capitalised(resource.the)} er skjult`,
      );
    }
    case "move":
      await moveRecord(db, resource, row.id, row.direction, parentId);
      return successToast("Rækkefølgen er gemt");
    case "reorder":
      return (await reorderRecords(db, resource, row.ids, parentId))
        ? successToast("Rækkefølgen er gemt")
        : errorToast("Rækkefølgen kunne ikke gemmes. Genindlæs siden og prøv igen.");
    case "remove-image": {
      await removeRecordImage(db, resource, row.id);
      return successToast("Billedet er fjernet");
    }
    case "duplicate": {
      if (!(await duplicateRecord(db, resource, row.id))) throw data(null, { status: 404 });
      return successToast(`${capitalised(resource.the)} er kopieret som kladde. Ret dato og tid, og publicér den.`);
    }
    case "delete": {
      let result: Awaited<ReturnType<typeof deleteRecord>>;
      try {
        result = await deleteRecord(db, storage, resource, row.id);
      } catch (error) {
        logger.error({ err: error, resource: resource.name }, "delete failed");
        return errorToast(uploadMessages.deleteFailed);
      }
      if (!result.found) throw data(null, { status: 404 });
      if (result.failedRemovals.length) {
        logger.warn({ keys: result.failedRemovals }, "deleted entity's files could not be removed");
        return errorToast(uploadMessages.deleteFailed);
      }
      return successToast(`${capitalised(resource.the)} er slettet`);
    }
  }
}

/** A row form's answer: its toast, 400 when it did not go through. */
export function rowAnswer(toast: Toast) {
  return answer({ toast }, toast.kind === "error" ? 400 : 200);
}
