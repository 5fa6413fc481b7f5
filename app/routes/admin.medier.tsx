import { Fragment, useEffect } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { z } from "zod";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { FieldMessages } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { useToastFrom } from "~/components/ui/toaster";
import { requireAdmin } from "~/features/accounts/session.server";
import { readAdminForm } from "~/features/content/admin/actions.server";
import { Thumbnail } from "~/features/media/components/media-picker";
import { Uploader } from "~/features/media/components/uploader";
import { libraryForms, statusText, useEditPath, useName } from "~/features/media/library";
import { altHint, altLabel } from "~/features/media/media";
import { deleteMediaImage, listMediaImages, setMediaAlt } from "~/features/media/library.server";
import { uploadMessages } from "~/features/media/media";
import { errorToast, successToast } from "~/features/toast/toast";
import { answer, parseSubmission, withErrorToast, type ActionAnswer } from "~/lib/form";
import { formatDateTime } from "~/lib/format";
import { collaborators } from "~/lib/collaborators.server";
import { privatePageMeta } from "~/lib/private-page";
import type { Route } from "./+types/admin.medier";

const searchSchema = z.object({ side: z.coerce.number().int().min(1).max(10_000).catch(1) });

/** How many places a tile names; the rest are counted. */
const USES_SHOWN = 8;

