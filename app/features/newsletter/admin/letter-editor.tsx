import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { Field, FormError } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import { letterBlockNames, MAX_LETTER_BLOCKS, SUBJECT_MAX, type LetterBlock, type LetterBlockType } from "../letter";
import { SUBJECT_FIELD } from "../letter-form";
import { BlockFields, type LibraryChoice } from "./block-fields";

const addButtons: { type: LetterBlockType; label: string }[] = [
  { type: "text", label: "Tekst" },
  { type: "concerts", label: letterBlockNames.concerts },
  { type: "image", label: "Billede" },
  { type: "button", label: "Knap" },
];

/** A short fingerprint of a block, so that a block whose content moved to another place gets a fresh editor. */
function fingerprint(block: LetterBlock) {
  const text = JSON.stringify(block);
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) hash = (hash * 33) ^ text.charCodeAt(index);
  return (hash >>> 0).toString(36);
}

/**
 * The letter's form: the subject and the blocks, every field posted with whichever button was pressed (save, add,
 * move, remove), so that it works the same without JavaScript. The server answers with the letter as saved.
 */
export function LetterEditor({
  subject,
  blocks,
  errors,
  formError,
  library,
}: {
  subject: string;
  blocks: LetterBlock[];
  errors: FieldErrors;
  formError?: string;
  library: readonly LibraryChoice[];
}) {
  const navigation = useNavigation();
  const pressed = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const full = blocks.length >= MAX_LETTER_BLOCKS;
  return (
    <Form method="post" noValidate preventScrollReset className="grid gap-6">
      {/* Enter in a field saves, rather than pressing the first block's "Op". */}
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Gem kladde
      </button>
      <FormError message={formError} />
      <Field
        label="Emne"
        name={SUBJECT_FIELD}
        defaultValue={subject}
        maxLength={SUBJECT_MAX}
        errors={errors[SUBJECT_FIELD]}
        hint="Står i indbakken og som overskrift i brevet."
      />
      <ol className="grid gap-4" aria-label="Brevets blokke">
        {blocks.map((block, index) => (
          <li key={`${index}-${fingerprint(block)}`}>
            <BlockFields block={block} index={index} count={blocks.length} errors={errors} library={library} />
          </li>
        ))}
      </ol>
      <div className="grid gap-2">
        <p id="add-block-label" className="text-sm font-semibold">
          Tilføj
        </p>
        <div role="group" aria-labelledby="add-block-label" className="flex flex-wrap gap-2">
          {addButtons.map(({ type, label }) => (
            <button
              key={type}
              type="submit"
              name="intent"
              value={`add-${type}`}
              disabled={full}
              className={`${buttonStyles.secondary} disabled:cursor-not-allowed disabled:opacity-50`}
            >
              <span aria-hidden="true">+</span>
              <span className="sr-only">Tilføj </span>
              {label}
            </button>
          ))}
        </div>
        {full && <p className="text-sm text-muted">Et brev kan højst have {MAX_LETTER_BLOCKS} blokke.</p>}
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-border pt-5">
        <button type="submit" name="intent" value="save" className={buttonStyles.primary}>
          {pressed === "save" ? "Gemmer …" : "Gem kladde"}
        </button>
        <p className="text-sm text-muted">Tilføj, flyt og fjern gemmer også kladden.</p>
      </div>
    </Form>
  );
}
