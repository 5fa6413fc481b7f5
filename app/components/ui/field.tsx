import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  errors?: string[];
  hint?: ReactNode;
}

/** A labelled input whose hint and errors are read out with it (aria-describedby). */
export function Field({ label, name, errors, hint, className = "", ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`grid min-w-0 gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        className="min-w-0 rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base text-ink placeholder:text-muted aria-invalid:border-red-600 dark:aria-invalid:border-red-400"
        {...input}
      />
      <FieldMessages hint={hint} hintId={hintId} errors={errors} errorId={errorId} />
    </div>
  );
}

/** A field's hint and its errors, under the control, with the ids its aria-describedby names. */
export function FieldMessages({
  hint,
  hintId,
  errors,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  errors?: string[];
  errorId: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {errors?.length ? (
        <ul id={errorId} className="grid gap-0.5 text-sm font-medium text-red-700 dark:text-red-300">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-600/40 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/40 dark:text-red-200"
    >
      {message}
    </p>
  );
}
