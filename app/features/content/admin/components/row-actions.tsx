import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm-step";
import { useRef, useState, type ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import type { ActionAnswer } from "~/lib/form";
import type { RowFormIntent } from "../forms";

/** On a page with two lists, the row forms of the second (an album's tracks) say so. */
type RowList = "records" | "children";

function ListField({ list }: { list?: RowList }) {
  return list && list !== "records" ? <input type="hidden" name="list" value={list} /> : null;
}

const smallButton =
  "inline-flex items-center gap-1 rounded-full border border-control-border px-3 py-1 text-sm font-medium hover:border-accent disabled:cursor-not-allowed disabled:opacity-40";

/** A one-button form posting an intent about one row (publish, move …). */
export function RowIntent({
  intent,
  id,
  list,
  label,
  extra,
  disabled,
  children,
}: {
  intent: RowFormIntent;
  id: string;
  list?: RowList;
  label: string;
  extra?: Record<string, string>;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="id" value={id} />
      <ListField list={list} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={disabled}
        className={smallButton}
        aria-label={label}
        title={label}
      >
        {children ?? label}
      </button>
    </Form>
  );
}

/** Delete, asked once more (`ConfirmStep`): "Slet" opens the question, "Ja, slet" deletes. */
export function DeleteButton({ id, what, list }: { id: string; what: string; list?: RowList }) {
  return (
    <ConfirmStep
      summary="Slet"
      summaryClassName={`${smallButton} text-red-700 dark:text-red-300`}
      label={`Bekræft sletning af ${what}`}
      question={`Vil du slette ${what}? Det kan ikke fortrydes.`}
    >
      <Form method="post" className="flex gap-2">
        <input type="hidden" name="id" value={id} />
        <ListField list={list} />
        <ConfirmButton name="intent" value="delete">
          Ja, slet
        </ConfirmButton>
      </Form>
    </ConfirmStep>
  );
}

/**
 * Drag and drop for a list in manual order: rows are draggable by their handle, and the new order is
 * saved with one request. The "Flyt op/ned" buttons are the keyboard (and no-JavaScript) alternative.
 */
export function useDragOrder<Row extends { id: string }>(rows: Row[], list: RowList = "records") {
  const ids = rows.map((row) => row.id);
  const fetcher = useFetcher<ActionAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [order, setOrder] = useState<string[] | null>(null);
  const dragged = useRef<string | null>(null);
  const current = order && order.length === ids.length && order.every((id) => ids.includes(id)) ? order : ids;

  const rowProps = (id: string) => ({
    draggable: true,
    onDragStart: (event: React.DragEvent) => {
      dragged.current = id;
      event.dataTransfer.effectAllowed = "move";
    },
    onDragOver: (event: React.DragEvent) => {
      if (!dragged.current || dragged.current === id) return;
      event.preventDefault();
      const next = current.filter((candidate) => candidate !== dragged.current);
      next.splice(
        next.indexOf(id) + (current.indexOf(dragged.current) < current.indexOf(id) ? 1 : 0),
        0,
        dragged.current,
      );
      setOrder(next);
    },
    onDrop: (event: React.DragEvent) => event.preventDefault(),
    onDragEnd: () => {
      dragged.current = null;
      if (current.join() !== ids.join())
        void fetcher.submit({ intent: "reorder", ids: current.join(","), list }, { method: "post" });
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { ordered: current.map((id) => byId.get(id)!), rowProps };
}

export function DragHandle() {
  return (
    <span
      className="cursor-grab text-muted select-none active:cursor-grabbing"
      aria-hidden="true"
      title="Træk for at flytte"
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="currentColor">
        <circle cx="9" cy="6" r="1.5" />
        <circle cx="15" cy="6" r="1.5" />
        <circle cx="9" cy="12" r="1.5" />
        <circle cx="15" cy="12" r="1.5" />
        <circle cx="9" cy="18" r="1.5" />
        <circle cx="15" cy="18" r="1.5" />
      </svg>
    </span>
  );
}

/**
 * A row's buttons: "Flyt op/ned" in a list in manual order, then `children`, publish or hide, copy where the type
 * allows it, and delete.
 */
export function RowButtons({
  record: { id, title, published },
  index,
  count,
  list,
  movable,
  duplicable,
  className = "flex flex-wrap items-center gap-2",
  children,
}: {
  record: { id: string; title: string; published: boolean };
  index: number;
  count: number;
  list?: RowList;
  movable: boolean;
  duplicable?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const moves = [
    { direction: "up", word: "op", arrow: "↑", disabled: index === 0 },
    { direction: "down", word: "ned", arrow: "↓", disabled: index === count - 1 },
  ];
  const toggle = published ? "Skjul" : "Publicer";
  return (
    <div className={className}>
      {movable &&
        moves.map(({ direction, word, arrow, disabled }) => (
          <RowIntent
            key={direction}
            intent="move"
            id={id}
            list={list}
            label={`Flyt ${title} ${word}`}
            extra={{ direction }}
            disabled={disabled}
          >
            {arrow}
            <span className="sr-only">Flyt {word}</span>
          </RowIntent>
        ))}
      {children}
      <RowIntent intent={published ? "unpublish" : "publish"} list={list} id={id} label={`${toggle} ${title}`}>
        {toggle}
      </RowIntent>
      {duplicable && (
        <RowIntent intent="duplicate" id={id} label={`Kopiér ${title}`}>
          Kopiér
        </RowIntent>
      )}
      <DeleteButton id={id} what={`“${title}”`} list={list} />
    </div>
  );
}

export function StatusBadge({ published }: { published: boolean }) {
  const tone = published
    ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
    : "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50";
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {published ? "Publiceret" : "Kladde"}
    </span>
  );
}
