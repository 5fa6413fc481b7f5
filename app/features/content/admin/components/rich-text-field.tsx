import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState, type TextareaHTMLAttributes } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { submittedAsHtml } from "~/features/content/rich-text";
import type { ReplacedField } from "./rich-text-editor";

/** The editor and Tiptap load only where a form has formatted text: admin pages, never a visitor's. */
const RichTextEditor = lazy(() => import("./rich-text-editor"));

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
  const hydrated = useHydrated();
  // What was typed into the textarea while the editor was still loading goes on in the editor.
  const [typed, setTyped] = useState<string | null>(null);
  const plainField = useRef<HTMLTextAreaElement>(null);
  // The plain field as it was when the editor took its place. Typing can reach it after the editor was rendered
  // and before it was shown, and the admin may be in the middle of typing: the editor takes over both.
  const replaced = useRef<ReplacedField | null>(null);
  const plainFieldRef = useCallback((element: HTMLTextAreaElement | null) => {
    plainField.current = element;
    if (!element) return;
    return () => {
      plainField.current = null;
      const { value } = element;
      replaced.current = {
        html: value === initial ? initial : submittedAsHtml(value),
        focused: element.ownerDocument.activeElement === element,
      };
    };
    // The stored text does not change while the form is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The page's scripts start after its first paint (decision 021): what was typed before they ran is in the
  // server's textarea, unseen by React, which is about to swap that textarea for the editor.
  useLayoutEffect(() => {
    const value = plainField.current?.value;
    if (value !== undefined && value !== initial) setTyped(value);
    // Only the textarea the page was hydrated with: later ones report their changes themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const plain = (
    <textarea
      {...textarea}
      ref={plainFieldRef}
      // Until the editor takes its place (it never does without JavaScript).
      data-editor="pending"
      defaultValue={typed ?? initial}
      onChange={(event) => setTyped(event.currentTarget.value)}
      rows={6}
      className={className}
    />
  );
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <RichTextEditor
        id={textarea.id}
        name={textarea.name}
        labelId={labelId}
        describedBy={textarea["aria-describedby"]}
        invalid={Boolean(textarea["aria-invalid"])}
        initial={typed === null ? initial : submittedAsHtml(typed)}
        takeReplacedField={() => {
          const field = replaced.current;
          replaced.current = null;
          return field;
        }}
        className={className}
      />
    </Suspense>
  );
}
