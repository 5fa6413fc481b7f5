import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * An action asked once more, with no JavaScript needed: the summary opens the question, the button in it acts.
 * On a phone the question opens in place under the summary, not floating off the screen's edge; from `md` up it
 * floats beside it unless `inPlace`.
 */
export function ConfirmStep({
  summary,
  summaryClassName,
  label,
  question,
  inPlace = false,
  children,
}: {
  summary: ReactNode;
  summaryClassName: string;
  /** Names the question for a screen reader, e.g. "Bekræft sletning af …". */
  label: string;
  question: ReactNode;
  inPlace?: boolean;
  /** The form that acts, with a `ConfirmButton`. */
  children: ReactNode;
}) {
  return (
    <details className={inPlace ? "" : "group relative inline-block"}>
      <summary className={`${summaryClassName} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {summary}
      </summary>
      <div
        role="group"
        aria-label={label}
        className={
          inPlace
            ? "mt-2 grid gap-3"
            : "z-20 mt-2 grid w-64 max-w-full gap-3 rounded-2xl border border-border bg-surface-raised p-4 text-left shadow-xl md:absolute md:right-0 md:max-w-none"
        }
      >
        <p className="text-sm">{question}</p>
        {children}
      </div>
    </details>
  );
}

/** The button that carries out a confirmed action (delete, cancel): red, as nothing else on the page is. */
export function ConfirmButton({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...props}
      className={`rounded-full bg-red-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-800 ${className}`}
    />
  );
}
