import { Link } from "react-router";
import { StoredImage } from "~/components/ui/stored-image";
import { formatDuration, imageVariantKey } from "~/features/media/media";
import { usePlayer } from "~/features/player/player";
import type { PlayerTrack } from "~/features/player/player-controls";
import { publicFileUrl } from "~/features/storage/storage";
import type { getAlbumsWithTracks } from "../public.server";
import { RichText } from "./rich-text";

/** An album as visitors' query reads it, with its tracks. */
type AlbumView = Awaited<ReturnType<typeof getAlbumsWithTracks>>[number];

function queueOf(album: AlbumView): PlayerTrack[] {
  const artwork = publicFileUrl(imageVariantKey(album.image, album.image.widths[0] ?? album.image.width, "webp"));
  return album.tracks.map((track) => ({
    id: track.id,
    title: track.title,
    artist: album.artist,
    album: album.title,
    src: publicFileUrl(track.audio),
    artwork,
  }));
}

/** The albums with their tracks; a track plays in the site-wide player, the rest of the album queued after it. */
export function AlbumList({ albums, linkTitles = false }: { albums: AlbumView[]; linkTitles?: boolean }) {
  const player = usePlayer();
  if (albums.length === 0) return <p className="mt-10 text-muted">Der er ikke lagt musik op endnu.</p>;
  return (
    <div className="mt-12 grid gap-14">
      {albums.map((album, albumIndex) => {
        const queue = queueOf(album);
        return (
          // Named by title, artist and year: two albums of one title stay two landmarks with names of their own.
          <section
            key={album.id}
            aria-labelledby={`album-${album.id} album-${album.id}-byline`}
            className="grid gap-6 md:grid-cols-[16rem_1fr] md:gap-10"
          >
            <StoredImage
              image={album.image}
              sizes="16rem"
              priority={albumIndex === 0}
              className="aspect-square w-full max-w-64 rounded-2xl object-cover shadow-lg"
            />
            <div>
              <h2 id={`album-${album.id}`} className="font-display text-3xl font-bold">
                {linkTitles ? (
                  <Link to={`/musik/${album.id}`} className="underline-offset-4 hover:underline">
                    {album.title}
                  </Link>
                ) : (
                  album.title
                )}
                {!album.published && <DraftBadge />}
              </h2>
              <p id={`album-${album.id}-byline`} className="mt-1 text-lg text-muted">
                {album.artist} · {album.year}
              </p>
              <ol className="mt-5 divide-y divide-border rounded-2xl border border-border bg-surface-raised">
                {album.tracks.map((track, index) => {
                  const isCurrent = player.current?.id === track.id;
                  const isPlaying = isCurrent && player.state.playing;
                  return (
                    <li key={track.id} className="flex items-center gap-3 px-3 py-2.5">
                      <button
                        type="button"
                        onClick={() => (isCurrent ? player.toggle() : player.playQueue(queue, index))}
                        className="grid size-10 shrink-0 place-items-center rounded-full bg-accent text-accent-ink hover:bg-accent-hover"
                        aria-label={`${isPlaying ? "Pause" : "Afspil"} ${track.title}`}
                        aria-pressed={isPlaying}
                      >
                        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
                          {isPlaying ? <path d="M6 5h4v14H6zM14 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
                        </svg>
                      </button>
                      <div className="min-w-0 flex-1">
                        <p className={`font-semibold ${isCurrent ? "text-accent" : ""}`}>
                          <span className="mr-2 text-muted tabular-nums">{index + 1}.</span>
                          {track.title}
                          {!track.published && <DraftBadge />}
                        </p>
                        {track.body.length > 0 && (
                          <div className="mt-0.5 grid gap-1.5 text-sm text-muted">
                            <RichText blocks={track.body} />
                          </div>
                        )}
                      </div>
                      <span className="text-sm text-muted tabular-nums">
                        {track.durationSeconds ? (
                          <time dateTime={`PT${Math.round(track.durationSeconds)}S`}>
                            {formatDuration(track.durationSeconds)}
                          </time>
                        ) : null}
                      </span>
                    </li>
                  );
                })}
              </ol>
            </div>
          </section>
        );
      })}
    </div>
  );
}

export function DraftBadge() {
  return (
    <span className="ml-2 inline-block rounded-full bg-amber-200 px-2 py-0.5 align-middle text-xs font-semibold text-amber-950">
      Kladde
    </span>
  );
}
