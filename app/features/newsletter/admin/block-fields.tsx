import { useId } from "react";
import { Link } from "react-router";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { Field, FieldMessages } from "~/components/ui/field";
import { RichTextField } from "~/features/content/admin/components/rich-text-field";
import { Thumbnail } from "~/features/media/components/media-picker";
import { ALT_MAX, type StoredImageRef } from "~/features/media/media";
import type { FieldErrors } from "~/lib/form";
import { BUTTON_LABEL_MAX, letterBlockNames, type LetterBlock } from "../letter";
import { blockFieldNames, LETTER_HREF_MAX } from "../letter-form";

/** A picture of the library the letter may show. */
export interface LibraryChoice {
  id: string;
  image: StoredImageRef;
  originalName: string;
}

const inputClass =
  "w-full rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base text-ink aria-invalid:border-red-600 dark:aria-invalid:border-red-400";

const smallButton =
  "inline-block cursor-pointer rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent disabled:cursor-not-allowed disabled:opacity-40";

/** One block of the letter's form: its heading with up, down and remove, and its fields by its kind. */
export function BlockFields({
  block,
  index,
  count,
  errors,
  library,
}: {
  block: LetterBlock;
  index: number;
  count: number;
  errors: FieldErrors;
  library: readonly LibraryChoice[];
}) {
  const names = blockFieldNames(index);
  const number = index + 1;
  const legendId = useId();
  return (
    <fieldset
      aria-labelledby={legendId}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-4 rounded-2xl border border-border bg-surface-raised p-4 sm:p-5"
    >
      <legend id={legendId} className="float-left font-semibold">
        <span className="text-muted">Blok {number} · </span>
        {letterBlockNames[block.type]}
      </legend>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="submit" name="intent" value={`up-${index}`} disabled={index === 0} className={smallButton}>
          Op<span className="sr-only"> med blok {number}</span>
        </button>
        <button
          type="submit"
          name="intent"
          value={`down-${index}`}
          disabled={index === count - 1}
          className={smallButton}
        >
          Ned<span className="sr-only"> med blok {number}</span>
        </button>
        <ConfirmStep
          summary={
            <>
              Fjern<span className="sr-only"> blok {number}</span>
            </>
          }
          summaryClassName={smallButton}
          label={`Bekræft at blok ${number} fjernes`}
          question={`Fjern blok ${number} (${letterBlockNames[block.type]}) og det, der står i den?`}
        >
          <ConfirmButton name="intent" value={`remove-${index}`}>
            Ja, fjern blokken
          </ConfirmButton>
        </ConfirmStep>
      </div>
      <input type="hidden" name={names.type} value={block.type} />
      <div className="col-span-2 grid gap-4">
        <BlockBody block={block} names={names} errors={errors} library={library} />
      </div>
    </fieldset>
  );
}

function BlockBody({
  block,
  names,
  errors,
  library,
}: {
  block: LetterBlock;
  names: ReturnType<typeof blockFieldNames>;
  errors: FieldErrors;
  library: readonly LibraryChoice[];
}) {
  switch (block.type) {
    case "text":
      return <TextField name={names.html} initial={block.html} errors={errors[names.html]} />;
    case "concerts":
      return (
        <>
          {block.month && <input type="hidden" name={names.month} value={block.month} />}
          <p className="text-sm text-muted">
            {block.month ? `Koncerterne frem til udgangen af ${block.month}` : "De næste koncerter i programmet"} sættes
            ind, når brevet sendes, hver med sin billetstatus. Forhåndsvisningen viser dem, som programmet ser ud nu.
          </p>
        </>
      );
    case "image":
      return <ImageFields block={block} names={names} errors={errors} library={library} />;
    case "button":
      return (
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <Field
            label="Knappens tekst"
            name={names.label}
            defaultValue={block.label}
            maxLength={BUTTON_LABEL_MAX}
            errors={errors[names.label]}
            placeholder="Køb billetter"
          />
          <Field
            label="Adresse"
            name={names.href}
            defaultValue={block.href}
            maxLength={LETTER_HREF_MAX}
            inputMode="url"
            errors={errors[names.href]}
            hint="https://… eller en side her, fx /koncerter"
          />
        </div>
      );
  }
}

