import { useId, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { FieldMessages } from "~/components/ui/field";
import { StoredImage } from "~/components/ui/stored-image";
import { LibraryPicker } from "~/features/media/components/media-picker";
import type { ChoosableImage } from "~/features/media/library.server";
import { formatDuration, type StoredAudioRef, type StoredImageRef } from "~/features/media/media";
import { showToast } from "~/features/toast/toast";
import { publicFileUrl } from "~/features/storage/storage";
import { fieldsOfKind, plainInputs, type ContentType, type FieldDef } from "../../registry";
import { mediaFieldName, validateEntityForm } from "../validation";
import { RichTextField } from "./rich-text-field";
import type { FieldErrors } from "~/lib/form";

export interface EntityFormProps {
  type: ContentType;
  /** Which record the form edits; undefined for a new one. */
  recordId?: string;
  values: Record<string, string>;
  published: boolean;
  image?: StoredImageRef | null;
  audio?: StoredAudioRef | null;
  errors?: FieldErrors;
  /** The action's intent ("create", "save", "child-create" …) and extra hidden fields. */
  intent: string;
  hidden?: Record<string, string>;
  submitLabel: string;
  /** Distinguishes the ids of several forms of one kind on a page. */
  formKey?: string;
  /** Options of the selects that list other content (`choicesFrom`), read by the loader. */
  choices?: Record<string, { value: string; label: string }[]>;
  /** The library's ready images, for "Vælg fra biblioteket" in the image field (decision 020). */
  library?: readonly ChoosableImage[];
  children?: ReactNode;
}

const inputClass =
  "w-full rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base text-ink aria-invalid:border-red-600 dark:aria-invalid:border-red-400";

/**
 * The create/edit form of any content type, built from its field list. The same validation as the
 * server's runs before sending (errors next to the fields, in Danish); without JavaScript the server's
 * answer shows them.
 */
export function EntityForm(props: EntityFormProps) {
  const { type, values, errors: serverErrors, intent, hidden, submitLabel, formKey = "", published, children } = props;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const id = useId();
  const hasFile = fieldsOfKind(type, "image", "audio").length > 0;

  return (
    <Form
      method="post"
      encType={hasFile ? "multipart/form-data" : undefined}
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        const result = validateEntityForm(type, new FormData(event.currentTarget), {
          requireFiles: props.recordId === undefined,
        });
        if (result.success) {
          setClientErrors(null);
          return;
        }
        event.preventDefault();
        setClientErrors(result.fieldErrors);
        if (result.toast) showToast(result.toast);
        const firstInvalid = type.fields.find((field) => result.fieldErrors[field.name]?.length);
        if (firstInvalid) document.getElementById(`${id}${formKey}-${firstInvalid.name}`)?.focus();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {type.fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          inputId={`${id}${formKey}-${field.name}`}
          value={values[field.name]}
          errors={errors[field.name]}
          form={props}
        />
      ))}
      <label className="flex items-center gap-3">
        <input type="checkbox" name="published" defaultChecked={published} className="size-5 accent-accent" />
        <span>
          <span className="font-semibold">Publiceret</span>
          <span className="block text-sm text-muted">
            Fjern fluebenet for at gemme som kladde, som kun administratorer kan se.
          </span>
        </span>
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={saving}>
          {saving ? "Gemmer …" : submitLabel}
        </button>
        {children}
      </div>
    </Form>
  );
}

