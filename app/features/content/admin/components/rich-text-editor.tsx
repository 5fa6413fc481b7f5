import { useId, useLayoutEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { Extension } from "@tiptap/core";
import Link from "@tiptap/extension-link";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { TextSelection } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import { buttonStyles } from "~/components/ui/button-link";

export interface RichTextEditorProps {
  id: string;
  name: string;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  initial: string;
  className: string;
  /** The plain field this editor replaced, as it was at that moment; null when there was none. */
  takeReplacedField: () => ReplacedField | null;
}

export interface ReplacedField {
  /** Its text as the editor's HTML. */
  html: string;
  focused: boolean;
}

/** What a link field's text means as an address: e-mail and phone numbers as such, a bare domain on https. */
export function linkAddress(input: string): string {
  const value = input.trim();
  if (value === "") return "";
  if (/^(https?:|mailto:|tel:|\/)/i.test(value)) return value;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (/^\+?[\d ]{8,}$/.test(value)) return `tel:${value.replace(/ /g, "")}`;
  return `https://${value}`;
}

/**
 * The formatted text editor (decision 017): Tiptap with only what the stored HTML keeps (paragraphs, h3/h4,
 * bold, italic, links, bullet and numbered lists), a toolbar of real buttons with Danish names and
 * aria-pressed, Ctrl/Cmd+B, I and K, and its HTML in a hidden field named like the textarea it replaces.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const [html, setHtml] = useState(props.initial);
  const [linkPanel, setLinkPanel] = useState<{ href: string } | null>(null);
  const linkInputId = useId();

  const extensions = useMemo(
    () => [
      StarterKit.configure({
        // A heading being written is content of the text box, not a heading of the admin page: it would break
        // the page's outline (axe: heading-order). The "Overskrift" button's aria-pressed tells where one is;
        // the server drops the role with every other attribute.
        heading: { levels: [3, 4], HTMLAttributes: { role: "none" } },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: "https",
        protocols: ["mailto", "tel"],
        // The server decides what is kept (http, https, mailto, tel, paths of the site) and how it opens.
        HTMLAttributes: { target: null, rel: null, class: null },
      }),
      Extension.create({
        name: "linkShortcut",
        addKeyboardShortcuts() {
          return {
            "Mod-k": () => {
              setLinkPanel({ href: linkOf(this.editor) });
              return true;
            },
          };
        },
      }),
    ],
    [],
  );

  const editor = useEditor({
    extensions,
    // The text so far: an editor Tiptap makes anew (see the effect below) goes on from it.
    content: html,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id: props.id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": props.labelId,
        ...(props.describedBy ? { "aria-describedby": props.describedBy } : {}),
        ...(props.invalid ? { "aria-invalid": "true" } : {}),
        class: `${props.className} min-h-40 rounded-t-none grid content-start gap-3 leading-relaxed focus:outline-2 focus:outline-offset-2 focus:outline-accent [&_a]:font-semibold [&_a]:text-accent [&_a]:underline [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-bold [&_h4]:text-lg [&_h4]:font-semibold [&_li>p]:my-0 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6`,
      },
    },
    onUpdate: ({ editor: current }) => setHtml(current.isEmpty ? "" : current.getHTML()),
  });

  // Takes over from the plain field what happened there after this editor was rendered: text typed since, and
  // the focus of an admin still typing, whose next keys then land here instead of nowhere. Tiptap may replace an
  // editor made during rendering with a new one once the page is idle: the first one alive takes the field.
  useLayoutEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const field = props.takeReplacedField();
    if (!field) return;
    if (field.html !== html) editor.commands.setContent(field.html, { emitUpdate: true });
    if (field.focused) {
      // At once, not on the next frame as Tiptap's `focus` command does: keys already on their way land here.
      editor.view.dispatch(editor.state.tr.setSelection(TextSelection.atEnd(editor.state.doc)));
      editor.view.focus();
    }
    // For each editor Tiptap makes, not for each change of the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  const openLinkPanel = () => {
    if (editor) setLinkPanel({ href: linkOf(editor) });
  };

  return (
    <div className="grid">
      <input type="hidden" name={props.name} value={html} />
      {editor && (
        <Toolbar editor={editor} onLink={openLinkPanel} linkOpen={linkPanel !== null} controls={linkInputId} />
      )}
      {editor && linkPanel && (
        <LinkPanel
          editor={editor}
          inputId={linkInputId}
          initial={linkPanel.href}
          onClose={() => {
            setLinkPanel(null);
            editor.commands.focus();
          }}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

/** The address of the link at the selection, "" when there is none. */
function linkOf(editor: Editor) {
  const href: unknown = editor.getAttributes("link").href;
  return typeof href === "string" ? href : "";
}

function Toolbar({
  editor,
  onLink,
  linkOpen,
  controls,
}: {
  editor: Editor;
  onLink: () => void;
  linkOpen: boolean;
  controls: string;
}) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      link: current.isActive("link"),
      heading: current.isActive("heading", { level: 3 }),
      subheading: current.isActive("heading", { level: 4 }),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
    }),
  });
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => () =>
    command(editor.chain().focus()).run();
  return (
    <div
      role="group"
      aria-label="Formatering"
      className="flex flex-wrap gap-1 rounded-t-xl border border-b-0 border-control-border bg-surface-sunken p-1.5"
    >
      <ToolButton label="Fed" keys="Control+B" pressed={active.bold} onClick={run((chain) => chain.toggleBold())}>
        <strong>Fed</strong>
      </ToolButton>
      <ToolButton
        label="Kursiv"
        keys="Control+I"
        pressed={active.italic}
        onClick={run((chain) => chain.toggleItalic())}
      >
        <em>Kursiv</em>
      </ToolButton>
      <ToolButton
        label="Link"
        keys="Control+K"
        pressed={active.link || linkOpen}
        onClick={onLink}
        controls={linkOpen ? controls : undefined}
      >
        <span className="underline underline-offset-2">Link</span>
      </ToolButton>
      <ToolButton
        label="Overskrift"
        pressed={active.heading}
        onClick={run((chain) => chain.toggleHeading({ level: 3 }))}
      >
        Overskrift
      </ToolButton>
      <ToolButton
        label="Underoverskrift"
        pressed={active.subheading}
        onClick={run((chain) => chain.toggleHeading({ level: 4 }))}
      >
        Underoverskrift
      </ToolButton>
      <ToolButton label="Punktliste" pressed={active.bulletList} onClick={run((chain) => chain.toggleBulletList())}>
        <span aria-hidden="true">• </span>Punktliste
      </ToolButton>
      <ToolButton
        label="Nummereret liste"
        pressed={active.orderedList}
        onClick={run((chain) => chain.toggleOrderedList())}
      >
        <span aria-hidden="true">1. </span>Nummereret liste
      </ToolButton>
    </div>
  );
}

