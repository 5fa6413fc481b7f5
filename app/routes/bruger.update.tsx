import { data, Form, Link, useNavigation } from "react-router";
import { answeredField } from "~/components/ui/answered-field";
import { Field } from "~/components/ui/field";
import { AccountPage, AccountSection, SubmitButton } from "~/features/accounts/components/forms";
import { buttonStyles } from "~/components/ui/button-link";
import { AvatarError, replaceAvatar } from "~/features/accounts/avatar.server";
import { changeProfile, getProfile } from "~/features/accounts/profile.server";
import { contactDetailsSchema, formatDanishPhone } from "~/features/accounts/schemas";
import { requireUser } from "~/features/accounts/session.server";
import { answer, parseSubmission } from "~/lib/form";
import { uploadMessages } from "~/features/media/media";
import { redirectWithToast } from "~/features/toast/flash.server";
import { successToast } from "~/features/toast/toast";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/bruger.update";
import { bodyMessages, tryReadFormData } from "~/lib/request-body.server";

export const meta = () => privatePageMeta("Ret mine oplysninger");

/** Where saving (or giving up) leads: back to the page that sent the user here (`?redirectTo=`), if on this site. */
function returnPath(url: URL) {
  return safeRedirectPath(url.searchParams.get("redirectTo"), "/bruger");
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  const user = await requireUser(auth, request, url);
  const profile = await getProfile(db, user.id);
  return {
    returnTo: returnPath(url),
    address: profile?.address ?? "",
    phone: profile?.phone ? formatDanishPhone(profile.phone) : "",
    avatarUrl: profile?.avatarUrl ?? null,
  };
}

const detailsForms = z.discriminatedUnion("intent", [
  contactDetailsSchema.safeExtend({ intent: z.literal("contact-details") }),
  z.object({ intent: z.literal("avatar"), avatar: z.instanceof(File, { error: uploadMessages.noFile }) }),
]);

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, storage, images } = collaborators();
  const user = await requireUser(auth, request, url);
  // The server stops an upload past its limit as it streams (server/body-limits.ts); say so by the picture.
  const formData = await tryReadFormData(request);
  if (formData === "unreadable") throw data({ error: bodyMessages.unreadable }, { status: 400 });
  if (formData === "too-large") {
    return answer({ intent: "avatar", fieldErrors: { avatar: ["Billedet må højst fylde 5 MB"] } }, 413);
  }
  const submission = parseSubmission(formData, detailsForms);
  if (!submission.ok) return answer(submission.answer, 400);
  const form = submission.value;
  if (form.intent === "avatar") {
    try {
      await replaceAvatar(db, storage, user.id, form.avatar, images);
    } catch (error) {
      if (!(error instanceof AvatarError)) throw error;
      return answer({ intent: "avatar", fieldErrors: { avatar: [error.message] } }, 400);
    }
    const returnTo = returnPath(url);
    const thisPage =
      returnTo === "/bruger" ? "/bruger/update" : `/bruger/update?redirectTo=${encodeURIComponent(returnTo)}`;
    throw redirectWithToast(thisPage, successToast("Dit profilbillede er skiftet"));
  }
  await changeProfile(db, user.id, { address: form.address, phone: form.phone });
  throw redirectWithToast(returnPath(url), successToast("Dine oplysninger er gemt"));
}

export default function UpdateMyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  const contactDetails = actionData?.intent === "contact-details" ? actionData : undefined;
  const avatarError = actionData?.fieldErrors?.avatar?.[0];
  return (
    <AccountPage title="Ret mine oplysninger">
      <p className="mt-3 text-muted">Vi bruger adressen og telefonnummeret på dine reservationer og kvitteringer.</p>
      <Form method="post" className="mt-8 grid gap-5" noValidate>
        <input type="hidden" name="intent" value="contact-details" />
        <Field
          label="Adresse"
          autoComplete="street-address"
          required
          {...answeredField(contactDetails, "address", loaderData.address)}
        />
        <Field
          label="Telefon"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          hint="Dansk nummer med 8 cifre, fx 20 12 34 56."
          {...answeredField(contactDetails, "phone", loaderData.phone)}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={saving} label="Gem" busyLabel="Gemmer …" />
          <Link to={loaderData.returnTo} className={buttonStyles.secondary}>
            Fortryd
          </Link>
        </div>
      </Form>

      <AccountSection title="Profilbillede">
        <div className="mt-4 flex items-center gap-4">
          {loaderData.avatarUrl ? (
            <img
              src={loaderData.avatarUrl}
              alt="Dit profilbillede"
              width={50}
              height={50}
              className="size-[50px] rounded-full"
            />
          ) : (
            <p className="text-muted">Du har ikke noget profilbillede endnu.</p>
          )}
        </div>
        <Form method="post" encType="multipart/form-data" className="mt-6 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="avatar" />
          <div className="grid gap-1.5">
            <label htmlFor="avatar" className="text-sm font-semibold">
              Vælg et billede
            </label>
            <input
              id="avatar"
              name="avatar"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              aria-describedby={avatarError ? "avatar-fejl" : undefined}
              aria-invalid={avatarError ? true : undefined}
              className="text-sm file:mr-4 file:rounded-full file:border file:border-control-border file:bg-surface-raised file:px-4 file:py-2 file:text-ink"
            />
            {avatarError && (
              <p id="avatar-fejl" role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                {avatarError}
              </p>
            )}
          </div>
          <SubmitButton busy={saving} label="Upload billede" variant="secondary" className="justify-self-start" />
        </Form>
      </AccountSection>
    </AccountPage>
  );
}
