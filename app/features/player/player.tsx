import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { PlayerControls, PlayerState, PlayerTrack } from "./player-controls";

// The bar, its controls and the Media Session load with the first track played, not with every page.
const PlayerBar = lazy(() => import("./player-bar"));

const PlayerContext = createContext<PlayerControls | null>(null);

export function usePlayer() {
  const player = useContext(PlayerContext);
  if (!player) throw new Error("usePlayer() outside <PlayerProvider>");
  return player;
}

/**
 * The site-wide audio player. It lives in the root layout, above the routes, so the <audio> element and
 * what it plays survive client-side navigation from page to page.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PlayerState>({ queue: [], index: 0, playing: false, currentTime: 0, duration: 0 });
  const current = state.queue[state.index] ?? null;

  const load = useCallback((queue: PlayerTrack[], index: number) => {
    const element = audio.current;
    const track = queue[index];
    if (!element || !track) return;
    setState((previous) => ({ ...previous, queue, index, currentTime: 0, duration: 0 }));
    element.src = track.src;
    void element.play().catch(() => setState((previous) => ({ ...previous, playing: false })));
  }, []);

  const controls = useMemo<PlayerControls>(
    () => ({
      state,
      current,
      playQueue: load,
      toggle() {
        const element = audio.current;
        if (!element || !current) return;
        if (element.paused) void element.play().catch(() => undefined);
        else element.pause();
      },
      next() {
        if (state.index + 1 < state.queue.length) load(state.queue, state.index + 1);
      },
      previous() {
        const element = audio.current;
        // Like every music player: back to the start first, to the previous track when already there.
        if (element && element.currentTime > 3) element.currentTime = 0;
        else if (state.index > 0) load(state.queue, state.index - 1);
      },
      seek(seconds) {
        const element = audio.current;
        if (element && Number.isFinite(seconds))
          element.currentTime = Math.max(0, Math.min(seconds, element.duration || seconds));
      },
    }),
    [state, current, load],
  );

  return (
    <PlayerContext.Provider value={controls}>
      {children}
      <audio
        ref={audio}
        preload="none"
        data-testid="site-audio"
        onPlay={() => setState((previous) => ({ ...previous, playing: true }))}
        onPause={() => setState((previous) => ({ ...previous, playing: false }))}
        onTimeUpdate={(event) => {
          const time = event.currentTarget.currentTime;
          setState((previous) =>
            Math.floor(previous.currentTime) === Math.floor(time) ? previous : { ...previous, currentTime: time },
          );
        }}
        onDurationChange={(event) => {
          const duration = event.currentTarget.duration;
          setState((previous) => ({ ...previous, duration: Number.isFinite(duration) ? duration : 0 }));
        }}
        onEnded={() => controls.next()}
      />
      {current && (
        <Suspense fallback={null}>
          <PlayerBar controls={controls} />
        </Suspense>
      )}
    </PlayerContext.Provider>
  );
}