function ToolButton({
  label,
  keys,
  pressed,
  onClick,
  controls,
  children,
}: {
  label: string;
  keys?: string;
  pressed: boolean;
  onClick: () => void;
  controls?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-keyshortcuts={keys}
      aria-controls={controls}
      title={keys ? `${label} (${keys.replace("Control", "Ctrl")})` : undefined}
      // Keeps the text selected while the pointer presses; the keyboard reaches the button by Tab as usual.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="min-h-11 min-w-11 rounded-lg px-3 text-sm text-ink hover:bg-surface-raised aria-pressed:bg-accent aria-pressed:text-accent-ink"
    >
      {children}
    </button>
  );
}

function LinkPanel({
  editor,
  inputId,
  initial,
  onClose,
}: {
  editor: Editor;
  inputId: string;
  initial: string;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const apply = () => {
    const href = linkAddress(value);
    const chain = editor.chain().focus().extendMarkRange("link");
    if (href === "") chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive("link"))
      chain.insertContent({ type: "text", text: value.trim(), marks: [{ type: "link", attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter would send the whole form; here it sets the link.
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <div className="grid gap-2 border border-b-0 border-control-border bg-surface-sunken p-3 sm:flex sm:items-end">
      <div className="grid flex-1 gap-1">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Linkets adresse
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="off"
          autoFocus
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder="https://… eller navn@eksempel.dk"
          className="w-full rounded-xl border border-control-border bg-surface-raised px-4 py-2.5 text-base text-ink"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={apply} className={buttonStyles.primary}>
          Gem link
        </button>
        {initial && (
          <button
            type="button"
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              onClose();
            }}
            className={buttonStyles.secondary}
          >
            Fjern link
          </button>
        )}
        <button type="button" onClick={onClose} className={buttonStyles.secondary}>
          Annullér
        </button>
      </div>
    </div>
  );
}