/** One field of the form: its label, its control by kind, its hint and errors. */
function FieldControl({
  field,
  inputId,
  value,
  errors,
  form,
}: {
  field: FieldDef;
  inputId: string;
  value: string | undefined;
  errors?: string[];
  form: EntityFormProps;
}) {
  const isNew = form.recordId === undefined;
  const hintId = `${inputId}-hint`;
  const labelId = `${inputId}-label`;
  const errorId = `${inputId}-error`;
  const describedBy =
    [field.hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id: inputId,
    name: field.name,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  const initial = value ?? (isNew ? (field.defaultValue?.() ?? "") : "");
  const [rangeValue, setRangeValue] = useState(initial || "50");

  if (field.kind === "choices") {
    return <ChoicesControl field={field} inputId={inputId} value={initial} errors={errors} />;
  }

  let control: ReactNode;
  switch (field.kind) {
    case "textarea":
      control = <textarea {...common} defaultValue={initial} rows={6} className={inputClass} />;
      break;
    case "richtext":
      control = <RichTextField textarea={common} labelId={labelId} initial={initial} className={inputClass} />;
      break;
    case "range":
      control = (
        <div className="flex items-center gap-4">
          <input
            {...common}
            type="range"
            min={field.min}
            max={field.max}
            step={1}
            value={rangeValue}
            onChange={(event) => setRangeValue(event.currentTarget.value)}
            aria-valuetext={`${rangeValue} %`}
            className="h-2 flex-1 accent-accent"
          />
          <output htmlFor={inputId} className="w-14 text-right font-semibold tabular-nums">
            {rangeValue} %
          </output>
        </div>
      );
      break;
    case "select":
      control = (
        <select {...common} defaultValue={initial} className={`${inputClass} max-w-xs`}>
          <option value="" disabled={!field.optional}>
            {field.optional ? "Intet" : "Vælg …"}
          </option>
          {(form.choices?.[field.name] ?? field.options)?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case "image":
      control = (
        <div className="grid gap-3">
          {form.image && (
            <StoredImage
              image={form.image}
              sizes="12rem"
              alt="Nuværende billede"
              className="aspect-[3/2] w-48 rounded-xl object-cover"
            />
          )}
          <input
            {...common}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic"
            className="max-w-full text-sm file:mr-4 file:rounded-full file:border file:border-control-border file:bg-surface-raised file:px-4 file:py-2 file:text-ink"
          />
          {form.library && (
            <LibraryPicker
              name={mediaFieldName(field.name)}
              fileInputId={inputId}
              images={form.library}
              altInputName={fieldsOfKind(form.type, "alt")[0]?.name}
            />
          )}
        </div>
      );
      break;
    case "audio":
      control = (
        <div className="grid gap-3">
          {form.audio && (
            <div className="flex flex-wrap items-center gap-3">
              <audio controls preload="none" src={publicFileUrl(form.audio.key)} className="max-w-full" />
              {form.audio.durationSeconds ? (
                <span className="text-sm text-muted">Varighed {formatDuration(form.audio.durationSeconds)}</span>
              ) : null}
            </div>
          )}
          <input
            {...common}
            type="file"
            accept="audio/mpeg,audio/mp4,audio/aac,audio/ogg,audio/wav,audio/flac,.mp3,.m4a,.aac,.ogg,.oga,.wav,.flac"
            className="text-sm file:mr-4 file:rounded-full file:border file:border-control-border file:bg-surface-raised file:px-4 file:py-2 file:text-ink"
          />
        </div>
      );
      break;
    default: {
      const { type = "text", inputMode, width = "" } = plainInputs[field.kind] ?? {};
      control = (
        <input {...common} type={type} inputMode={inputMode} defaultValue={initial} className={inputClass + width} />
      );
      if (field.kind === "money") {
        control = (
          <div className="flex items-center gap-2">
            {control}
            <span className="text-muted">kr.</span>
          </div>
        );
      }
    }
  }

  const optionalNote = field.optional ? <span className="font-normal text-muted"> (valgfri)</span> : null;
  const replaceNote =
    !isNew && ((field.kind === "image" && form.image) || (field.kind === "audio" && form.audio)) ? (
      <span className="font-normal text-muted"> (vælg en ny fil eller et billede fra biblioteket for at erstatte)</span>
    ) : null;
  return (
    <div className="grid gap-1.5">
      <label id={labelId} htmlFor={inputId} className="text-sm font-semibold">
        {field.label}
        {optionalNote}
        {replaceNote}
      </label>
      {control}
      <FieldMessages hint={field.hint} hintId={hintId} errors={errors} errorId={errorId} />
    </div>
  );
}

/**
 * A group of checkboxes (`choices`): a fieldset named by its legend, one box per option sending the field's name
 * with the option's value, so a plain form sends every checked one. `value` is the checked values, comma-joined.
 */
function ChoicesControl({
  field,
  inputId,
  value,
  errors,
}: {
  field: FieldDef;
  inputId: string;
  value: string;
  errors?: string[];
}) {
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy =
    [field.hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined;
  const checked = new Set(value.split(","));
  return (
    <fieldset className="grid gap-1.5" aria-describedby={describedBy}>
      <legend className="mb-1.5 text-sm font-semibold">{field.label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {field.options?.map((option, index) => (
          <label key={option.value} className="flex items-center gap-3">
            <input
              // The first box takes the field's id: the form focuses it when the group is wrong.
              id={index === 0 ? inputId : undefined}
              type="checkbox"
              name={field.name}
              value={option.value}
              defaultChecked={checked.has(option.value)}
              aria-invalid={errors?.length ? true : undefined}
              className="size-5 accent-accent"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages hint={field.hint} hintId={hintId} errors={errors} errorId={errorId} />
    </fieldset>
  );
}
