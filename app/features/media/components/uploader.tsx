import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonStyles } from "~/components/ui/button-link";
import { useHydrated } from "~/components/ui/use-hydrated";
import { IMAGE_MAX_BYTES, uploadMessages } from "../media";

/** How many files are sent at once. */
const PARALLEL_UPLOADS = 2;

interface UploadItem {
  key: number;
  name: string;
  /** 0–100. */
  progress: number;
  state: UploadState;
  error?: string;
}

const stateWords = {
  waiting: "Venter …",
  uploading: "Sender …",
  done: "Sendt. Billedet behandles.",
  failed: "Fejlede",
};
type UploadState = keyof typeof stateWords;

const tooLarge = `${uploadMessages.uploadFailed}: Billedet må højst fylde 15 MB.`;

/** The reason an upload answer gives, in Danish; the spec's message when it gives none. */
function refusalOf(request: XMLHttpRequest) {
  try {
    const body = JSON.parse(request.responseText) as { error?: unknown };
    if (typeof body.error === "string" && body.error) return body.error;
  } catch {
    // Not JSON (a proxy's page): the general message below.
  }
  return request.status === 413 ? tooLarge : uploadMessages.uploadFailed;
}

/**
 * The library's bulk upload (decision 020): a drop zone and a file picker (`multiple`, `accept="image/*"`: the
 * photo library on a phone). Each file is its own request (XMLHttpRequest, for its progress), two at a time,
 * each with its own progress bar and its own Danish error. Without JavaScript the same form sends one file.
 */
export function Uploader({ action }: { action: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(0);
  const nextKey = useRef(1);
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  const update = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Starts waiting uploads while fewer than PARALLEL_UPLOADS run; each that ends starts the next.
  const pump = useRef(() => undefined as void);
  useEffect(() => {
    pump.current = () => {
      while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
        const { key, file } = queue.current.shift()!;
        running.current += 1;
        update(key, { state: "uploading" });
        const request = new XMLHttpRequest();
        const finish = (change: Partial<UploadItem>) => {
          running.current -= 1;
          update(key, change);
          void revalidator.revalidate();
          pump.current();
        };
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) update(key, { progress: Math.round((event.loaded / event.total) * 100) });
        };
        request.onload = () =>
          finish(
            request.status === 202
              ? { state: "done", progress: 100 }
              : { state: "failed", progress: 100, error: refusalOf(request) },
          );
        request.onerror = () =>
          finish({ state: "failed", error: `${uploadMessages.uploadFailed}: Forbindelsen blev afbrudt. Prøv igen.` });
        request.open("POST", action);
        request.setRequestHeader("Accept", "application/json");
        const body = new FormData();
        body.append("file", file);
        request.send(body);
      }
    };
  }, [action, revalidator, update]);

  const add = (input: HTMLInputElement | DataTransfer) => {
    const added = Array.from(input.files ?? [], (file): UploadItem => {
      const key = nextKey.current++;
      if (file.size > IMAGE_MAX_BYTES) return { key, name: file.name, progress: 0, state: "failed", error: tooLarge };
      queue.current.push({ key, file });
      return { key, name: file.name, progress: 0, state: "waiting" };
    });
    if (input instanceof HTMLInputElement) input.value = "";
    if (!added.length) return;
    setItems((current) => [...added, ...current]);
    // The list shows the new items before the first progress event comes.
    queueMicrotask(() => pump.current());
  };

  useEffect(() => () => void (queue.current = []), []);

  return (
    <div className="grid gap-4">
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem("file");
          if (input instanceof HTMLInputElement) add(input);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer);
        }}
        className={`grid gap-3 rounded-2xl border-2 border-dashed p-5 sm:p-8 ${
          dragging ? "border-accent bg-surface-sunken" : "border-control-border"
        }`}
      >
        <label htmlFor={inputId} className="font-semibold">
          {hydrated ? "Vælg billeder, eller træk dem herind" : "Vælg et billede"}
        </label>
        <input
          id={inputId}
          name="file"
          type="file"
          accept="image/*"
          multiple={hydrated}
          aria-describedby={hintId}
          onChange={(event) => hydrated && add(event.currentTarget)}
          className={
            hydrated
              ? "peer sr-only"
              : "max-w-full text-sm file:mr-4 file:rounded-full file:border file:border-control-border file:bg-surface-raised file:px-4 file:py-2 file:text-ink"
          }
        />
        {hydrated && (
          // The browser's own file button speaks the browser's language and says "no file chosen"; this one is ours.
          <label
            htmlFor={inputId}
            aria-hidden="true"
            className={`${buttonStyles.primary} w-fit cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-(--focus)`}
          >
            Vælg billeder
          </label>
        )}
        <p id={hintId} className="text-sm text-muted">
          JPEG, PNG, WebP, GIF, AVIF eller HEIC, højst 15 MB hver. Placering og kameraoplysninger fjernes.
        </p>
        {!hydrated && (
          <div>
            <button type="submit" className={buttonStyles.primary}>
              Upload
            </button>
          </div>
        )}
      </form>
      {items.length > 0 && (
        <ul className="grid gap-3" aria-label="Uploads">
          {items.map((item) => {
            const progressId = `${inputId}-progress-${item.key}`;
            return (
              <li key={item.key} className="grid gap-1.5 rounded-xl border border-border bg-surface-raised p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <label htmlFor={progressId} className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                    {item.name}
                  </label>
                  <span className="text-muted" aria-live="polite">
                    {stateWords[item.state]}
                  </span>
                </div>
                <progress
                  id={progressId}
                  max={100}
                  value={item.progress}
                  className={`h-2 w-full ${item.state === "failed" ? "accent-red-700 dark:accent-red-400" : "accent-accent"}`}
                >
                  {item.progress} %
                </progress>
                {item.error && (
                  <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                    {item.error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
