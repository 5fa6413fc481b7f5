import type { StoredImageRef } from "~/features/media/media";
import type { PublicSiteSettings } from "~/features/site/settings";
import { publicFileUrl } from "~/features/storage/storage";

/**
 * schema.org data for search engines (JSON-LD): the artist and its albums on /musik, the venue on Praktisk info,
 * the videos on /videoer. Plain objects; the route's meta puts them in a `script:ld+json` tag.
 */

/** An album as the structured data reads it: its cover and its tracks' sound files as stored. */
export interface AlbumFacts {
  id: string;
  title: string;
  artist: string;
  year: number;
  image: StoredImageRef;
  tracks: { title: string; durationSeconds: number | null; audio: string }[];
}

const isoDuration = (seconds: number | null) =>
  seconds ? `PT${Math.floor(seconds / 60)}M${Math.round(seconds % 60)}S` : undefined;

export function musicGroupData(publicUrl: string, siteName: string, albums: AlbumFacts[]) {
  const artists = [...new Set(albums.map((album) => album.artist))];
  return {
    "@context": "https://schema.org",
    "@graph": artists.map((artist) => ({
      "@type": "MusicGroup",
      name: artist,
      url: `${publicUrl}/musik`,
      album: albums
        .filter((album) => album.artist === artist)
        .map((album) => ({
          "@type": "MusicAlbum",
          name: album.title,
          url: `${publicUrl}/musik/${album.id}`,
          datePublished: String(album.year),
          image: `${publicUrl}${publicFileUrl(album.image.key)}`,
          byArtist: { "@type": "MusicGroup", name: artist },
          publisher: { "@type": "Organization", name: siteName },
          numTracks: album.tracks.length,
          track: album.tracks.map((track, index) => ({
            "@type": "MusicRecording",
            name: track.title,
            position: index + 1,
            duration: isoDuration(track.durationSeconds),
            audio: { "@type": "AudioObject", contentUrl: `${publicUrl}${publicFileUrl(track.audio)}` },
          })),
        })),
    })),
  };
}

export function organizationData(publicUrl: string, venue: PublicSiteSettings) {
  return {
    "@context": "https://schema.org",
    "@type": ["Organization", "MusicVenue"],
    name: venue.siteName,
    legalName: venue.businessName,
    url: publicUrl,
    email: venue.email,
    telephone: venue.phone,
    vatID: `DK${venue.cvr}`,
    address: postalAddress(venue),
  };
}

/** The venue's address as schema.org writes one: for the venue itself and for the place of each concert. */
export function postalAddress(venue: PublicSiteSettings) {
  return {
    "@type": "PostalAddress",
    streetAddress: venue.streetAddress,
    postalCode: venue.postalCode,
    addressLocality: venue.city,
    addressCountry: "DK",
  };
}

export function videoData(videos: { title: string; videoId: string; uploadDate: Date }[]) {
  return {
    "@context": "https://schema.org",
    "@graph": videos.map((video) => ({
      "@type": "VideoObject",
      name: video.title,
      description: video.title,
      uploadDate: video.uploadDate.toISOString(),
      embedUrl: `https://www.youtube-nocookie.com/embed/${video.videoId}`,
      contentUrl: `https://www.youtube.com/watch?v=${video.videoId}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${video.videoId}/hqdefault.jpg`,
    })),
  };
}

/** Canonical address and the Open Graph / Twitter card of a page. `image` is a site path of a picture. */
export function socialMeta({
  publicUrl,
  path,
  title,
  description,
  image,
  type = "website",
}: {
  publicUrl: string;
  path: string;
  title: string;
  description: string;
  image?: string;
  type?: string;
}) {
  const url = `${publicUrl}${path}`;
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: "da_DK" },
    ...(image ? [{ property: "og:image", content: `${publicUrl}${image}` }] : []),
    ...(image?.endsWith(".og.jpg")
      ? [
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
