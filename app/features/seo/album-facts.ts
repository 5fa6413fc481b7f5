import type { StoredImageRef } from "~/features/media/media";
import { publicFileUrl } from "~/features/storage/storage";
import type { AlbumFacts } from "./structured-data";

/** An album as the structured data needs it, with site paths for its cover and tracks. */
export function albumFacts(album: {
  id: string;
  title: string;
  artist: string;
  year: number;
  image: StoredImageRef;
  tracks: { title: string; durationSeconds: number | null; audio: string }[];
}): AlbumFacts {
  return {
    id: album.id,
    title: album.title,
    artist: album.artist,
    year: album.year,
    imageUrl: publicFileUrl(album.image.key),
    tracks: album.tracks.map((track) => ({
      title: track.title,
      durationSeconds: track.durationSeconds,
      audioUrl: publicFileUrl(track.audio),
    })),
  };
}
