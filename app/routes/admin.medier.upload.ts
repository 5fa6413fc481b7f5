import { data, redirect } from "react-router";
import { requireAdmin } from "~/features/accounts/session.server";
import { chosenFile } from "~/features/content/admin/validation";
import { acceptUpload, MEDIA_QUEUE } from "~/features/media/library.server";
import { uploadMessages } from "~/features/media/media";
import { redirectWithToast } from "~/features/toast/flash.server";
import { errorToast, successToast } from "~/features/toast/toast";
import { collaborators } from "~/lib/collaborators.server";
import { bodyMessages, tryReadFormData } from "~/lib/request-body.server";
import type { Route } from "./+types/admin.medier.upload";

const LIBRARY = "/medier";

/** Nothing to show here: the library page has the uploader. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { auth } = collaborators();
  await requireAdmin(auth, request, url);
  return redirect(LIBRARY);
}

/**
 * One image per request (decision 020): checked by size and bytes at once, stored raw, a "processing" row with its
 * job in the media queue, and 202 with its id; the encoding runs after the answer. The library page sends with XMLHttpRequest and asks for
 * JSON (`{ id }`, or `{ error }`: the Danish reason); a plain form (no JavaScript) is sent back with a toast.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, storage, logger, queue } = collaborators();
  const user = await requireAdmin(auth, request, url);
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  const refuse = (status: number, message: string) =>
    wantsJson
      ? data({ error: message }, { status })
      : redirectWithToast(LIBRARY, errorToast(uploadMessages.uploadFailed, message));
  const form = await tryReadFormData(request);
  if (form === "too-large") return refuse(413, `${uploadMessages.uploadFailed}: Billedet må højst fylde 15 MB.`);
  if (form === "unreadable") return refuse(400, bodyMessages.unreadable);
  const accepted = await acceptUpload({ db, storage }, chosenFile(form.get("file")), { userId: user.id });
  if (!accepted.ok) {
    logger.info({ reason: accepted.reason }, "library upload refused");
    return refuse(accepted.status, accepted.message);
  }
  void queue?.wake(MEDIA_QUEUE);
  return wantsJson
    ? data({ id: accepted.id }, { status: 202 })
    : redirectWithToast(LIBRARY, successToast("Billedet er uploadet og behandles nu."));
}
