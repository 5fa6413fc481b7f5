import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { uploadMessages } from "~/features/media/media";
import { bodyMessages, tryReadFormData } from "~/lib/request-body.server";
import { UploadError } from "~/features/media/image.server";
import { getStorage } from "~/features/storage/storage.server";
import { withFlashToast } from "~/features/toast/flash.server";
import type { Toast } from "~/features/toast/toast";
import { getLogger } from "~/lib/logger.server";
import {
  createRecord,
  deleteRecord,
  moveRecord,
  removeRecordImage,
  reorderRecords,
  requiresFile,
  setPublished,
  updateRecord,
} from "./records.server";
import type { ResourceDef } from "./resources";
import { validateEntityForm, type FieldErrors } from "./validation";

/** What an admin action answers when it does not redirect: errors next to fields and a toast. */
export interface AdminActionData {
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  toast: Toast;
  /** Which form the errors belong to ("new" or a child's id), on pages with several. */
  form?: string;
}

/** The submitted form, or the answer to give when it is too large (server/body-limits.ts) or no form at all. */
export async function readAdminForm(request: Request) {
  const form = await tryReadFormData(request);
  if (form === "unreadable") throw data({ error: bodyMessages.unreadable }, { status: 400 });
  if (form === "too-large") {
    return {
      tooLarge: failed(
        { toast: { kind: "error", message: uploadMessages.uploadFailed, detail: "Filen er for stor." } },
        413,
      ),
    };
  }
  return { formData: form };
}

function failed(body: AdminActionData, status = 400) {
  return data(body, { status });
}

export function done(to: string, message: string) {
  return redirect(to, { headers: withFlashToast({ kind: "success", message }) });
}

function capitalised(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Validates and saves a new or changed entity; answers errors, or null when saved (with the new id). */
export async function saveEntity(
  resource: ResourceDef,
  formData: FormData,
  target: { id?: string; parentId?: string; form?: string },
) {
  const isNew = target.id === undefined;
  const logger = getLogger();
  const validated = validateEntityForm(resource, formData, { requireFiles: isNew && requiresFile(resource) });
  if (!validated.success) {
    if (validated.noFile) logger.info({ resource: resource.name }, "No image uploaded");
    return {
      error: failed({
        fieldErrors: validated.fieldErrors,
        values: validated.values,
        toast: validated.toast!,
        form: target.form,
      }),
    };
  }
  const input = {
    data: validated.data,
    files: validated.files,
    published: validated.published,
    parentId: target.parentId,
  };
  try {
    if (isNew) return { id: await createRecord(getDb(), getStorage(), resource, input) };
    const result = await updateRecord(getDb(), getStorage(), resource, target.id!, input);
    if (!result.found) throw data(null, { status: 404 });
    if (result.failedRemovals.length)
      logger.warn({ keys: result.failedRemovals }, "replaced files could not be removed");
    return { id: target.id! };
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    logger.warn({ resource: resource.name, reason: error.reason }, "upload refused");
    const field = resource.fields.find((candidate) => candidate.kind === "image" || candidate.kind === "audio")!;
    const values = Object.fromEntries(
      resource.fields
        .filter((f) => f.kind !== "image" && f.kind !== "audio")
        .map((f) => [f.name, String(formData.get(f.name) ?? "")]),
    );
    return {
      error: failed({
        fieldErrors: { [field.name]: [error.detail ?? error.message] },
        values,
        toast: { kind: "error", message: error.message },
        form: target.form,
      }),
    };
  }
}

/**
 * The small actions every list offers on a row: publish/hide, move up/down, reorder (drag and drop) and
 * delete. Answers the toast to show, or null when the intent is not one of these.
 */
export async function rowIntent(
  resource: ResourceDef,
  formData: FormData,
  parentId: string | null = null,
): Promise<Toast | null> {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const db = getDb();
  switch (intent) {
    case "publish":
    case "unpublish": {
      const changed = await setPublished(db, resource, id, intent === "publish");
      if (!changed) throw data(null, { status: 404 });
      return {
        kind: "success",
        message:
          intent === "publish"
            ? `${capitalised(resource.the)} er publiceret`
            : `${capitalised(resource.the)} er skjult`,
      };
    }
    case "move": {
      const direction = formData.get("direction") === "up" ? "up" : "down";
      await moveRecord(db, resource, id, direction, parentId);
      return { kind: "success", message: "Rækkefølgen er gemt" };
    }
    case "reorder": {
      const ids = String(formData.get("ids") ?? "")
        .split(",")
        .filter(Boolean);
      const saved = await reorderRecords(db, resource, ids, parentId);
      return saved
        ? { kind: "success", message: "Rækkefølgen er gemt" }
        : { kind: "error", message: "Rækkefølgen kunne ikke gemmes. Genindlæs siden og prøv igen." };
    }
    case "remove-image": {
      const result = await removeRecordImage(db, getStorage(), resource, id);
      if (result.failedRemovals.length) return { kind: "error", message: uploadMessages.deleteFailed };
      return { kind: "success", message: "Billedet er fjernet" };
    }
    case "delete": {
      let result: Awaited<ReturnType<typeof deleteRecord>>;
      try {
        result = await deleteRecord(db, getStorage(), resource, id);
      } catch (error) {
        getLogger().error({ err: error, resource: resource.name }, "delete failed");
        return { kind: "error", message: uploadMessages.deleteFailed };
      }
      if (!result.found) throw data(null, { status: 404 });
      if (result.failedRemovals.length) {
        getLogger().warn({ keys: result.failedRemovals }, "deleted entity's files could not be removed");
        return { kind: "error", message: uploadMessages.deleteFailed };
      }
      return { kind: "success", message: `${capitalised(resource.the)} er slettet` };
    }
    default:
      return null;
  }
}
