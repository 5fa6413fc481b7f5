import { useEffect } from "react";
import { formatDuration } from "~/features/media/media";
import type { PlayerControls } from "./player-controls";

/** Lock-screen and media-key controls (the browser's Media Session). */
function useMediaSession({ current, state, toggle, next, previous, seek }: PlayerControls) {
  useEffect(() => {
    if (!current || typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: current.title,
      artist: current.artist,
      album: current.album,
      artwork: current.artwork ? [{ src: current.artwork }] : [],
    });
  }, [current]);
  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState = current ? (state.playing ? "playing" : "paused") : "none";
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => toggle()],
      ["pause", () => toggle()],
      ["nexttrack", () => next()],
      ["previoustrack", () => previous()],
      ["seekto", (details) => seek(details.seekTime ?? 0)],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // An action the browser does not know; the others still work.
      }
    }
  }, [current, state.playing, toggle, next, previous, seek]);
}

export default function PlayerBar({ controls }: { controls: PlayerControls }) {
  const { state, current } = controls;
  useMediaSession(controls);
  if (!current) return null;
  const hasNext = state.index + 1 < state.queue.length;
  const buttonClass =
    "grid size-10 place-items-center rounded-full text-ink hover:bg-surface-sunken disabled:opacity-40 disabled:hover:bg-transparent";
  return (
    <section
      aria-label="Musikafspiller"
      className="sticky bottom-0 z-40 border-t border-border bg-surface-raised/95 px-4 py-3 shadow-[0_-4px_20px_rgb(0_0_0/0.08)] backdrop-blur print:hidden"
      onKeyDown={(event) => {
        if (event.target instanceof HTMLInputElement) return;
        if (event.key === " " || event.key === "k") {
          event.preventDefault();
          controls.toggle();
        }
      }}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {current.artwork && (
            <img src={current.artwork} alt="" width={44} height={44} className="size-11 rounded-md object-cover" />
          )}
          <div className="min-w-0">
            <p className="truncate font-semibold" data-testid="player-title">
              {current.title}
            </p>
            <p className="truncate text-sm text-muted">
              {current.artist} · {current.album}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-1">
          <button type="button" className={buttonClass} onClick={controls.previous} aria-label="Forrige nummer">
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
              <path d="M6 5h2v14H6zM20 5v14L9 12z" />
            </svg>
          </button>
          <button
            type="button"
            className="grid size-12 place-items-center rounded-full bg-accent text-accent-ink"
            onClick={controls.toggle}
            aria-label={state.playing ? "Pause" : "Afspil"}
          >
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" fill="currentColor">
              {state.playing ? <path d="M6 5h4v14H6zM14 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
            </svg>
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={controls.next}
            disabled={!hasNext}
            aria-label="Næste nummer"
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
              <path d="M16 5h2v14h-2zM4 5v14l11-7z" />
            </svg>
          </button>
        </div>
        <div className="flex w-full items-center gap-3 text-sm text-muted tabular-nums sm:w-auto sm:flex-1">
          <span>{formatDuration(state.currentTime)}</span>
          <input
            type="range"
            min={0}
            max={Math.max(1, Math.floor(state.duration))}
            step={1}
            value={Math.floor(state.currentTime)}
            onChange={(event) => controls.seek(Number(event.currentTarget.value))}
            aria-label="Spoleposition"
            aria-valuetext={`${formatDuration(state.currentTime)} af ${formatDuration(state.duration)}`}
            className="h-2 flex-1 accent-[var(--color-accent)]"
          />
          <span>{formatDuration(state.duration)}</span>
        </div>
      </div>
    </section>
  );
}