/** How often the page asks again while an image is being processed. */
const REVALIDATE_MS = 2000;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, auth } = collaborators();
  await requireAdmin(auth, request, url);
  const { side } = searchSchema.parse(Object.fromEntries(url.searchParams));
  const library = await listMediaImages(db, { page: side });
  return {
    ...library,
    images: library.images.map(({ failure, createdAt, uses, ...image }) => ({
      ...image,
      state: statusText(image.status, failure),
      uses: uses
        .slice(0, USES_SHOWN)
        .map((use) => ({ key: `${use.kind}-${use.id}`, name: useName(use), path: useEditPath(use) })),
      moreUses: Math.max(0, uses.length - USES_SHOWN),
      created: formatDateTime(createdAt),
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const { db, auth, storage, logger, freshness } = collaborators();
  await requireAdmin(auth, request, url);
  const form = await readAdminForm(request);
  if (form.tooLarge) return form.tooLarge;
  const submission = parseSubmission(form.formData, libraryForms);
  if (!submission.ok) return answer(withErrorToast(submission.answer), 400);
  const asked = submission.value;
  switch (asked.intent) {
    case "alt": {
      const saved = await setMediaAlt({ db, freshness }, asked.id, asked.alt);
      if (!saved.ok) {
        const refusal = { fieldErrors: { alt: [saved.message] }, values: { alt: asked.alt } };
        return answer<ActionAnswer>({ intent: "alt", ...refusal, toast: errorToast(saved.message) }, saved.status);
      }
      return answer<ActionAnswer>({ intent: "alt", toast: successToast("Den alternative tekst er gemt") });
    }
    case "delete": {
      const deleted = await deleteMediaImage({ db, storage }, asked.id);
      if (!deleted.ok) {
        const { message, status } = deleted;
        return answer<ActionAnswer>({ intent: "delete", formError: message, toast: errorToast(message) }, status);
      }
      if (deleted.failedRemovals.length) {
        logger.warn({ keys: deleted.failedRemovals }, "a library image's files could not be removed");
        return answer<ActionAnswer>({ intent: "delete", toast: errorToast(uploadMessages.deleteFailed) });
      }
      return answer<ActionAnswer>({ intent: "delete", toast: successToast("Billedet er slettet") });
    }
  }
}

export const meta = () => privatePageMeta("Mine Billeder");

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { images, total, page, pageCount, processing } = loaderData;
  const revalidator = useRevalidator();
  // Without JavaScript the tiles' forms post to the page itself: their answer comes here.
  useToastFrom(actionData?.toast);
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REVALIDATE_MS);
    return () => clearInterval(timer);
  }, [processing, revalidator]);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-12 pb-24 sm:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight">Mine Billeder</h1>
      {actionData?.formError && (
        <p role="alert" className="mt-4 font-medium text-red-700 dark:text-red-300 [overflow-wrap:anywhere]">
          {actionData.formError}
        </p>
      )}
      <p className="mt-2 max-w-2xl text-muted">
        Alle billeder på siden. Upload mange på én gang; hvert billede kan bruges på sider, bannere, albums, artikler,
        koncerter og i galleriet.
      </p>
      <div className="mt-8">
        <Uploader action="/medier/upload" />
      </div>
      <h2 className="mt-12 font-display text-2xl font-bold">Biblioteket</h2>
      <p className="mt-1 text-sm text-muted" aria-live="polite">
        {total === 1 ? "1 billede" : `${total} billeder`}
        {processing ? " · Nogle behandles stadig; siden opdaterer sig selv." : ""}
      </p>
      {images.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-border p-8 text-center text-muted">
          Her er tomt endnu. Upload det første billede ovenfor.
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {images.map((image) => (
            <LibraryTile key={image.id} image={image} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}

function LibraryTile({ image }: { image: Route.ComponentProps["loaderData"]["images"][number] }) {
  const altForm = useFetcher<ActionAnswer>();
  const deleteForm = useFetcher<ActionAnswer>();
  useToastFrom(altForm.data?.toast);
  useToastFrom(deleteForm.data?.toast);
  const altId = `alt-${image.id}`;
  const altErrors = altForm.data?.fieldErrors?.alt;
  const refusal = deleteForm.data?.formError;
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-surface-raised p-4">
      {image.image ? (
        <Thumbnail image={image.image} className="aspect-[3/2] w-full rounded-xl object-cover" />
      ) : (
        <div
          className="grid aspect-[3/2] w-full place-items-center rounded-xl bg-surface-sunken px-3 text-center text-sm text-muted"
          aria-hidden="true"
        >
          {image.status === "processing" ? "Behandles…" : "Intet billede"}
        </div>
      )}
      <div className="min-w-0">
        <h3 className="font-semibold [overflow-wrap:anywhere]">{image.originalName}</h3>
        <p
          className={`text-sm ${image.status === "failed" ? "font-medium text-red-700 dark:text-red-300" : "text-muted"}`}
          data-state={image.status}
        >
          {image.state}
        </p>
        <p className="text-sm text-muted [overflow-wrap:anywhere]">
          {image.uses.length === 0
            ? "Bruges ikke"
            : image.uses.map((use, index) => (
                <Fragment key={use.key}>
                  {index === 0 ? "Bruges af: " : ", "}
                  <Link to={use.path} className="text-accent underline underline-offset-4">
                    {use.name}
                  </Link>
                </Fragment>
              ))}
          {image.moreUses > 0 ? ` og ${image.moreUses} mere` : ""}
        </p>
        <p className="text-xs text-muted">Uploadet {image.created}</p>
      </div>
      {image.status === "ready" && (
        <altForm.Form method="post" className="grid gap-1.5">
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="id" value={image.id} />
          <label htmlFor={altId} className="text-sm font-semibold">
            {altLabel}
          </label>
          <textarea
            id={altId}
            name="alt"
            rows={2}
            maxLength={500}
            defaultValue={image.alt}
            aria-invalid={altErrors?.length ? true : undefined}
            aria-describedby={`${altId}-hint${altErrors?.length ? ` ${altId}-error` : ""}`}
            className="w-full rounded-xl border border-control-border bg-surface-raised px-3 py-2 text-base text-ink aria-invalid:border-red-600 dark:aria-invalid:border-red-400"
          />
          <FieldMessages hint={altHint} hintId={`${altId}-hint`} errors={altErrors} errorId={`${altId}-error`} />
          <div>
            <button
              type="submit"
              className="rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent"
              aria-label={`Gem alternativ tekst for ${image.originalName}`}
            >
              {altForm.state === "idle" ? "Gem" : "Gemmer …"}
            </button>
          </div>
        </altForm.Form>
      )}
      <div className="mt-auto">
        <ConfirmStep
          inPlace
          summary={
            <>
              Slet<span className="sr-only"> {image.originalName}</span>
            </>
          }
          summaryClassName="w-fit rounded-full border border-control-border px-3 py-1 text-sm font-medium text-red-700 hover:border-accent dark:text-red-300"
          label={`Bekræft sletning af ${image.originalName}`}
          question={
            image.uses.length > 0
              ? "Billedet er i brug og kan ikke slettes, før du vælger et andet billede dér."
              : "Vil du slette billedet? Det kan ikke fortrydes."
          }
        >
          <deleteForm.Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={image.id} />
            <ConfirmButton>Ja, slet</ConfirmButton>
          </deleteForm.Form>
        </ConfirmStep>
      </div>
      {refusal && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300 [overflow-wrap:anywhere]">
          {refusal}
        </p>
      )}
    </li>
  );
}
