import { useId, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { publicFileUrl } from "~/features/storage/storage";
import type { ChoosableImage } from "../library.server";
import { imageVariantKey, type StoredImageRef } from "../media";

/** An image in its smallest width (the library's tiles and the picker). */
export function Thumbnail({ image, className, alt = "" }: { image: StoredImageRef; className?: string; alt?: string }) {
  const width = image.widths[0] ?? image.width;
  const height = image.width > 0 ? Math.round((image.height * width) / image.width) : undefined;
  return (
    <img
      src={publicFileUrl(imageVariantKey(image, width, "webp"))}
      width={width}
      height={height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

/**
 * "Vælg fra biblioteket" (decision 020): a native modal <dialog> (focus kept inside, Escape closes) with the
 * library's ready images as buttons; choosing one sets the hidden `name` input to its id, shows the choice
 * and empties the field's file input (`fileInputId`), and the other way round. Shown once the page runs; the
 * file input works without JavaScript.
 */
export function LibraryPicker({
  name,
  fileInputId,
  images,
  altInputName,
}: {
  name: string;
  fileInputId: string;
  images: readonly ChoosableImage[];
  /** The form's alt text field (the gallery's), filled from the chosen image when it is empty. */
  altInputName?: string;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<ChoosableImage | null>(null);
  const titleId = useId();
  if (!hydrated) return null;

  const choose = (image: ChoosableImage, button: HTMLButtonElement) => {
    setChosen(image);
    const file = document.getElementById(fileInputId);
    if (file instanceof HTMLInputElement) {
      file.value = "";
      file.addEventListener("change", () => setChosen(null), { once: true });
    }
    const alt = altInputName ? button.form?.elements.namedItem(altInputName) : null;
    if (alt instanceof HTMLInputElement && alt.value.trim() === "" && image.alt) alt.value = image.alt;
    dialog.current?.close();
  };

  return (
    <div className="grid gap-2">
      <input type="hidden" name={name} value={chosen?.id ?? ""} />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => dialog.current?.showModal()}
          className="rounded-full border border-control-border bg-surface-raised px-4 py-2 text-sm font-semibold hover:border-accent"
        >
          Vælg fra biblioteket
        </button>
        {chosen && (
          <p className="flex min-w-0 items-center gap-2 text-sm" aria-live="polite">
            <Thumbnail image={chosen.image} className="h-10 w-14 rounded object-cover" />
            <span className="[overflow-wrap:anywhere]">
              Valgt: <strong>{chosen.originalName}</strong>
            </span>
            <button
              type="button"
              onClick={() => setChosen(null)}
              className="rounded-full px-2 py-1 text-sm text-accent underline-offset-4 hover:underline"
            >
              Fortryd
            </button>
          </p>
        )}
      </div>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto max-h-[90dvh] w-[min(56rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface-raised p-0 text-ink backdrop:bg-black/60"
      >
        <div className="sticky top-0 flex items-center justify-between gap-4 border-b border-border bg-surface-raised p-4">
          <h2 id={titleId} className="font-display text-xl font-bold">
            Vælg et billede
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-full border border-control-border px-4 py-2 text-sm font-semibold hover:border-accent"
          >
            Luk
          </button>
        </div>
        {images.length === 0 ? (
          <p className="p-4 text-muted">Biblioteket har ingen færdige billeder endnu. Upload et under Mine Billeder.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 md:grid-cols-4">
            {images.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={(event) => choose(image, event.currentTarget)}
                  aria-pressed={chosen?.id === image.id}
                  className="grid w-full gap-1 rounded-xl border border-border p-2 text-left text-sm hover:border-accent aria-pressed:border-accent aria-pressed:ring-2 aria-pressed:ring-accent"
                >
                  <Thumbnail image={image.image} className="aspect-[3/2] w-full rounded-lg object-cover" />
                  <span className="line-clamp-2 [overflow-wrap:anywhere]">{image.originalName}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </dialog>
    </div>
  );
}
