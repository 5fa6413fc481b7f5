import { lazy, Suspense, useSyncExternalStore, type TextareaHTMLAttributes } from "react";

/** The editor and Tiptap load only where a form has formatted text: admin pages, never a visitor's. */
const RichTextEditor = lazy(() => import("./rich-text-editor"));

const noSubscription = () => () => undefined;

export interface RichTextFieldProps {
  textarea: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; name: string };
  /** The visible label's id: the editor is named by it. */
  labelId: string;
  initial: string;
  className: string;
}

/**
 * A formatted text field (decision 017). The server renders a textarea, which works without JavaScript (plain
 * text, or the stored HTML); once the page runs, the editor replaces it and writes its HTML into a hidden
 * field of the same name, so the form and its schema are the same either way.
 */
export function RichTextField({ textarea, labelId, initial, className }: RichTextFieldProps) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const plain = <textarea {...textarea} defaultValue={initial} rows={6} className={className} />;
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <RichTextEditor
        id={textarea.id}
        name={textarea.name}
        labelId={labelId}
        describedBy={textarea["aria-describedby"]}
        invalid={Boolean(textarea["aria-invalid"])}
        initial={initial}
        className={className}
      />
    </Suspense>
  );
}
