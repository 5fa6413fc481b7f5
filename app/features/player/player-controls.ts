/** What the site-wide player (player.tsx) offers the pages and its bar (player-bar.tsx). */
export interface PlayerTrack {
  id: string;
  title: string;
  artist: string;
  album: string;
  src: string;
  artwork?: string;
}

export interface PlayerState {
  queue: PlayerTrack[];
  index: number;
  playing: boolean;
  currentTime: number;
  duration: number;
}

export interface PlayerControls {
  state: PlayerState;
  current: PlayerTrack | null;
  /** Starts playing `queue` from `index` (an album's tracks, say). */
  playQueue(queue: PlayerTrack[], index: number): void;
  toggle(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
}
