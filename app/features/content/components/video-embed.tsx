import { useState } from "react";

/**
 * A privacy-friendly YouTube embed: until the visitor presses play, nothing is fetched from YouTube (no
 * thumbnail, no script, no cookie). Then the youtube-nocookie player loads and starts.
 */
export function VideoEmbed({ videoId, title }: { videoId: string; title: string }) {
  const [active, setActive] = useState(false);
  if (active) {
    return (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full rounded-2xl border-0 bg-black"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setActive(true)}
      className="group relative grid aspect-video w-full place-items-center overflow-hidden rounded-2xl bg-gradient-to-br from-slate-800 via-slate-900 to-black text-white"
    >
      {/* The name begins with what the button does and ends with its visible text (WCAG 2.5.3, label in name). */}
      <span className="sr-only">Afspil video: {title}. </span>
      <span
        aria-hidden="true"
        className="grid size-20 place-items-center rounded-full bg-red-600 shadow-xl transition group-hover:scale-110 group-focus-visible:scale-110"
      >
        <svg viewBox="0 0 24 24" className="ml-1 size-9" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pt-10 pb-3 text-left text-sm">
        Videoen hentes fra YouTube, når du trykker afspil.
      </span>
    </button>
  );
}
