import { useEffect, useRef, useState } from "react";
import { CloseIcon, NextIcon, PreviousIcon } from "~/components/ui/icons";
import { StoredImage } from "~/components/ui/stored-image";
import type { getStockImages } from "../public.server";
import { DraftBadge } from "./album-list";

type GalleryImage = Awaited<ReturnType<typeof getStockImages>>[number];

/**
 * A responsive grid; each picture opens in a lightbox (a modal <dialog>: focus is kept inside, Escape
 * closes) with previous/next by buttons, arrow keys and swiping. Without JavaScript the links open the image.
 * `leadsThePage`: nothing above the gallery has a picture, so its first is the page's largest paint and the only
 * one fetched ahead of the rest; otherwise the page's own picture is, and every gallery picture waits its turn.
 */
export function Gallery({ images, leadsThePage }: { images: GalleryImage[]; leadsThePage: boolean }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (images.length === 0) return <p className="mt-10 text-muted">Der er ikke lagt billeder op endnu.</p>;
  return (
    <>
      <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
        {images.map((item, index) => (
          <li key={item.id}>
            <figure>
              <a
                href={`/storage/v1/object/public/${item.image.key}`}
                onClick={(event) => {
                  event.preventDefault();
                  setOpenIndex(index);
                }}
                className="block overflow-hidden rounded-xl"
                aria-label={`Vis ${item.title} i stor størrelse`}
              >
                <StoredImage
                  image={item.image}
                  sizes="(min-width: 768px) 22rem, 50vw"
                  alt={item.alt}
                  priority={leadsThePage && index === 0}
                  className="aspect-[3/2] w-full object-cover transition duration-300 hover:scale-105"
                />
              </a>
              <figcaption className="mt-2 text-sm">
                <span className="font-semibold">{item.title}</span>
                {!item.published && <DraftBadge />}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {openIndex !== null && (
        <Lightbox images={images} index={openIndex} onChange={setOpenIndex} onClose={() => setOpenIndex(null)} />
      )}
    </>
  );
}

function Lightbox({
  images,
  index,
  onChange,
  onClose,
}: {
  images: GalleryImage[];
  index: number;
  onChange(index: number): void;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeStart = useRef<number | null>(null);
  const item = images[index]!;
  const previous = () => onChange((index - 1 + images.length) % images.length);
  const next = () => onChange((index + 1) % images.length);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const navButton = "grid size-12 place-items-center rounded-full bg-white/15 text-white hover:bg-white/25";
  return (
    <dialog
      ref={dialog}
      aria-label={item.title}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") previous();
        if (event.key === "ArrowRight") next();
      }}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerUp={(event) => {
        if (swipeStart.current === null) return;
        const distance = event.clientX - swipeStart.current;
        swipeStart.current = null;
        if (Math.abs(distance) > 50) (distance > 0 ? previous : next)();
      }}
      className="m-0 size-full max-h-none max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80"
    >
      <div className="flex size-full flex-col">
        <div className="flex items-center justify-between gap-4 p-3">
          <p className="text-sm text-white/80" aria-live="polite">
            Billede {index + 1} af {images.length}
          </p>
          <button type="button" onClick={() => dialog.current?.close()} className={navButton} aria-label="Luk">
            <CloseIcon className="size-6" />
          </button>
        </div>
        <figure className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-3 pb-4 touch-pan-y">
          <StoredImage
            key={item.id}
            image={item.image}
            sizes="100vw"
            alt={item.alt}
            priority
            className="max-h-[75dvh] w-auto max-w-full object-contain"
          />
          <figcaption className="max-w-2xl text-center">
            <span className="font-semibold">{item.title}</span>
            <span className="block text-sm text-white/80">{item.text}</span>
          </figcaption>
        </figure>
        {images.length > 1 && (
          <div className="flex justify-center gap-4 pb-6">
            <button type="button" onClick={previous} className={navButton} aria-label="Forrige billede">
              <PreviousIcon className="size-6" />
            </button>
            <button type="button" onClick={next} className={navButton} aria-label="Næste billede">
              <NextIcon className="size-6" />
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