function TextField({ name, initial, errors }: { name: string; initial: string; errors?: string[] }) {
  const inputId = useId();
  const labelId = `${inputId}-label`;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-1.5">
      <label id={labelId} htmlFor={inputId} className="text-sm font-semibold">
        Tekst
      </label>
      <RichTextField
        textarea={{
          id: inputId,
          name,
          "aria-invalid": errors?.length ? true : undefined,
          "aria-describedby": errors?.length ? errorId : undefined,
        }}
        labelId={labelId}
        initial={initial}
        className={inputClass}
      />
      <FieldMessages hintId={`${inputId}-hint`} errors={errors} errorId={errorId} />
    </div>
  );
}

/** The chosen picture, its alt text, and the library's ready pictures to choose among (radio buttons: no script). */
function ImageFields({
  block,
  names,
  errors,
  library,
}: {
  block: Extract<LetterBlock, { type: "image" }>;
  names: ReturnType<typeof blockFieldNames>;
  errors: FieldErrors;
  library: readonly LibraryChoice[];
}) {
  const chooserId = useId();
  const chosen = library.find((choice) => choice.id === block.mediaId);
  const errorId = `${chooserId}-error`;
  const imageErrors = errors[names.mediaId];
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        {chosen ? (
          <>
            <Thumbnail image={chosen.image} className="h-16 w-24 rounded-lg object-cover" />
            <span className="text-sm [overflow-wrap:anywhere]">
              Valgt: <strong>{chosen.originalName}</strong>
            </span>
          </>
        ) : (
          <span className="text-sm text-muted">
            {block.mediaId
              ? "Det valgte billede er ikke længere i biblioteket. Vælg et andet."
              : "Intet billede valgt endnu."}
          </span>
        )}
      </div>
      <details className="group rounded-xl border border-border" open={!block.mediaId || Boolean(imageErrors?.length)}>
        <summary className="cursor-pointer px-4 py-2.5 text-sm font-semibold">
          {block.mediaId ? "Vælg et andet billede" : "Vælg et billede fra biblioteket"}
        </summary>
        {library.length === 0 ? (
          <p className="px-4 pb-4 text-sm text-muted">
            Biblioteket har ingen færdige billeder endnu.{" "}
            <Link to="/medier" className="font-semibold text-accent underline-offset-4 hover:underline">
              Upload et under Mine Billeder
            </Link>
            .
          </p>
        ) : (
          <fieldset className="px-4 pb-4" aria-describedby={imageErrors?.length ? errorId : undefined}>
            <legend className="sr-only">Billede fra biblioteket</legend>
            <ul className="grid max-h-96 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 lg:grid-cols-4">
              {library.map((choice) => (
                <li key={choice.id}>
                  <label className="grid cursor-pointer gap-1 rounded-xl border border-border p-1.5 text-xs hover:border-accent has-checked:border-accent has-checked:ring-2 has-checked:ring-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus">
                    <input
                      type="radio"
                      name={names.mediaId}
                      value={choice.id}
                      defaultChecked={choice.id === block.mediaId}
                      className="sr-only"
                    />
                    <Thumbnail image={choice.image} className="aspect-[3/2] w-full rounded-lg object-cover" />
                    <span className="line-clamp-1 [overflow-wrap:anywhere]">{choice.originalName}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </details>
      <FieldMessages hintId={`${chooserId}-hint`} errors={imageErrors} errorId={errorId} />
      <Field
        label="Alternativ tekst"
        name={names.alt}
        defaultValue={block.alt}
        maxLength={ALT_MAX}
        errors={errors[names.alt]}
        hint="Hvad billedet viser, for dem der ikke kan se det (og mailprogrammer, der ikke henter billeder)."
      />
    </>
  );
}
